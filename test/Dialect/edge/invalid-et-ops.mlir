// Verifier rules of the edge ops ExecuTorch's XNNPACK op tests need (issue
// 29): prelu, amax / amin / argmax / argmin, avg_pool2d's optional
// attributes, max_pool2d_with_indices, small integer types, antialiased
// bilinear upsampling. One case each, located.
// RUN: xnn-opt %s --split-input-file --verify-diagnostics

func.func @prelu_weight_rank(%x: tensor<2x3xf32>, %w: tensor<1x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.prelu' op operand 'weight' must be a scalar or 1-D tensor (ATen), got rank 2}}
  %0 = "edge.prelu"(%x, %w) : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @prelu_weight_size(%x: tensor<2x3x4xf32>, %w: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'edge.prelu' op operand 'weight' has 4 elements; it must have 1 or the channel size 3}}
  %0 = "edge.prelu"(%x, %w) : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @prelu_rank1_channels(%x: tensor<5xf32>, %w: tensor<5xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'edge.prelu' op operand 'weight' has 5 elements; it must have 1 or the channel size 1}}
  %0 = "edge.prelu"(%x, %w) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @prelu_dtype(%x: tensor<2x3xf32>, %w: tensor<3xf16>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.prelu' op operand 'weight' element type 'f16' must match operand 'x' element type 'f32'}}
  %0 = "edge.prelu"(%x, %w) : (tensor<2x3xf32>, tensor<3xf16>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @prelu_result(%x: tensor<2x3xf32>, %w: tensor<3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'edge.prelu' op result type 'tensor<3x2xf32>' must equal the operand type 'tensor<2x3xf32>'}}
  %0 = "edge.prelu"(%x, %w) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @avg_pool_divisor_zero(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32> {
  // expected-error @+1 {{'edge.avg_pool2d' op divisor_override must not be zero (ATen)}}
  %0 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, divisor_override = 0 : i64} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// -----

func.func @avg_pool_count_include_pad_kind(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32> {
  // expected-error @+1 {{'edge.avg_pool2d' op attribute 'count_include_pad' must be a bool}}
  %0 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, count_include_pad = 1 : i64} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// -----

// ceil_mode: ceil((5 + 2 - 2) / 2) + 1 = 4 windows, of which the last would
// start at 6 = H + padding, past the input: ATen drops it, 3.
func.func @avg_pool_ceil_shape(%x: tensor<1x1x5x5xf32>) -> tensor<1x1x4x4xf32> {
  // expected-error @+1 {{'edge.avg_pool2d' op result shape 1x1x4x4 does not match}}
  %0 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x1x5x5xf32>) -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}

// -----

func.func @amax_empty_dims(%x: tensor<2x3xf32>) -> tensor<f32> {
  // expected-error @+1 {{'edge.amax' op 'dims' must not be empty}}
  %0 = "edge.amax"(%x) {dims = array<i64>, keepdim = false} : (tensor<2x3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @amax_zero_size(%x: tensor<2x0xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'edge.amax' op dim 1 has size 0: the maximum over no elements is undefined (ATen)}}
  %0 = "edge.amax"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<2x0xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @amax_shape(%x: tensor<2x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'edge.amax' op result shape 3 does not match}}
  %0 = "edge.amax"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @argmax_result_type(%x: tensor<2x3xf32>) -> tensor<2xi32> {
  // expected-error @+1 {{'edge.argmax' op result}}
  %0 = "edge.argmax"(%x) {dim = 1 : i64, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @argmax_dim(%x: tensor<2x3xf32>) -> tensor<2xi64> {
  // expected-error @+1 {{'edge.argmax' op dim 2 is out of range}}
  %0 = "edge.argmax"(%x) {dim = 2 : i64, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

func.func @argmax_keepdim(%x: tensor<2x3xf32>) -> tensor<2xi64> {
  // expected-error @+1 {{'edge.argmax' op result shape 2 does not match the reduced (keepdim = true) shape 2x1}}
  %0 = "edge.argmax"(%x) {dim = 1 : i64, keepdim = true} : (tensor<2x3xf32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

func.func @maxpool_indices_type(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32> {
  // expected-error @+1 {{'edge.max_pool2d_indices' op result}}
  %0 = "edge.max_pool2d_indices"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

// -----

func.func @maxpool_indices_shape(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xi64> {
  // expected-error @+1 {{'edge.max_pool2d_indices' op result shape 1x1x3x3 does not match}}
  %0 = "edge.max_pool2d_indices"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x1x4x4xf32>) -> tensor<1x1x3x3xi64>
  return %0 : tensor<1x1x3x3xi64>
}

// -----

func.func @upsample_aa_size(%x: tensor<1x1x8x8xf32>) -> tensor<1x1x4x4xf32> {
  // expected-error @+1 {{'edge.upsample_bilinear2d_aa' op result shape 1x1x4x4 does not match the [N, C, output_size] shape 1x1x4x3}}
  %0 = "edge.upsample_bilinear2d_aa"(%x) {output_size = array<i64: 4, 3>, align_corners = false} : (tensor<1x1x8x8xf32>) -> tensor<1x1x4x4xf32>
  return %0 : tensor<1x1x4x4xf32>
}
