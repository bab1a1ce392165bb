// Verifier rules of the xnn dialect (IRDL level and the C verifier), one
// case each. Every case sits in a delegate function, where xnn ops are legal.
// RUN: xnn-opt %s --split-input-file --verify-diagnostics

func.func private @transpose_not_perm(%x: tensor<2x3xf32>) -> tensor<3x2xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_transpose' op attribute 'perm' is not a permutation: dimension 1 appears twice}}
  %0 = "xnn.static_transpose"(%x) {perm = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func private @transpose_negative(%x: tensor<2x3xf32>) -> tensor<3x2xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_transpose' op attribute 'perm' entry -1 must be non-negative}}
  %0 = "xnn.static_transpose"(%x) {perm = array<i64: -1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func private @transpose_result(%x: tensor<2x3xf32>) -> tensor<2x3xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_transpose' op result shape 2x3 does not match the permuted shape 3x2}}
  %0 = "xnn.static_transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func private @convert_shape(%x: tensor<2x3xf32>) -> tensor<6xf16> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op result shape 6 does not match the input shape 2x3}}
  %0 = "xnn.convert"(%x) : (tensor<2x3xf32>) -> tensor<6xf16>
  return %0 : tensor<6xf16>
}

// -----

func.func private @integer_tensor(%x: tensor<4xi32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op operand #0 ('input') has element type 'i32', expected one of f32, f16, bf16}}
  %0 = "xnn.convert"(%x) : (tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @rank_above_6(%x: tensor<1x1x1x1x1x1x2xf32>) -> tensor<2xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.copy' op operand #0 ('input') has rank 7, more than the supported 6}}
  %0 = "xnn.copy"(%x) : (tensor<1x1x1x1x1x1x2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func private @constant_type() -> tensor<4xf16> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.constant' op attribute 'value' type 'tensor<4xf32>' must equal the output type 'tensor<4xf16>' (or hold its shape in bf16 or f16 for an f32 output)}}
  %0 = "xnn.constant"() {value = dense<1.0> : tensor<4xf32>} : () -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func private @constant_widened_shape() -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.constant' op attribute 'value' type 'tensor<2x2xbf16>' must equal the output type 'tensor<4xf32>'}}
  %0 = "xnn.constant"() {value = dense<1.0> : tensor<2x2xbf16>} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @binary_kind(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.binary' op attribute 'kind' has invalid value "plus", expected one of "add", "subtract"}}
  %0 = "xnn.binary"(%a, %b) {kind = "plus"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @binary_kind_missing(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{attribute "kind" is expected but not provided}}
  %0 = "xnn.binary"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @binary_broadcast(%a: tensor<2x4xf32>, %b: tensor<3xf32>) -> tensor<2x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.binary' op input shapes 2x4 and 3 are not broadcast-compatible}}
  %0 = "xnn.binary"(%a, %b) {kind = "multiply"} : (tensor<2x4xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func private @binary_result(%a: tensor<2x1xf32>, %b: tensor<3xf32>) -> tensor<2x1xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.binary' op result shape 2x1 does not match the broadcast shape 2x3}}
  %0 = "xnn.binary"(%a, %b) {kind = "add"} : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

func.func private @binary_elements(%a: tensor<4xf32>, %b: tensor<4xbf16>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.binary' op input2 element type 'bf16' must match input1 element type 'f32'}}
  %0 = "xnn.binary"(%a, %b) {kind = "add"} : (tensor<4xf32>, tensor<4xbf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @binary_clamp_order(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.binary' op output_min (1) must be less than output_max (1)}}
  %0 = "xnn.binary"(%a, %b) {kind = "add", output_min = 1.0 : f64, output_max = 1.0 : f64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @binary_clamp_kind(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.binary' op attribute 'output_min' must be a 64-bit float, e.g. 1.0 : f64, got 0 : i64}}
  %0 = "xnn.binary"(%a, %b) {kind = "add", output_min = 0 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @unary_kind(%x: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.unary' op attribute 'kind' has invalid value "relu6"}}
  %0 = "xnn.unary"(%x) {kind = "relu6"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @unary_convert(%x: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.unary' op kind "convert" is not a xnn.unary kind: dtype conversion is expressed as xnn.convert}}
  %0 = "xnn.unary"(%x) {kind = "convert"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @unary_clamp_missing(%x: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.unary' op kind "clamp" requires f64 attributes 'min' and 'max'}}
  %0 = "xnn.unary"(%x) {kind = "clamp", min = 0.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @unary_clamp_order(%x: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.unary' op clamp min (2) must not be greater than max (1)}}
  %0 = "xnn.unary"(%x) {kind = "clamp", min = 2.0 : f64, max = 1.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @unary_param_kind(%x: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.unary' op attribute 'alpha' is only valid for kind "elu", not "sigmoid"}}
  %0 = "xnn.unary"(%x) {kind = "sigmoid", alpha = 1.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @unary_approximate(%x: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.unary' op attribute 'approximate' has invalid value "fast", expected one of "none", "tanh"}}
  %0 = "xnn.unary"(%x) {kind = "gelu", approximate = "fast"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @unary_type(%x: tensor<4xf32>) -> tensor<4xf16> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.unary' op output type 'tensor<4xf16>' must equal the input type 'tensor<4xf32>'}}
  %0 = "xnn.unary"(%x) {kind = "abs"} : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func private @fc_channels(%x: tensor<2x6xf32>, %w: tensor<3x5xf32>) -> tensor<2x3xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.fully_connected' op input channels mismatch: input last dim 6 vs filter dim 1 5}}
  %0 = "xnn.fully_connected"(%x, %w) : (tensor<2x6xf32>, tensor<3x5xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func private @fc_bias(%x: tensor<2x6xf32>, %w: tensor<3x6xf32>, %b: tensor<6xf32>) -> tensor<2x3xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.fully_connected' op bias must have shape 3 (output channels), got 6}}
  %0 = "xnn.fully_connected"(%x, %w, %b) : (tensor<2x6xf32>, tensor<3x6xf32>, tensor<6xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func private @fc_result(%x: tensor<2x6xf32>, %w: tensor<3x6xf32>) -> tensor<2x6xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.fully_connected' op result shape 2x6 does not match the fully connected shape 2x3}}
  %0 = "xnn.fully_connected"(%x, %w) : (tensor<2x6xf32>, tensor<3x6xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

func.func private @fc_transpose_kind(%x: tensor<2x6xf32>, %w: tensor<3x6xf32>) -> tensor<2x3xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.fully_connected' op attribute 'transpose_weights' must be a bool (true or false), got unit}}
  %0 = "xnn.fully_connected"(%x, %w) {transpose_weights = unit} : (tensor<2x6xf32>, tensor<3x6xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func private @conv_channels(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x6x6x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convolution_2d' op input channels 3 must equal groups * group_input_channels = 2}}
  %0 = "xnn.convolution_2d"(%x, %w) {dilation = array<i64: 1, 1>, group_input_channels = 2 : i64, group_output_channels = 4 : i64, groups = 1 : i64, kernel = array<i64: 3, 3>, padding = array<i64: 0, 0, 0, 0>, subsampling = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func private @conv_filter(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x6x6x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convolution_2d' op filter shape 4x3x3x3 must be [groups * group_output_channels, kernel_h, kernel_w, group_input_channels] = 4x2x2x3}}
  %0 = "xnn.convolution_2d"(%x, %w) {dilation = array<i64: 1, 1>, group_input_channels = 3 : i64, group_output_channels = 4 : i64, groups = 1 : i64, kernel = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, subsampling = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func private @conv_padding_size(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x6x6x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convolution_2d' op attribute 'padding' must have 4 elements, got 2: array<i64: 0, 0>}}
  %0 = "xnn.convolution_2d"(%x, %w) {dilation = array<i64: 1, 1>, group_input_channels = 3 : i64, group_output_channels = 4 : i64, groups = 1 : i64, kernel = array<i64: 3, 3>, padding = array<i64: 0, 0>, subsampling = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func private @conv_output(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x6x6x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convolution_2d' op result shape 1x6x6x4 does not match the convolution output shape 1x8x8x4}}
  %0 = "xnn.convolution_2d"(%x, %w) {dilation = array<i64: 1, 1>, group_input_channels = 3 : i64, group_output_channels = 4 : i64, groups = 1 : i64, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1, 1, 1>, subsampling = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func private @conv_groups(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x6x6x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convolution_2d' op groups must be >= 1, got 0}}
  %0 = "xnn.convolution_2d"(%x, %w) {dilation = array<i64: 1, 1>, group_input_channels = 3 : i64, group_output_channels = 4 : i64, groups = 0 : i64, kernel = array<i64: 3, 3>, padding = array<i64: 0, 0, 0, 0>, subsampling = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

// -----

func.func private @pool_1x1(%x: tensor<1x8x8x3xf32>) -> tensor<1x8x8x3xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.max_pooling_2d' op 1x1 max pooling is not supported by XNNPACK (use xnn.copy, or a strided 1x1 xnn.average_pooling_2d)}}
  %0 = "xnn.max_pooling_2d"(%x) {dilation = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, pooling = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>) -> tensor<1x8x8x3xf32>
  return %0 : tensor<1x8x8x3xf32>
}

// -----

func.func private @avg_pool_1x1_unit_stride(%x: tensor<1x8x8x3xf32>) -> tensor<1x8x8x3xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.average_pooling_2d' op 1x1 pooling with unit stride is not supported by XNNPACK (use xnn.copy)}}
  %0 = "xnn.average_pooling_2d"(%x) {padding = array<i64: 0, 0, 0, 0>, pooling = array<i64: 1, 1>, stride = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>) -> tensor<1x8x8x3xf32>
  return %0 : tensor<1x8x8x3xf32>
}

// -----

func.func private @pool_output(%x: tensor<1x8x8x3xf32>) -> tensor<1x4x4x3xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.average_pooling_2d' op result shape 1x4x4x3 does not match the pooling output shape 1x3x3x3}}
  %0 = "xnn.average_pooling_2d"(%x) {padding = array<i64: 0, 0, 0, 0>, pooling = array<i64: 3, 3>, stride = array<i64: 2, 2>} : (tensor<1x8x8x3xf32>) -> tensor<1x4x4x3xf32>
  return %0 : tensor<1x4x4x3xf32>
}

// -----

func.func private @pool_rank(%x: tensor<8x8x3xf32>) -> tensor<4x4x3xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.max_pooling_2d' op input must be NHWC (rank 4), got rank 3}}
  %0 = "xnn.max_pooling_2d"(%x) {dilation = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, pooling = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<8x8x3xf32>) -> tensor<4x4x3xf32>
  return %0 : tensor<4x4x3xf32>
}

// -----

func.func private @reduce_kind(%x: tensor<2x3xf32>) -> tensor<2xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_reduce' op attribute 'kind' has invalid value "max", expected one of "mean", "sum"}}
  %0 = "xnn.static_reduce"(%x) {axes = array<i64: 1>, keep_dims = false, kind = "max"} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func private @reduce_axes_empty(%x: tensor<2x3xf32>) -> tensor<2x3xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_reduce' op attribute 'axes' must not be empty}}
  %0 = "xnn.static_reduce"(%x) {axes = array<i64>, keep_dims = false, kind = "sum"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func private @reduce_axis_range(%x: tensor<2x3xf32>) -> tensor<2xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_reduce' op axis 2 is out of range [-2, 1] for rank 2}}
  %0 = "xnn.static_reduce"(%x) {axes = array<i64: 2>, keep_dims = false, kind = "sum"} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func private @reduce_keep_dims(%x: tensor<2x3xf32>) -> tensor<2xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_reduce' op result shape 2 does not match the reduced (keep_dims = true) shape 2x1}}
  %0 = "xnn.static_reduce"(%x) {axes = array<i64: 1>, keep_dims = true, kind = "mean"} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func private @reshape_count(%x: tensor<2x3xf32>) -> tensor<5xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_reshape' op output shape 5 must have as many elements as the input shape 2x3}}
  %0 = "xnn.static_reshape"(%x) : (tensor<2x3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func private @reshape_new_shape(%x: tensor<2x3xf32>) -> tensor<6xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_reshape' op attribute 'new_shape' 3x2 must equal the output shape 6}}
  %0 = "xnn.static_reshape"(%x) {new_shape = array<i64: 3, 2>} : (tensor<2x3xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func private @concat_one_input(%a: tensor<2x3xf32>) -> tensor<2x3xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.concatenate' op expects 2 to 5 operands, got 1}}
  %0 = "xnn.concatenate"(%a) {axis = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func private @concat_six_inputs(%a: tensor<1x3xf32>) -> tensor<6x3xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.concatenate' op expects 2 to 5 operands, got 6}}
  %0 = "xnn.concatenate"(%a, %a, %a, %a, %a, %a) {axis = 0 : i64} : (tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// -----

func.func private @concat_no_axis(%a: tensor<2xf32>, %b: tensor<3xf32>, %c: tensor<4xf32>) -> tensor<9xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.concatenate' op attribute "axis" is expected but not provided}}
  %0 = "xnn.concatenate"(%a, %b, %c) : (tensor<2xf32>, tensor<3xf32>, tensor<4xf32>) -> tensor<9xf32>
  return %0 : tensor<9xf32>
}

// -----

func.func private @concat_unranked(%a: tensor<2xf32>, %b: tensor<*xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.concatenate' op operand #1 must be a ranked tensor}}
  %0 = "xnn.concatenate"(%a, %b) {axis = 0 : i64} : (tensor<2xf32>, tensor<*xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @concat_dims(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<4x3xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.concatenate' op operand #1 dim 1 is 4, expected 3 (only axis 0 may differ)}}
  %0 = "xnn.concatenate"(%a, %b) {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func private @concat_result(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<2x8xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.concatenate' op result shape 2x8 does not match the concatenated shape 2x7}}
  %0 = "xnn.concatenate"(%a, %b) {axis = -1 : i64} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func private @slice_bounds(%x: tensor<4x4xf32>) -> tensor<2x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_slice' op slice [3, 3 + 2) exceeds input dim 0 of size 4}}
  %0 = "xnn.static_slice"(%x) {offsets = array<i64: 3, 0>, sizes = array<i64: 2, 4>} : (tensor<4x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func private @slice_rank(%x: tensor<4x4xf32>) -> tensor<2x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_slice' op attributes 'offsets' and 'sizes' must have one entry per input dimension (2), got 1 and 1}}
  %0 = "xnn.static_slice"(%x) {offsets = array<i64: 0>, sizes = array<i64: 2>} : (tensor<4x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func private @slice_sizes(%x: tensor<4x4xf32>) -> tensor<2x3xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_slice' op result shape 2x3 does not match the 'sizes' shape 2x4}}
  %0 = "xnn.static_slice"(%x) {offsets = array<i64: 0, 0>, sizes = array<i64: 2, 4>} : (tensor<4x4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func private @slice_zero_size(%x: tensor<4x4xf32>) -> tensor<0x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_slice' op attribute 'sizes' element #0 is 0, must be >= 1}}
  %0 = "xnn.static_slice"(%x) {offsets = array<i64: 0, 0>, sizes = array<i64: 0, 4>} : (tensor<4x4xf32>) -> tensor<0x4xf32>
  return %0 : tensor<0x4xf32>
}

// -----

func.func private @softmax_scalar(%x: tensor<f32>) -> tensor<f32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.softmax' op input must have at least one dimension}}
  %0 = "xnn.softmax"(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func private @bmm_rank(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.batch_matrix_multiply' op inputs must have the same rank >= 3, got 2 and 2}}
  %0 = "xnn.batch_matrix_multiply"(%a, %b) : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func private @bmm_k(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.batch_matrix_multiply' op contraction dim mismatch: input1 K = 4 vs input2 K = 5 (transpose_b)}}
  %0 = "xnn.batch_matrix_multiply"(%a, %b) {transpose_b = true} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func private @bmm_batch(%a: tensor<2x3x4xf32>, %b: tensor<3x4x5xf32>) -> tensor<2x3x5xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.batch_matrix_multiply' op batch dim 0 mismatch: 2 vs 3}}
  %0 = "xnn.batch_matrix_multiply"(%a, %b) : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func private @copy_type(%x: tensor<4xf32>) -> tensor<4xf16> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.copy' op output type 'tensor<4xf16>' must equal the input type 'tensor<4xf32>'}}
  %0 = "xnn.copy"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func private @pad_result(%x: tensor<2x3xf32>) -> tensor<4x5xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_constant_pad' op result shape 4x5 does not match the padded shape 4x4}}
  %0 = "xnn.static_constant_pad"(%x) {padding_value = 0.0 : f64, post_paddings = array<i64: 1, 1>, pre_paddings = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func private @pad_negative(%x: tensor<2x3xf32>) -> tensor<3x3xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_constant_pad' op attribute 'pre_paddings' element #1 is -1, must be in [0, 2147483647]}}
  %0 = "xnn.static_constant_pad"(%x) {padding_value = 0.0 : f64, post_paddings = array<i64: 1, 0>, pre_paddings = array<i64: 0, -1>} : (tensor<2x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func private @convert_exact_input_widening(%a: tensor<4xbf16>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op exact_input applies to f32 -> bf16 converts only}}
  %0 = "xnn.convert"(%a) {exact_input = true} : (tensor<4xbf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @convert_exact_input_not_bool(%a: tensor<4xf32>) -> tensor<4xbf16> attributes {xnn.delegate} {
  // expected-error @+1 {{exact_input}}
  %0 = "xnn.convert"(%a) {exact_input = 1 : i64} : (tensor<4xf32>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

func.func private @convert_round_to_bf16_narrowing(%a: tensor<4xf32>) -> tensor<4xbf16> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op round_to_bf16 applies to f32 -> f32 converts only}}
  %0 = "xnn.convert"(%a) {round_to_bf16 = true} : (tensor<4xf32>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

func.func private @convert_input_scale_value(%a: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op input_scale must be 2^-17 (7.62939453125e-06)}}
  %0 = "xnn.convert"(%a) {round_to_bf16 = true, input_scale = 0.5 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @convert_input_scale_widening(%a: tensor<4xbf16>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op input_scale applies to f32 -> bf16 roundings only}}
  %0 = "xnn.convert"(%a) {input_scale = 7.62939453125E-6 : f64} : (tensor<4xbf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @convert_input_scale_exact_input(%a: tensor<4xf32>) -> tensor<4xbf16> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op input_scale applies to f32 -> bf16 roundings only}}
  %0 = "xnn.convert"(%a) {exact_input = true, input_scale = 7.62939453125E-6 : f64} : (tensor<4xf32>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

func.func private @convert_f32_to_f32_plain(%a: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op f32 -> f32 converts require round_to_bf16 = true}}
  %0 = "xnn.convert"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @convert_round_to_bf16_not_bool(%a: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{round_to_bf16}}
  %0 = "xnn.convert"(%a) {round_to_bf16 = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @deconv_output(%x: tensor<1x5x5x4xf32>, %w: tensor<6x3x3x2xf32>) -> tensor<1x10x10x6xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.deconvolution_2d' op result shape 1x10x10x6 does not match the deconvolution output shape 1x11x11x6}}
  %0 = "xnn.deconvolution_2d"(%x, %w) {adjustment = array<i64: 0, 0>, dilation = array<i64: 1, 1>, group_input_channels = 2 : i64, group_output_channels = 3 : i64, groups = 2 : i64, kernel = array<i64: 3, 3>, padding = array<i64: 0, 0, 0, 0>, upsampling = array<i64: 2, 2>} : (tensor<1x5x5x4xf32>, tensor<6x3x3x2xf32>) -> tensor<1x10x10x6xf32>
  return %0 : tensor<1x10x10x6xf32>
}

// -----

func.func private @deconv_too_small(%x: tensor<1x1x1x4xf32>, %w: tensor<6x1x1x2xf32>) -> tensor<1x1x1x6xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.deconvolution_2d' op output height -1 is smaller than 1 (padding 2)}}
  %0 = "xnn.deconvolution_2d"(%x, %w) {adjustment = array<i64: 0, 0>, dilation = array<i64: 1, 1>, group_input_channels = 2 : i64, group_output_channels = 3 : i64, groups = 2 : i64, kernel = array<i64: 1, 1>, padding = array<i64: 1, 0, 1, 0>, upsampling = array<i64: 1, 1>} : (tensor<1x1x1x4xf32>, tensor<6x1x1x2xf32>) -> tensor<1x1x1x6xf32>
  return %0 : tensor<1x1x1x6xf32>
}

// -----

func.func private @deconv_filter(%x: tensor<1x5x5x4xf32>, %w: tensor<6x3x3x4xf32>) -> tensor<1x11x11x6xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.deconvolution_2d' op filter shape 6x3x3x4 must be [groups * group_output_channels, kernel_h, kernel_w, group_input_channels] = 6x3x3x2}}
  %0 = "xnn.deconvolution_2d"(%x, %w) {adjustment = array<i64: 0, 0>, dilation = array<i64: 1, 1>, group_input_channels = 2 : i64, group_output_channels = 3 : i64, groups = 2 : i64, kernel = array<i64: 3, 3>, padding = array<i64: 0, 0, 0, 0>, upsampling = array<i64: 2, 2>} : (tensor<1x5x5x4xf32>, tensor<6x3x3x4xf32>) -> tensor<1x11x11x6xf32>
  return %0 : tensor<1x11x11x6xf32>
}

// -----

func.func private @resize_channels(%x: tensor<1x5x5x4xf32>) -> tensor<1x7x3x2xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_resize_bilinear_2d' op result shape 1x7x3x2 does not match the resized [N, OH, OW, C] shape 1x7x3x4}}
  %0 = "xnn.static_resize_bilinear_2d"(%x) {align_corners = false} : (tensor<1x5x5x4xf32>) -> tensor<1x7x3x2xf32>
  return %0 : tensor<1x7x3x2xf32>
}

// -----

func.func private @resize_rank(%x: tensor<5x5x4xf32>) -> tensor<7x3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.static_resize_bilinear_2d' op input and output must be NHWC (rank 4), got rank 3 and 3}}
  %0 = "xnn.static_resize_bilinear_2d"(%x) {align_corners = false} : (tensor<5x5x4xf32>) -> tensor<7x3x4xf32>
  return %0 : tensor<7x3x4xf32>
}
