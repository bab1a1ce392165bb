// Verifier rules of the edge dialect: IRDL-level errors (parse-time op
// verification) and the project's C verifier (xnnMlirVerify), one case each.
// RUN: xnn-opt %s --split-input-file --verify-diagnostics

// ===== IRDL level =====

func.func @irdl_missing_required_attr(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{attribute "max_val" is expected but not provided}}
  %0 = "edge.hardtanh"(%x) {min_val = 0.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @irdl_operand_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %0 = "edge.add"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @irdl_result_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{expects exactly 1 results, but got 0}}
  "edge.relu"(%x) : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @irdl_not_a_tensor(%x: memref<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'builtin.memref'}}
  %0 = "edge.relu"(%x) : (memref<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @irdl_unranked(%x: tensor<*xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected base type 'builtin.tensor' but got 'builtin.unranked_tensor'}}
  %0 = "edge.relu"(%x) : (tensor<*xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @irdl_bool_attr(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'1 : i64' does not satisfy the constraint}}
  %0 = "edge.mean"(%x) {dims = array<i64: 0>, keepdim = 1 : i64} : (tensor<4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @irdl_array_attr_kind(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{expected base attribute 'builtin.dense_array' but got 'builtin.array'}}
  %0 = "edge.permute"(%x) {dims = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @irdl_float_attr_kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected base attribute 'builtin.float' but got 'builtin.integer'}}
  %0 = "edge.hardtanh"(%x) {min_val = 0 : i64, max_val = 6.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @irdl_constant_value_kind() -> tensor<4xf32> {
  // expected-error @+1 {{'1.000000e+00 : f32' does not satisfy the constraint}}
  %0 = "edge.constant"() {value = 1.0 : f32} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @irdl_unknown_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unregistered operation 'edge.frobnicate' found in dialect ('edge') that does not allow unknown operations}}
  %0 = "edge.frobnicate"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// ===== tensors and element types =====

// -----

func.func @dynamic_shape(%x: tensor<?x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'edge.relu' op operand #0 ('x') must have a static shape, got 'tensor<?x4xf32>'}}
  %0 = "edge.relu"(%x) : (tensor<?x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @element_type_f64(%x: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.relu' op operand #0 ('x') has element type 'f64', expected one of f32, f16, bf16, i64, i32: 'tensor<4xf64>'}}
  %0 = "edge.relu"(%x) : (tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @element_type_float_only(%x: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.sigmoid' op operand #0 ('x') has element type 'i32', expected one of f32, f16, bf16}}
  %0 = "edge.sigmoid"(%x) : (tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @rank_limit(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1xf32> {
  // expected-error @+1 {{'edge.view' op operand #0 ('x') has rank 33, more than the supported 32}}
  %0 = "edge.view"(%x) : (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// ===== edge.constant =====

// -----

func.func @constant_type_mismatch() -> tensor<4xf32> {
  // expected-error @+1 {{'edge.constant' op attribute 'value' type 'tensor<4xf16>' must equal the result type 'tensor<4xf32>'}}
  %0 = "edge.constant"() {value = dense<1.0> : tensor<4xf16>} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// ===== edge.to_copy / edge.to_dim_order_copy =====

// -----

func.func @to_copy_dtype_not_type(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'edge.to_copy' op attribute 'dtype' must be a type attribute (e.g. dtype = f16), got "f16"}}
  %0 = "edge.to_copy"(%x) {dtype = "f16"} : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @to_copy_dtype_mismatch(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'edge.to_copy' op attribute 'dtype' (bf16) must equal the result element type 'f16'}}
  %0 = "edge.to_copy"(%x) {dtype = bf16} : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @to_copy_no_dtype_keeps_type(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'edge.to_copy' op without 'dtype' the element type is kept: result element type 'f16' must equal the operand element type 'f32'}}
  %0 = "edge.to_copy"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @to_copy_memory_format(%x: tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32> {
  // expected-error @+1 {{'edge.to_copy' op attribute 'memory_format' has invalid value "nhwc", expected one of "contiguous", "channels_last", "preserve"}}
  %0 = "edge.to_copy"(%x) {memory_format = "nhwc"} : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
  return %0 : tensor<1x2x3x4xf32>
}

// -----

func.func @to_copy_memory_format_kind(%x: tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32> {
  // expected-error @+1 {{'edge.to_copy' op attribute 'memory_format' must be a string, got 1 : i64}}
  %0 = "edge.to_copy"(%x) {memory_format = 1} : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
  return %0 : tensor<1x2x3x4xf32>
}

// -----

func.func @to_copy_channels_last_rank(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'edge.to_copy' op memory_format "channels_last" requires a rank-4 tensor, got rank 3}}
  %0 = "edge.to_copy"(%x) {memory_format = "channels_last"} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @to_copy_shape(%x: tensor<4xf32>) -> tensor<2x2xf16> {
  // expected-error @+1 {{'edge.to_copy' op result shape 2x2 must equal the operand shape 4}}
  %0 = "edge.to_copy"(%x) {dtype = f16} : (tensor<4xf32>) -> tensor<2x2xf16>
  return %0 : tensor<2x2xf16>
}

// -----

func.func @dim_order_not_permutation(%x: tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32> {
  // expected-error @+1 {{'edge.to_dim_order_copy' op attribute 'dim_order' is not a permutation: dimension 2 appears twice}}
  %0 = "edge.to_dim_order_copy"(%x) {dim_order = array<i64: 0, 2, 2, 1>} : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
  return %0 : tensor<1x2x3x4xf32>
}

// -----

func.func @dim_order_length(%x: tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32> {
  // expected-error @+1 {{'edge.to_dim_order_copy' op attribute 'dim_order' has 3 entries, expected 4 (the rank)}}
  %0 = "edge.to_dim_order_copy"(%x) {dim_order = array<i64: 0, 2, 1>} : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
  return %0 : tensor<1x2x3x4xf32>
}

// -----

func.func @dim_order_negative(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.to_dim_order_copy' op attribute 'dim_order' entry -1 must be non-negative}}
  %0 = "edge.to_dim_order_copy"(%x) {dim_order = array<i64: 0, -1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dim_order_kind(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.to_dim_order_copy' op attribute 'dim_order' must be array<i64>, got [0, 1]}}
  %0 = "edge.to_dim_order_copy"(%x) {dim_order = [0, 1]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dim_order_dtype(%x: tensor<2x3xf32>) -> tensor<2x3xbf16> {
  // expected-error @+1 {{'edge.to_dim_order_copy' op attribute 'dtype' (f16) must equal the result element type 'bf16'}}
  %0 = "edge.to_dim_order_copy"(%x) {dtype = f16} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// ===== binary =====

// -----

func.func @binary_not_broadcastable(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.mul' op operand shapes 2x3 and 4 are not broadcast-compatible}}
  %0 = "edge.mul"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @binary_result_shape(%a: tensor<2x1xf32>, %b: tensor<3xf32>) -> tensor<2x1xf32> {
  // expected-error @+1 {{'edge.add' op result shape 2x1 does not match the broadcast shape 2x3}}
  %0 = "edge.add"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

func.func @binary_mixed_elements(%a: tensor<3xf32>, %b: tensor<3xf16>) -> tensor<3xf32> {
  // expected-error @+1 {{'edge.maximum' op operand 'b' element type 'f16' must match operand 'a' element type 'f32'}}
  %0 = "edge.maximum"(%a, %b) : (tensor<3xf32>, tensor<3xf16>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @binary_result_element(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xbf16> {
  // expected-error @+1 {{'edge.sub' op result element type 'bf16' must match operand 'a' element type 'f32'}}
  %0 = "edge.sub"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

// -----

func.func @binary_alpha_kind(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'edge.add' op attribute 'alpha' must be a 64-bit float, e.g. 1.0 : f64, got 2 : i64}}
  %0 = "edge.add"(%a, %b) {alpha = 2 : i64} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @binary_alpha_f32(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'edge.sub' op attribute 'alpha' must be a 64-bit float, e.g. 1.0 : f64, got 2.000000e+00 : f32}}
  %0 = "edge.sub"(%a, %b) {alpha = 2.0 : f32} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @div_integer(%a: tensor<3xi64>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'edge.div' op operand #0 ('a') has element type 'i64', expected one of f32, f16, bf16}}
  %0 = "edge.div"(%a, %b) : (tensor<3xi64>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @binary_bool(%a: tensor<3xi1>, %b: tensor<3xi64>) -> tensor<3xi64> {
  // expected-error @+1 {{'edge.pow' op operand #0 ('a') has element type 'i1'}}
  %0 = "edge.pow"(%a, %b) : (tensor<3xi1>, tensor<3xi64>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// ===== unary =====

// -----

func.func @unary_result_type(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'edge.tanh' op result type 'tensor<4xf16>' must equal the operand type 'tensor<4xf32>'}}
  %0 = "edge.tanh"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @unary_result_shape(%x: tensor<4xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'edge.neg' op result type 'tensor<2x2xf32>' must equal the operand type 'tensor<4xf32>'}}
  %0 = "edge.neg"(%x) : (tensor<4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @gelu_approximate(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.gelu' op attribute 'approximate' has invalid value "erf", expected one of "none", "tanh"}}
  %0 = "edge.gelu"(%x) {approximate = "erf"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @hardtanh_bounds(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.hardtanh' op min_val (6) must not be greater than max_val (0)}}
  %0 = "edge.hardtanh"(%x) {min_val = 6.0 : f64, max_val = 0.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @hardtanh_f32_attr(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.hardtanh' op attribute 'max_val' must be a 64-bit float, e.g. 1.0 : f64, got 6.000000e+00 : f32}}
  %0 = "edge.hardtanh"(%x) {min_val = 0.0 : f64, max_val = 6.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_no_bounds(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.clamp' op requires at least one of the f64 attributes 'min' and 'max' (ATen: at least one of 'min' or 'max' must not be None)}}
  %0 = "edge.clamp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_int_min(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.clamp' op attribute 'min' must be a 64-bit float, e.g. 1.0 : f64, got 1 : i64}}
  %0 = "edge.clamp"(%x) {min = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_f32_max(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.clamp' op attribute 'max' must be a 64-bit float, e.g. 1.0 : f64, got 6.000000e+00 : f32}}
  %0 = "edge.clamp"(%x) {min = 0.0 : f64, max = 6.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_hardtanh_attr_names(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.clamp' op has unknown attribute 'min_val' (it takes 'min', 'max'; annotations need a dialect prefix, e.g. 'xnn.note')}}
  %0 = "edge.clamp"(%x) {min = 0.0 : f64, min_val = 0.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_integer(%x: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+2 {{'edge.clamp' op operand #0 ('x') has element type 'i64', expected one of f32, f16, bf16: 'tensor<4xi64>'}}
  // expected-error @+1 {{'edge.clamp' op result has element type 'i64', expected one of f32, f16, bf16: 'tensor<4xi64>'}}
  %0 = "edge.clamp"(%x) {min = 0.0 : f64} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @leaky_relu_f32_slope(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.leaky_relu' op attribute 'negative_slope' must be a 64-bit float, e.g. 1.0 : f64, got 2.000000e-01 : f32}}
  %0 = "edge.leaky_relu"(%x) {negative_slope = 0.2 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @leaky_relu_result_type(%x: tensor<4xf16>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.leaky_relu' op result type 'tensor<4xf32>' must equal the operand type 'tensor<4xf16>'}}
  %0 = "edge.leaky_relu"(%x) : (tensor<4xf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @elu_string_alpha(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.elu' op attribute 'alpha' must be a 64-bit float, e.g. 1.0 : f64, got "one"}}
  %0 = "edge.elu"(%x) {alpha = "one"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @elu_scale_not_an_attribute(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.elu' op has unknown attribute 'scale' (it takes 'alpha'; annotations need a dialect prefix, e.g. 'xnn.note')}}
  %0 = "edge.elu"(%x) {alpha = 1.0 : f64, scale = 1.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @silu_integer(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+2 {{'edge.silu' op operand #0 ('x') has element type 'i32', expected one of f32, f16, bf16: 'tensor<4xi32>'}}
  // expected-error @+1 {{'edge.silu' op result has element type 'i32', expected one of f32, f16, bf16: 'tensor<4xi32>'}}
  %0 = "edge.silu"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @hardswish_result_dtype(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'edge.hardswish' op result type 'tensor<4xf16>' must equal the operand type 'tensor<4xf32>'}}
  %0 = "edge.hardswish"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @hardsigmoid_result_shape(%x: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'edge.hardsigmoid' op result type 'tensor<3xf32>' must equal the operand type 'tensor<4xf32>'}}
  %0 = "edge.hardsigmoid"(%x) : (tensor<4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @hardsigmoid_attribute(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.hardsigmoid' op has unknown attribute 'alpha'}}
  %0 = "edge.hardsigmoid"(%x) {alpha = 1.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// ===== reductions =====

// -----

func.func @mean_dim_range(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'edge.mean' op dim 2 is out of range [-2, 1] for rank 2}}
  %0 = "edge.mean"(%x) {dims = array<i64: 2>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @mean_dim_duplicate(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'edge.mean' op dim 1 appears more than once in 'dims'}}
  %0 = "edge.mean"(%x) {dims = array<i64: 1, -1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @mean_keepdim_shape(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'edge.mean' op result shape 2 does not match the reduced (keepdim = true) shape 2x1}}
  %0 = "edge.mean"(%x) {dims = array<i64: -1>, keepdim = true} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @mean_integer(%x: tensor<2x3xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{'edge.mean' op operand #0 ('x') has element type 'i32', expected one of f32, f16, bf16}}
  %0 = "edge.mean"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @sum_result_element(%x: tensor<2x3xf32>) -> tensor<2xf16> {
  // expected-error @+1 {{'edge.sum' op result element type 'f16' must equal the operand element type 'f32' (or be i64 for an integer/bool operand)}}
  %0 = "edge.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

func.func @sum_all_shape(%x: tensor<2x3xf32>) -> tensor<1xf32> {
  // expected-error @+1 {{'edge.sum' op result shape 1 does not match the reduced (keepdim = false) shape scalar}}
  %0 = "edge.sum"(%x) {dims = array<i64>, keepdim = false} : (tensor<2x3xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

func.func @softmax_dim_range(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.softmax' op dim -3 is out of range [-2, 1] for rank 2}}
  %0 = "edge.softmax"(%x) {dim = -3 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @softmax_dim_kind(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.softmax' op attribute 'dim' must be a 64-bit integer, e.g. 1 : i64, got 1 : i32}}
  %0 = "edge.softmax"(%x) {dim = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @softmax_result(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'edge.softmax' op result type 'tensor<3x2xf32>' must equal the operand type 'tensor<2x3xf32>'}}
  %0 = "edge.softmax"(%x) {dim = 1 : i64} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// ===== linear algebra =====

// -----

func.func @linear_in_features(%x: tensor<2x8xf32>, %w: tensor<4x7xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'edge.linear' op in_features (x last dim vs w dim 1) mismatch: 8 vs 7}}
  %0 = "edge.linear"(%x, %w) : (tensor<2x8xf32>, tensor<4x7xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @linear_weight_rank(%x: tensor<2x8xf32>, %w: tensor<8xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'edge.linear' op operand 'w' must be [out_features, in_features] (rank 2), got rank 1}}
  %0 = "edge.linear"(%x, %w) : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @linear_bias(%x: tensor<2x8xf32>, %w: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'edge.linear' op operand 'bias' must have shape 4 (out_features), got 8}}
  %0 = "edge.linear"(%x, %w, %b) : (tensor<2x8xf32>, tensor<4x8xf32>, tensor<8xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @linear_result(%x: tensor<3x2x8xf32>, %w: tensor<4x8xf32>) -> tensor<6x4xf32> {
  // expected-error @+1 {{'edge.linear' op result shape 6x4 does not match the linear shape 3x2x4}}
  %0 = "edge.linear"(%x, %w) : (tensor<3x2x8xf32>, tensor<4x8xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

func.func @mm_contraction(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'edge.mm' op contraction dimension (a last vs b second-last) mismatch: 3 vs 4}}
  %0 = "edge.mm"(%a, %b) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @mm_rank(%a: tensor<1x2x3xf32>, %b: tensor<3x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'edge.mm' op operands must have rank 2, got 3 and 2}}
  %0 = "edge.mm"(%a, %b) : (tensor<1x2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @mm_result(%a: tensor<2x3xf32>, %b: tensor<3x5xf32>) -> tensor<5x2xf32> {
  // expected-error @+1 {{'edge.mm' op result shape 5x2 does not match the matrix product shape 2x5}}
  %0 = "edge.mm"(%a, %b) : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<5x2xf32>
  return %0 : tensor<5x2xf32>
}

// -----

func.func @bmm_batch(%a: tensor<2x4x3xf32>, %b: tensor<3x3x5xf32>) -> tensor<2x4x5xf32> {
  // expected-error @+1 {{'edge.bmm' op batch size mismatch: 2 vs 3}}
  %0 = "edge.bmm"(%a, %b) : (tensor<2x4x3xf32>, tensor<3x3x5xf32>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

func.func @sdpa_mask_and_causal(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x6x8xf32>, %v: tensor<1x2x6x8xf32>, %m: tensor<4x6xi1>) -> tensor<1x2x4x8xf32> {
  // expected-error @+1 {{'edge.sdpa' op an explicit 'mask' operand must not be combined with is_causal = true}}
  %0 = "edge.sdpa"(%q, %k, %v, %m) {is_causal = true} : (tensor<1x2x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x8xf32>, tensor<4x6xi1>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}

// -----

func.func @sdpa_embedding(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x6x7xf32>, %v: tensor<1x2x6x8xf32>) -> tensor<1x2x4x8xf32> {
  // expected-error @+1 {{'edge.sdpa' op embedding dimension E (q last vs k last) mismatch: 8 vs 7}}
  %0 = "edge.sdpa"(%q, %k, %v) : (tensor<1x2x4x8xf32>, tensor<1x2x6x7xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}

// -----

func.func @sdpa_source_length(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x6x8xf32>, %v: tensor<1x2x5x8xf32>) -> tensor<1x2x4x8xf32> {
  // expected-error @+1 {{'edge.sdpa' op source length S (k vs v second-last) mismatch: 6 vs 5}}
  %0 = "edge.sdpa"(%q, %k, %v) : (tensor<1x2x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x5x8xf32>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}

// -----

func.func @sdpa_batch(%q: tensor<1x2x4x8xf32>, %k: tensor<1x3x6x8xf32>, %v: tensor<1x3x6x8xf32>) -> tensor<1x2x4x8xf32> {
  // expected-error @+1 {{'edge.sdpa' op batch dimension 1 differs between q, k and v: 2, 3, 3}}
  %0 = "edge.sdpa"(%q, %k, %v) : (tensor<1x2x4x8xf32>, tensor<1x3x6x8xf32>, tensor<1x3x6x8xf32>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}

// -----

func.func @sdpa_rank(%q: tensor<2x4x8xf32>, %k: tensor<1x2x6x8xf32>, %v: tensor<1x2x6x8xf32>) -> tensor<2x4x8xf32> {
  // expected-error @+1 {{'edge.sdpa' op q, k and v must have the same rank >= 2, got 3, 4 and 4}}
  %0 = "edge.sdpa"(%q, %k, %v) : (tensor<2x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x8xf32>) -> tensor<2x4x8xf32>
  return %0 : tensor<2x4x8xf32>
}

// -----

func.func @sdpa_mask_shape(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x6x8xf32>, %v: tensor<1x2x6x8xf32>, %m: tensor<4x5xi1>) -> tensor<1x2x4x8xf32> {
  // expected-error @+1 {{'edge.sdpa' op operand 'mask' shape 4x5 does not broadcast to the attention score shape 1x2x4x6}}
  %0 = "edge.sdpa"(%q, %k, %v, %m) : (tensor<1x2x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x8xf32>, tensor<4x5xi1>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}

// -----

func.func @sdpa_mask_element(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x6x8xf32>, %v: tensor<1x2x6x8xf32>, %m: tensor<4x6xf16>) -> tensor<1x2x4x8xf32> {
  // expected-error @+1 {{'edge.sdpa' op float operand 'mask' element type 'f16' must match operand 'q' element type 'f32'}}
  %0 = "edge.sdpa"(%q, %k, %v, %m) : (tensor<1x2x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x8xf32>, tensor<4x6xf16>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}

// -----

func.func @sdpa_scale_kind(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x6x8xf32>, %v: tensor<1x2x6x8xf32>) -> tensor<1x2x4x8xf32> {
  // expected-error @+1 {{'edge.sdpa' op attribute 'scale' must be a 64-bit float, e.g. 1.0 : f64, got "0.5"}}
  %0 = "edge.sdpa"(%q, %k, %v) {scale = "0.5"} : (tensor<1x2x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}

// -----

func.func @sdpa_is_causal_kind(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x6x8xf32>, %v: tensor<1x2x6x8xf32>) -> tensor<1x2x4x8xf32> {
  // expected-error @+1 {{'edge.sdpa' op attribute 'is_causal' must be a bool (true or false), got 1 : i64}}
  %0 = "edge.sdpa"(%q, %k, %v) {is_causal = 1} : (tensor<1x2x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x8xf32>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}

// -----

func.func @sdpa_result(%q: tensor<1x2x4x8xf32>, %k: tensor<1x2x6x8xf32>, %v: tensor<1x2x6x3xf32>) -> tensor<1x2x4x8xf32> {
  // expected-error @+1 {{'edge.sdpa' op result shape 1x2x4x8 does not match the attention shape 1x2x4x3}}
  %0 = "edge.sdpa"(%q, %k, %v) : (tensor<1x2x4x8xf32>, tensor<1x2x6x8xf32>, tensor<1x2x6x3xf32>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}

// ===== convolution and pooling =====

// -----

func.func @conv_groups(%x: tensor<1x4x8x8xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error @+1 {{'edge.conv2d' op input channels 4 and output channels 6 must both be divisible by groups 4}}
  %0 = "edge.conv2d"(%x, %w) {dilation = array<i64: 1, 1>, groups = 4 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

// -----

func.func @conv_weight_channels(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error @+1 {{'edge.conv2d' op operand 'w' dim 1 is 4, expected input channels / groups = 2}}
  %0 = "edge.conv2d"(%x, %w) {dilation = array<i64: 1, 1>, groups = 2 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

// -----

func.func @conv_groups_zero(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error @+1 {{'edge.conv2d' op groups must be >= 1, got 0}}
  %0 = "edge.conv2d"(%x, %w) {dilation = array<i64: 1, 1>, groups = 0 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

// -----

func.func @conv_stride_zero(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error @+1 {{'edge.conv2d' op attribute 'stride' element #1 is 0, must be in [1, 2147483647]}}
  %0 = "edge.conv2d"(%x, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 0>} : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

// -----

func.func @conv_padding_negative(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error @+1 {{'edge.conv2d' op attribute 'padding' element #0 is -1, must be in [0, 2147483647]}}
  %0 = "edge.conv2d"(%x, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: -1, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

// -----

func.func @conv_array_size(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error @+1 {{'edge.conv2d' op attribute 'dilation' must have 2 elements, got 3: array<i64: 1, 1, 1>}}
  %0 = "edge.conv2d"(%x, %w) {dilation = array<i64: 1, 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

// -----

func.func @conv_output(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error @+1 {{'edge.conv2d' op result shape 1x6x6x6 does not match the convolution output shape 1x6x4x4}}
  %0 = "edge.conv2d"(%x, %w) {dilation = array<i64: 2, 2>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

// -----

func.func @conv_kernel_too_large(%x: tensor<1x4x2x8xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<1x6x1x6xf32> {
  // expected-error @+1 {{'edge.conv2d' op input height 2 with padding 0 on each side is smaller than the (dilated) kernel size 3}}
  %0 = "edge.conv2d"(%x, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x2x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x1x6xf32>
  return %0 : tensor<1x6x1x6xf32>
}

// -----

func.func @conv_rank(%x: tensor<4x8x8xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<6x6x6xf32> {
  // expected-error @+1 {{'edge.conv2d' op operands 'x' (NCHW) and 'w' (OIHW) must have rank 4, got 3 and 4}}
  %0 = "edge.conv2d"(%x, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<6x6x6xf32>
  return %0 : tensor<6x6x6xf32>
}

// -----

func.func @conv3d_rank(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error @+1 {{'edge.conv3d' op operands 'x' (NCDHW) and 'w' (OIDHW) must have rank 5, got 4 and 4}}
  %0 = "edge.conv3d"(%x, %w) {dilation = array<i64: 1, 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

// -----

func.func @conv3d_pair(%x: tensor<1x4x5x8x8xf32>, %w: tensor<6x4x3x3x3xf32>) -> tensor<1x6x3x6x6xf32> {
  // expected-error @+1 {{'edge.conv3d' op attribute 'stride' must have 3 elements, got 2}}
  %0 = "edge.conv3d"(%x, %w) {dilation = array<i64: 1, 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x5x8x8xf32>, tensor<6x4x3x3x3xf32>) -> tensor<1x6x3x6x6xf32>
  return %0 : tensor<1x6x3x6x6xf32>
}

// -----

func.func @conv3d_depth(%x: tensor<1x4x2x8x8xf32>, %w: tensor<6x4x3x3x3xf32>) -> tensor<1x6x1x6x6xf32> {
  // expected-error @+1 {{'edge.conv3d' op input depth 2 with padding 0 on each side is smaller than the (dilated) kernel size 3}}
  %0 = "edge.conv3d"(%x, %w) {dilation = array<i64: 1, 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x4x2x8x8xf32>, tensor<6x4x3x3x3xf32>) -> tensor<1x6x1x6x6xf32>
  return %0 : tensor<1x6x1x6x6xf32>
}

// -----

func.func @conv3d_result(%x: tensor<1x4x5x8x8xf32>, %w: tensor<6x2x3x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x3x6x5xf32> {
  // expected-error @+1 {{'edge.conv3d' op result shape 1x6x3x6x5 does not match the convolution output shape 1x6x3x6x6}}
  %0 = "edge.conv3d"(%x, %w, %b) {dilation = array<i64: 1, 1, 1>, groups = 2 : i64, padding = array<i64: 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x4x5x8x8xf32>, tensor<6x2x3x3x3xf32>, tensor<6xf32>) -> tensor<1x6x3x6x5xf32>
  return %0 : tensor<1x6x3x6x5xf32>
}

// -----

func.func @conv_bias(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error @+1 {{'edge.conv2d' op operand 'bias' must have shape 6 (output channels), got 4}}
  %0 = "edge.conv2d"(%x, %w, %b) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>, tensor<4xf32>) -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

// -----

func.func @max_pool_ceil_mode(%x: tensor<1x3x9x9xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'edge.max_pool2d' op result shape 1x3x4x4 does not match the pooling output (ceil_mode) shape 1x3x5x5}}
  %0 = "edge.max_pool2d"(%x) {ceil_mode = true, dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x3x9x9xf32>) -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @max_pool_padding(%x: tensor<1x3x9x9xf32>) -> tensor<1x3x5x5xf32> {
  // expected-error @+1 {{'edge.max_pool2d' op padding 2 must be at most half of the kernel size 3}}
  %0 = "edge.max_pool2d"(%x) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 3, 3>, padding = array<i64: 2, 2>, stride = array<i64: 2, 2>} : (tensor<1x3x9x9xf32>) -> tensor<1x3x5x5xf32>
  return %0 : tensor<1x3x5x5xf32>
}

// -----

func.func @max_pool_ceil_mode_kind(%x: tensor<1x3x9x9xf32>) -> tensor<1x3x4x4xf32> {
  // expected-error @+1 {{'"true"' does not satisfy the constraint}}
  %0 = "edge.max_pool2d"(%x) {ceil_mode = "true", dilation = array<i64: 1, 1>, kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x3x9x9xf32>) -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

func.func @avg_pool_output(%x: tensor<1x3x9x9xf32>) -> tensor<1x3x5x5xf32> {
  // expected-error @+1 {{'edge.avg_pool2d' op result shape 1x3x5x5 does not match the pooling output shape 1x3x4x4}}
  %0 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x3x9x9xf32>) -> tensor<1x3x5x5xf32>
  return %0 : tensor<1x3x5x5xf32>
}

// -----

func.func @avg_pool_rank(%x: tensor<3x9x9xf32>) -> tensor<3x4x4xf32> {
  // expected-error @+1 {{'edge.avg_pool2d' op operand 'x' must be NCHW (rank 4), got rank 3}}
  %0 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<3x9x9xf32>) -> tensor<3x4x4xf32>
  return %0 : tensor<3x4x4xf32>
}

// ===== data movement =====

// -----

func.func @view_count(%x: tensor<2x3xf32>) -> tensor<7xf32> {
  // expected-error @+1 {{'edge.view' op result shape 7 has 7 elements, operand shape 2x3 has 6}}
  %0 = "edge.view"(%x) : (tensor<2x3xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

func.func @view_element(%x: tensor<2x3xf32>) -> tensor<6xf16> {
  // expected-error @+1 {{'edge.view' op result element type 'f16' must match operand 'x' element type 'f32'}}
  %0 = "edge.view"(%x) : (tensor<2x3xf32>) -> tensor<6xf16>
  return %0 : tensor<6xf16>
}

// -----

func.func @permute_not_permutation(%x: tensor<2x3x4xf32>) -> tensor<4x3x2xf32> {
  // expected-error @+1 {{'edge.permute' op attribute 'dims' is not a permutation: dimension 2 appears twice}}
  %0 = "edge.permute"(%x) {dims = array<i64: 2, 1, -1>} : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  return %0 : tensor<4x3x2xf32>
}

// -----

func.func @permute_out_of_range(%x: tensor<2x3x4xf32>) -> tensor<4x3x2xf32> {
  // expected-error @+1 {{'edge.permute' op attribute 'dims' is not a permutation: entry 3 is out of range for rank 3}}
  %0 = "edge.permute"(%x) {dims = array<i64: 3, 1, 0>} : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  return %0 : tensor<4x3x2xf32>
}

// -----

func.func @permute_result(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  // expected-error @+1 {{'edge.permute' op result shape 4x2x3 does not match the permuted shape 4x3x2}}
  %0 = "edge.permute"(%x) {dims = array<i64: -1, 1, 0>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

func.func @cat_other_dim(%a: tensor<2x3xf32>, %b: tensor<4x4xf32>) -> tensor<6x3xf32> {
  // expected-error @+1 {{'edge.cat' op operand #1 dim 1 is 4, expected 3 (only dim 0 may differ)}}
  %0 = "edge.cat"(%a, %b) {dim = 0 : i64} : (tensor<2x3xf32>, tensor<4x4xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// -----

func.func @cat_rank(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<5x3xf32> {
  // expected-error @+1 {{'edge.cat' op operand #1 has rank 1, operand #0 has rank 2}}
  %0 = "edge.cat"(%a, %b) {dim = 0 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @cat_element(%a: tensor<2x3xf32>, %b: tensor<2x3xf16>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'edge.cat' op operand #1 element type 'f16' must match operand #0 element type 'f32'}}
  %0 = "edge.cat"(%a, %b) {dim = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf16>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @cat_result(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x7xf32> {
  // expected-error @+1 {{'edge.cat' op result shape 2x7 does not match the concatenated shape 2x8}}
  %0 = "edge.cat"(%a, %b) {dim = -1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x7xf32>
  return %0 : tensor<2x7xf32>
}

// -----

func.func @cat_dim_range(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'edge.cat' op dim 2 is out of range [-2, 1] for rank 2}}
  %0 = "edge.cat"(%a, %b) {dim = 2 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// edge.cat's operand list is checked in C (IRDL cannot type pairwise
// different shapes): the checks IRDL made stay, one case each.
func.func @cat_no_operands() -> tensor<0xf32> {
  // expected-error @+1 {{'edge.cat' op expects at least 1 operand, got 0}}
  %0 = "edge.cat"() {dim = 0 : i64} : () -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @cat_unranked(%a: tensor<2xf32>, %b: tensor<*xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.cat' op operand #1 must be a ranked tensor}}
  %0 = "edge.cat"(%a, %b) {dim = 0 : i64} : (tensor<2xf32>, tensor<*xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @cat_scalar_result(%a: tensor<2xf32>) -> f32 {
  // expected-error @+1 {{'edge.cat' op expects one ranked tensor result}}
  %0 = "edge.cat"(%a) {dim = 0 : i64} : (tensor<2xf32>) -> f32
  return %0 : f32
}

// -----

func.func @cat_no_dim(%a: tensor<2xf32>, %b: tensor<3xf32>, %c: tensor<4xf32>) -> tensor<9xf32> {
  // expected-error @+1 {{'edge.cat' op attribute "dim" is expected but not provided}}
  %0 = "edge.cat"(%a, %b, %c) : (tensor<2xf32>, tensor<3xf32>, tensor<4xf32>) -> tensor<9xf32>
  return %0 : tensor<9xf32>
}

// -----

func.func @cat_dim_not_integer(%a: tensor<2xf32>, %b: tensor<3xf32>, %c: tensor<4xf32>) -> tensor<9xf32> {
  // expected-error @+1 {{'edge.cat' op attribute "dim" must be an integer}}
  %0 = "edge.cat"(%a, %b, %c) {dim = 0.0 : f32} : (tensor<2xf32>, tensor<3xf32>, tensor<4xf32>) -> tensor<9xf32>
  return %0 : tensor<9xf32>
}

// -----

func.func @cat_three_shapes_other_dim(%a: tensor<2x3xf32>, %b: tensor<3x3xf32>, %c: tensor<4x2xf32>) -> tensor<9x3xf32> {
  // expected-error @+1 {{'edge.cat' op operand #2 dim 1 is 2, expected 3 (only dim 0 may differ)}}
  %0 = "edge.cat"(%a, %b, %c) {dim = 0 : i64} : (tensor<2x3xf32>, tensor<3x3xf32>, tensor<4x2xf32>) -> tensor<9x3xf32>
  return %0 : tensor<9x3xf32>
}

// -----

func.func @slice_step(%x: tensor<8x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'edge.slice' op step must be positive, got 0}}
  %0 = "edge.slice"(%x) {dim = 0 : i64, end = 8 : i64, start = 0 : i64, step = 0 : i64} : (tensor<8x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @slice_result(%x: tensor<8x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'edge.slice' op result shape 4x4 does not match the sliced shape 3x4}}
  %0 = "edge.slice"(%x) {dim = 0 : i64, end = 100 : i64, start = 1 : i64, step = 3 : i64} : (tensor<8x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @slice_empty_clamped(%x: tensor<8x4xf32>) -> tensor<8x1xf32> {
  // expected-error @+1 {{'edge.slice' op result shape 8x1 does not match the sliced shape 8x0}}
  %0 = "edge.slice"(%x) {dim = 1 : i64, end = -10 : i64, start = 2 : i64, step = 1 : i64} : (tensor<8x4xf32>) -> tensor<8x1xf32>
  return %0 : tensor<8x1xf32>
}

// -----

func.func @slice_dim_range(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'edge.slice' op dim -3 is out of range [-2, 1] for rank 2}}
  %0 = "edge.slice"(%x) {dim = -3 : i64, end = 8 : i64, start = 0 : i64, step = 1 : i64} : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @embedding_indices(%w: tensor<10x4xf32>, %i: tensor<3xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'edge.embedding' op operand #1 ('indices') has element type 'f32', expected one of i64, i32}}
  %0 = "edge.embedding"(%w, %i) : (tensor<10x4xf32>, tensor<3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @embedding_result(%w: tensor<10x4xf32>, %i: tensor<2x3xi32>) -> tensor<6x4xf32> {
  // expected-error @+1 {{'edge.embedding' op result shape 6x4 does not match the embedding shape 2x3x4}}
  %0 = "edge.embedding"(%w, %i) : (tensor<10x4xf32>, tensor<2x3xi32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

func.func @embedding_weight_rank(%w: tensor<10x4x2xf32>, %i: tensor<3xi64>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'edge.embedding' op operand 'w' must be [num_embeddings, embedding_dim] (rank 2), got rank 3}}
  %0 = "edge.embedding"(%w, %i) : (tensor<10x4x2xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Every violation is reported, not only the first one.
func.func @several_errors(%x: tensor<4xf32>, %y: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'edge.relu' op result type 'tensor<4xf16>' must equal the operand type 'tensor<4xf32>'}}
  %0 = "edge.relu"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  // expected-error @+1 {{'edge.add' op operand shapes 4 and 3 are not broadcast-compatible}}
  %1 = "edge.add"(%x, %y) : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// unsqueeze, squeeze, transpose
func.func @unsqueeze_dim_range(%x: tensor<2x3xf32>) -> tensor<2x3x1x1xf32> {
  // expected-error @+1 {{'edge.unsqueeze' op dim 3 is out of range [-3, 2] for rank 3}}
  %0 = "edge.unsqueeze"(%x) {dim = 3 : i64} : (tensor<2x3xf32>) -> tensor<2x3x1x1xf32>
  return %0 : tensor<2x3x1x1xf32>
}

// -----

func.func @unsqueeze_shape(%x: tensor<2x3xf32>) -> tensor<2x3x1xf32> {
  // expected-error @+1 {{'edge.unsqueeze' op result shape 2x3x1 does not match the unsqueezed shape 1x2x3}}
  %0 = "edge.unsqueeze"(%x) {dim = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3x1xf32>
  return %0 : tensor<2x3x1xf32>
}

// -----

func.func @squeeze_dims_twice(%x: tensor<2x1xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'edge.squeeze' op dims lists dim 1 twice}}
  %0 = "edge.squeeze"(%x) {dims = array<i64: 1, -1>} : (tensor<2x1xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @squeeze_dim_range(%x: tensor<2x1xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'edge.squeeze' op dims 2 is out of range [-2, 1] for rank 2}}
  %0 = "edge.squeeze"(%x) {dims = array<i64: 2>} : (tensor<2x1xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @squeeze_shape(%x: tensor<2x1xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'edge.squeeze' op result shape 2 does not match the squeezed shape 2x1}}
  %0 = "edge.squeeze"(%x) {dims = array<i64: 0>} : (tensor<2x1xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @squeeze_dims_kind(%x: tensor<2x1xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'edge.squeeze' op attribute 'dims' must be array<i64>, got 1 : i64}}
  %0 = "edge.squeeze"(%x) {dims = 1 : i64} : (tensor<2x1xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @transpose_dim_range(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'edge.transpose' op dim1 2 is out of range [-2, 1] for rank 2}}
  %0 = "edge.transpose"(%x) {dim0 = 0 : i64, dim1 = 2 : i64} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_shape(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.transpose' op result shape 2x3 does not match the transposed shape 3x2}}
  %0 = "edge.transpose"(%x) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @transpose_missing_dim1(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'edge.transpose' op attribute "dim1" is expected but not provided}}
  %0 = "edge.transpose"(%x) {dim0 = 0 : i64} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @unsqueeze_elem(%x: tensor<2x3xf32>) -> tensor<2x3x1xf16> {
  // expected-error @+1 {{'edge.unsqueeze' op result element type 'f16' must match operand 'x' element type 'f32'}}
  %0 = "edge.unsqueeze"(%x) {dim = 2 : i64} : (tensor<2x3xf32>) -> tensor<2x3x1xf16>
  return %0 : tensor<2x3x1xf16>
}

// -----

// expand, constant_pad_nd, roll
func.func @expand_rank(%x: tensor<2x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'edge.expand' op result rank 1 is below the operand's rank 2 (expand cannot drop dims)}}
  %0 = "edge.expand"(%x) : (tensor<2x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @expand_shape(%x: tensor<2x3xf32>) -> tensor<4x2x6xf32> {
  // expected-error @+1 {{'edge.expand' op operand shape 2x3 does not expand to the result shape 4x2x6 (operand dim 1 is 3, neither 1 nor 6)}}
  %0 = "edge.expand"(%x) : (tensor<2x3xf32>) -> tensor<4x2x6xf32>
  return %0 : tensor<4x2x6xf32>
}

// -----

func.func @pad_odd(%x: tensor<2x3xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'edge.constant_pad_nd' op pad has 1 entries; expected an even number, at most 2 * rank = 4}}
  %0 = "edge.constant_pad_nd"(%x) {pad = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @pad_too_long(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'edge.constant_pad_nd' op pad has 4 entries; expected an even number, at most 2 * rank = 2}}
  %0 = "edge.constant_pad_nd"(%x) {pad = array<i64: 0, 0, 0, 0>} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @pad_negative_size(%x: tensor<2x3xf32>) -> tensor<2x0xf32> {
  // expected-error @+1 {{'edge.constant_pad_nd' op pad (-2, -2) of dim 1 (size 3) gives a negative size -1}}
  %0 = "edge.constant_pad_nd"(%x) {pad = array<i64: -2, -2>} : (tensor<2x3xf32>) -> tensor<2x0xf32>
  return %0 : tensor<2x0xf32>
}

// -----

func.func @pad_shape(%x: tensor<2x3xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'edge.constant_pad_nd' op result shape 2x4 does not match the padded shape 2x5}}
  %0 = "edge.constant_pad_nd"(%x) {pad = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @pad_value_kind(%x: tensor<2x3xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'edge.constant_pad_nd' op attribute 'value' must be a 64-bit float, e.g. 1.0 : f64, got 1 : i64}}
  %0 = "edge.constant_pad_nd"(%x) {pad = array<i64: 1, 1>, value = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @pad_missing(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.constant_pad_nd' op attribute "pad" is expected but not provided}}
  %0 = "edge.constant_pad_nd"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @roll_lengths(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.roll' op shifts has 2 entries, dims 1; expected as many (or one shift and no dims)}}
  %0 = "edge.roll"(%x) {shifts = array<i64: 1, 2>, dims = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @roll_flat_shifts(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.roll' op shifts has 2 entries, dims 0; expected as many (or one shift and no dims)}}
  %0 = "edge.roll"(%x) {shifts = array<i64: 1, 2>, dims = array<i64>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @roll_dim_range(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.roll' op dims 2 is out of range [-2, 1] for rank 2}}
  %0 = "edge.roll"(%x) {shifts = array<i64: 1>, dims = array<i64: 2>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @roll_shape(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'edge.roll' op result shape 3x2 does not match the rolled shape 2x3}}
  %0 = "edge.roll"(%x) {shifts = array<i64: 1>, dims = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// split
func.func @split_sum(%x: tensor<2x7xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.split' op split_sizes add up to 6, operand dim 1 has size 7}}
  %0:2 = "edge.split"(%x) {split_sizes = array<i64: 3, 3>, dim = 1 : i64} : (tensor<2x7xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @split_negative(%x: tensor<2x7xf32>) -> tensor<2x9xf32> {
  // expected-error @+1 {{'edge.split' op attribute 'split_sizes' element #1 is -2, must be >= 0}}
  %0:2 = "edge.split"(%x) {split_sizes = array<i64: 9, -2>, dim = 1 : i64} : (tensor<2x7xf32>) -> (tensor<2x9xf32>, tensor<2x0xf32>)
  return %0#0 : tensor<2x9xf32>
}

// -----

func.func @split_count(%x: tensor<2x7xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.split' op expects one result per piece (2), got 1}}
  %0 = "edge.split"(%x) {split_sizes = array<i64: 3, 4>, dim = 1 : i64} : (tensor<2x7xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @split_piece_shape(%x: tensor<2x7xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.split' op result shape 2x5 does not match the piece #1 shape 2x4}}
  %0:2 = "edge.split"(%x) {split_sizes = array<i64: 3, 4>, dim = 1 : i64} : (tensor<2x7xf32>) -> (tensor<2x3xf32>, tensor<2x5xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @split_dim_range(%x: tensor<2x7xf32>) -> tensor<2x7xf32> {
  // expected-error @+1 {{'edge.split' op dim 2 is out of range [-2, 1] for rank 2}}
  %0 = "edge.split"(%x) {split_sizes = array<i64: 7>, dim = 2 : i64} : (tensor<2x7xf32>) -> tensor<2x7xf32>
  return %0 : tensor<2x7xf32>
}

// -----

func.func @split_missing_dim(%x: tensor<2x7xf32>) -> tensor<2x7xf32> {
  // expected-error @+1 {{'edge.split' op attribute "dim" is expected but not provided}}
  %0 = "edge.split"(%x) {split_sizes = array<i64: 7>} : (tensor<2x7xf32>) -> tensor<2x7xf32>
  return %0 : tensor<2x7xf32>
}

// -----

func.func @split_sizes_kind(%x: tensor<2x7xf32>) -> tensor<2x7xf32> {
  // expected-error @+1 {{'edge.split' op attribute "split_sizes" must be array<i64>}}
  %0 = "edge.split"(%x) {split_sizes = [7], dim = 1 : i64} : (tensor<2x7xf32>) -> tensor<2x7xf32>
  return %0 : tensor<2x7xf32>
}

// -----

func.func @split_elem(%x: tensor<2x7xf32>) -> tensor<2x7xf16> {
  // expected-error @+1 {{'edge.split' op result #0 element type 'f16' must match operand 'x' element type 'f32'}}
  %0 = "edge.split"(%x) {split_sizes = array<i64: 7>, dim = 1 : i64} : (tensor<2x7xf32>) -> tensor<2x7xf16>
  return %0 : tensor<2x7xf16>
}

// ===== batch_norm, layer_norm, addmm, adaptive_avg_pool2d =====

// -----

func.func @batch_norm_missing_eps(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.batch_norm' op attribute "eps" is expected but not provided}}
  %0 = "edge.batch_norm"(%x, %c, %c, %c, %c) : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_rank(%x: tensor<3xf32>, %c: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'edge.batch_norm' op operand 'x' must have rank >= 2 ([N, C, ...]), got rank 1}}
  %0 = "edge.batch_norm"(%x, %c, %c, %c, %c) {eps = 1.0e-5 : f64} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @batch_norm_channels(%x: tensor<2x3x4xf32>, %c: tensor<3xf32>, %v: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'edge.batch_norm' op operand 'running_var' must have shape 3 (the channels, dim 1 of 'x'), got 4}}
  %0 = "edge.batch_norm"(%x, %c, %c, %c, %v) {eps = 1.0e-5 : f64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @batch_norm_elem(%x: tensor<2x3xf32>, %c: tensor<3xf32>, %h: tensor<3xf16>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.batch_norm' op weight element type 'f16' must match operand 'x' element type 'f32'}}
  %0 = "edge.batch_norm"(%x, %h, %c, %c, %c) {eps = 1.0e-5 : f64} : (tensor<2x3xf32>, tensor<3xf16>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_eps_kind(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expected base attribute 'builtin.float' but got 'builtin.integer'}}
  %0 = "edge.batch_norm"(%x, %c, %c, %c, %c) {eps = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @batch_norm_result(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'edge.batch_norm' op result shape 3x2 does not match the batch_norm (same as 'x') shape 2x3}}
  %0 = "edge.batch_norm"(%x, %c, %c, %c, %c) {eps = 1.0e-5 : f64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @layer_norm_trailing(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'edge.layer_norm' op normalized_shape 3 is not the trailing shape of operand 'x' (2x3x4)}}
  %0 = "edge.layer_norm"(%x) {normalized_shape = array<i64: 3>, eps = 1.0e-5 : f64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @layer_norm_empty_shape(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'edge.layer_norm' op normalized_shape has 0 entries; expected 1 to rank(x) = 3}}
  %0 = "edge.layer_norm"(%x) {normalized_shape = array<i64>, eps = 1.0e-5 : f64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @layer_norm_weight(%x: tensor<2x3x4xf32>, %w: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{'edge.layer_norm' op operand 'weight' must have shape normalized_shape = 4, got 3x4}}
  %0 = "edge.layer_norm"(%x, %w) {normalized_shape = array<i64: 4>, eps = 1.0e-5 : f64} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @layer_norm_operands(%x: tensor<2x4xf32>, %w: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'edge.layer_norm' op expects 1 to 3 operands, got 4}}
  %0 = "edge.layer_norm"(%x, %w, %w, %w) {normalized_shape = array<i64: 4>, eps = 1.0e-5 : f64} : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @layer_norm_missing_eps(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'edge.layer_norm' op attribute "eps" is expected but not provided}}
  %0 = "edge.layer_norm"(%x) {normalized_shape = array<i64: 4>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @addmm_contraction(%c: tensor<4xf32>, %a: tensor<3x5xf32>, %b: tensor<4x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'edge.addmm' op contraction dimension (a dim 1 vs b dim 0) mismatch: 5 vs 4}}
  %0 = "edge.addmm"(%c, %a, %b) : (tensor<4xf32>, tensor<3x5xf32>, tensor<4x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @addmm_bias(%c: tensor<3xf32>, %a: tensor<3x4xf32>, %b: tensor<4x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'edge.addmm' op operand 'bias' of shape 3 does not broadcast to the product's shape 3x4}}
  %0 = "edge.addmm"(%c, %a, %b) : (tensor<3xf32>, tensor<3x4xf32>, tensor<4x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @addmm_rank(%c: tensor<4xf32>, %a: tensor<1x3x4xf32>, %b: tensor<4x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'edge.addmm' op operands 'a' and 'b' must have rank 2, got 3 and 2}}
  %0 = "edge.addmm"(%c, %a, %b) : (tensor<4xf32>, tensor<1x3x4xf32>, tensor<4x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @addmm_alpha_kind(%c: tensor<4xf32>, %a: tensor<3x4xf32>, %b: tensor<4x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'edge.addmm' op attribute 'alpha' must be a 64-bit float, e.g. 1.0 : f64, got "two"}}
  %0 = "edge.addmm"(%c, %a, %b) {alpha = "two"} : (tensor<4xf32>, tensor<3x4xf32>, tensor<4x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @adaptive_size_len(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x2x2xf32> {
  // expected-error @+1 {{'edge.adaptive_avg_pool2d' op attribute 'output_size' must have 2 elements, got 1: array<i64: 2>}}
  %0 = "edge.adaptive_avg_pool2d"(%x) {output_size = array<i64: 2>} : (tensor<1x3x4x4xf32>) -> tensor<1x3x2x2xf32>
  return %0 : tensor<1x3x2x2xf32>
}

// -----

func.func @adaptive_size_zero(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x0x2xf32> {
  // expected-error @+1 {{'edge.adaptive_avg_pool2d' op attribute 'output_size' element #0 is 0, must be in [1, 2147483647]}}
  %0 = "edge.adaptive_avg_pool2d"(%x) {output_size = array<i64: 0, 2>} : (tensor<1x3x4x4xf32>) -> tensor<1x3x0x2xf32>
  return %0 : tensor<1x3x0x2xf32>
}

// -----

func.func @adaptive_rank(%x: tensor<4x4xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'edge.adaptive_avg_pool2d' op operand 'x' must be [N, C, H, W] or [C, H, W], got rank 2}}
  %0 = "edge.adaptive_avg_pool2d"(%x) {output_size = array<i64: 2, 2>} : (tensor<4x4xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @adaptive_empty(%x: tensor<1x3x0x4xf32>) -> tensor<1x3x2x2xf32> {
  // expected-error @+1 {{'edge.adaptive_avg_pool2d' op operand 'x' has an empty spatial dim (H = 0, W = 4)}}
  %0 = "edge.adaptive_avg_pool2d"(%x) {output_size = array<i64: 2, 2>} : (tensor<1x3x0x4xf32>) -> tensor<1x3x2x2xf32>
  return %0 : tensor<1x3x2x2xf32>
}

// -----

func.func @adaptive_result(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x2x3xf32> {
  // expected-error @+1 {{'edge.adaptive_avg_pool2d' op result shape 1x3x2x3 does not match the adaptive pooling shape 1x3x2x2}}
  %0 = "edge.adaptive_avg_pool2d"(%x) {output_size = array<i64: 2, 2>} : (tensor<1x3x4x4xf32>) -> tensor<1x3x2x3xf32>
  return %0 : tensor<1x3x2x3xf32>
}

// -----

func.func @conv_transpose_out_pad(%x: tensor<1x4x5x5xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x3x11x11xf32> {
  // expected-error @+1 {{'edge.conv_transpose2d' op output_padding 2 must be smaller than either stride 2 or dilation 1 (ATen)}}
  %0 = "edge.conv_transpose2d"(%x, %w) {stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, output_padding = array<i64: 2, 0>, dilation = array<i64: 1, 1>, groups = 1} : (tensor<1x4x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<1x3x11x11xf32>
  return %0 : tensor<1x3x11x11xf32>
}

// -----

func.func @conv_transpose_weight(%x: tensor<1x4x5x5xf32>, %w: tensor<3x4x3x3xf32>) -> tensor<1x4x7x7xf32> {
  // expected-error @+1 {{'edge.conv_transpose2d' op operand 'w' dim 0 is 3; it must equal the input channels 4, which must be divisible by groups 1}}
  %0 = "edge.conv_transpose2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, output_padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1} : (tensor<1x4x5x5xf32>, tensor<3x4x3x3xf32>) -> tensor<1x4x7x7xf32>
  return %0 : tensor<1x4x7x7xf32>
}

// -----

func.func @conv_transpose_groups(%x: tensor<1x4x5x5xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x9x7x7xf32> {
  // expected-error @+1 {{'edge.conv_transpose2d' op operand 'w' dim 0 is 4; it must equal the input channels 4, which must be divisible by groups 3}}
  %0 = "edge.conv_transpose2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, output_padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 3} : (tensor<1x4x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<1x9x7x7xf32>
  return %0 : tensor<1x9x7x7xf32>
}

// -----

func.func @conv_transpose_shape(%x: tensor<1x4x5x5xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x3x10x10xf32> {
  // expected-error @+1 {{'edge.conv_transpose2d' op result shape 1x3x10x10 does not match the transposed convolution output shape 1x3x9x9}}
  %0 = "edge.conv_transpose2d"(%x, %w) {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1} : (tensor<1x4x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<1x3x10x10xf32>
  return %0 : tensor<1x3x10x10xf32>
}

// -----

func.func @conv_transpose_too_small(%x: tensor<1x2x1x1xf32>, %w: tensor<2x1x1x1xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error @+1 {{'edge.conv_transpose2d' op output height (H - 1) * stride - 2 * padding + dilation * (KH - 1) + output_padding + 1 = -1 is smaller than 1}}
  %0 = "edge.conv_transpose2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1} : (tensor<1x2x1x1xf32>, tensor<2x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  return %0 : tensor<1x1x1x1xf32>
}

// -----

func.func @conv_transpose_bias(%x: tensor<1x4x5x5xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x3x7x7xf32> {
  // expected-error @+1 {{'edge.conv_transpose2d' op operand 'bias' must have shape 3 (output channels), got 4}}
  %0 = "edge.conv_transpose2d"(%x, %w, %b) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, output_padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1} : (tensor<1x4x5x5xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x3x7x7xf32>
  return %0 : tensor<1x3x7x7xf32>
}

// -----

func.func @conv_transpose_overflow(%x: tensor<1x1x3x3xf32>, %w: tensor<1x1x1x1xf32>) -> tensor<1x1x3x3xf32> {
  // expected-error @+1 {{'edge.conv_transpose2d' op attribute 'stride' element #0 is 4294967296, must be in [1, 2147483647]}}
  %0 = "edge.conv_transpose2d"(%x, %w) {stride = array<i64: 4294967296, 1>, padding = array<i64: 0, 0>, output_padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1} : (tensor<1x1x3x3xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x3x3xf32>
  return %0 : tensor<1x1x3x3xf32>
}

// -----

func.func @conv_transpose_missing(%x: tensor<1x4x5x5xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x3x7x7xf32> {
  // expected-error @+1 {{'edge.conv_transpose2d' op attribute "output_padding" is expected but not provided}}
  %0 = "edge.conv_transpose2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1} : (tensor<1x4x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<1x3x7x7xf32>
  return %0 : tensor<1x3x7x7xf32>
}

// -----

func.func @upsample_size(%x: tensor<1x4x5x5xf32>) -> tensor<1x4x10x9xf32> {
  // expected-error @+1 {{'edge.upsample_nearest2d' op result shape 1x4x10x9 does not match the [N, C, output_size] shape 1x4x10x10}}
  %0 = "edge.upsample_nearest2d"(%x) {output_size = array<i64: 10, 10>} : (tensor<1x4x5x5xf32>) -> tensor<1x4x10x9xf32>
  return %0 : tensor<1x4x10x9xf32>
}

// -----

func.func @upsample_zero(%x: tensor<1x4x5x5xf32>) -> tensor<1x4x0x5xf32> {
  // expected-error @+1 {{'edge.upsample_bilinear2d' op attribute 'output_size' element #0 is 0, must be in [1, 2147483647]}}
  %0 = "edge.upsample_bilinear2d"(%x) {output_size = array<i64: 0, 5>, align_corners = false} : (tensor<1x4x5x5xf32>) -> tensor<1x4x0x5xf32>
  return %0 : tensor<1x4x0x5xf32>
}

// -----

func.func @upsample_rank(%x: tensor<4x5x5xf32>) -> tensor<4x5x5xf32> {
  // expected-error @+1 {{'edge.upsample_bilinear2d' op operand 'x' must be NCHW (rank 4), got rank 3}}
  %0 = "edge.upsample_bilinear2d"(%x) {output_size = array<i64: 5, 5>, align_corners = true} : (tensor<4x5x5xf32>) -> tensor<4x5x5xf32>
  return %0 : tensor<4x5x5xf32>
}

// -----

func.func @upsample_int(%x: tensor<1x4x5x5xi64>) -> tensor<1x4x5x5xi64> {
  // expected-error @+2 {{'edge.upsample_nearest2d' op operand #0 ('x') has element type 'i64', expected one of f32, f16, bf16}}
  // expected-error @+1 {{'edge.upsample_nearest2d' op result has element type 'i64', expected one of f32, f16, bf16}}
  %0 = "edge.upsample_nearest2d"(%x) {output_size = array<i64: 5, 5>} : (tensor<1x4x5x5xi64>) -> tensor<1x4x5x5xi64>
  return %0 : tensor<1x4x5x5xi64>
}

// -----

func.func @compare_result_type(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'edge.lt' op result has element type 'f32', expected one of i1}}
  %0 = "edge.lt"(%a, %a) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @compare_dtypes(%a: tensor<3xf32>, %b: tensor<3xf16>) -> tensor<3xi1> {
  // expected-error @+1 {{'edge.eq' op operand 'b' element type 'f16' must match operand 'a' element type 'f32'}}
  %0 = "edge.eq"(%a, %b) : (tensor<3xf32>, tensor<3xf16>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @compare_broadcast(%a: tensor<3xf32>, %b: tensor<4xf32>) -> tensor<3xi1> {
  // expected-error @+1 {{'edge.ge' op operand shapes 3 and 4 are not broadcast-compatible}}
  %0 = "edge.ge"(%a, %b) : (tensor<3xf32>, tensor<4xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @where_cond(%c: tensor<3xf32>, %a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'edge.where' op operand #0 ('cond') has element type 'f32', expected one of i1}}
  %0 = "edge.where"(%c, %a, %a) : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @where_broadcast(%c: tensor<2x1xi1>, %a: tensor<3xf32>, %b: tensor<4x1x1xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.where' op result shape 2x3 does not match the broadcast shape 4x2x3}}
  %0 = "edge.where"(%c, %a, %b) : (tensor<2x1xi1>, tensor<3xf32>, tensor<4x1x1xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @where_shapes(%c: tensor<2xi1>, %a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'edge.where' op operand shapes 2, 3 and 3 are not broadcast-compatible}}
  %0 = "edge.where"(%c, %a, %a) : (tensor<2xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @where_dtypes(%c: tensor<3xi1>, %a: tensor<3xf32>, %b: tensor<3xbf16>) -> tensor<3xf32> {
  // expected-error @+1 {{'edge.where' op operand 'b' element type 'bf16' must match operand 'a' element type 'f32'}}
  %0 = "edge.where"(%c, %a, %b) : (tensor<3xi1>, tensor<3xf32>, tensor<3xbf16>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @masked_fill_overflow(%x: tensor<3xf16>, %m: tensor<3xi1>) -> tensor<3xf16> {
  // expected-error @+1 {{'edge.masked_fill' op value 70000 cannot be converted to f16 without overflow (ATen raises)}}
  %0 = "edge.masked_fill"(%x, %m) {value = 7.0e4 : f64} : (tensor<3xf16>, tensor<3xi1>) -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

// -----

func.func @masked_fill_mask(%x: tensor<3xf32>, %m: tensor<3xi64>) -> tensor<3xf32> {
  // expected-error @+1 {{'edge.masked_fill' op operand #1 ('mask') has element type 'i64', expected one of i1}}
  %0 = "edge.masked_fill"(%x, %m) {value = 1.0 : f64} : (tensor<3xf32>, tensor<3xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @masked_fill_value(%x: tensor<3xf32>, %m: tensor<3xi1>) -> tensor<3xf32> {
  // expected-error @+1 {{'edge.masked_fill' op attribute "value" is expected but not provided}}
  %0 = "edge.masked_fill"(%x, %m) : (tensor<3xf32>, tensor<3xi1>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// ===== Ops a decoder with a KV cache needs (issue 28) =====
// Float unary ops (sin, cos, ceil, floor), bitwise ops (i1 / i32 / i64),
// index / index_put (the IRDL-level checks of their C replacement, then the
// C verifier), and the i1 rules of sub / neg / abs / pow and integer alpha.

func.func @sin_int(%x: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+2 {{'edge.sin' op operand #0 ('x') has element type 'i64', expected one of f32, f16, bf16: 'tensor<4xi64>'}}
  // expected-error @+1 {{'edge.sin' op result has element type 'i64', expected one of f32, f16, bf16: 'tensor<4xi64>'}}
  %0 = "edge.sin"(%x) : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @ceil_result(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'edge.ceil' op result type 'tensor<4xf16>' must equal the operand type 'tensor<4xf32>'}}
  %0 = "edge.ceil"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @bitwise_float(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+3 {{'edge.bitwise_and' op operand #0 ('a') has element type 'f32', expected one of i64, i32, i1: 'tensor<4xf32>'}}
  // expected-error @+2 {{'edge.bitwise_and' op operand #1 ('b') has element type 'f32', expected one of i64, i32, i1: 'tensor<4xf32>'}}
  // expected-error @+1 {{'edge.bitwise_and' op result has element type 'f32', expected one of i64, i32, i1: 'tensor<4xf32>'}}
  %0 = "edge.bitwise_and"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @bitwise_mixed(%a: tensor<4xi32>, %b: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{'edge.bitwise_or' op operand 'b' element type 'i64' must match operand 'a' element type 'i32'}}
  %0 = "edge.bitwise_or"(%a, %b) : (tensor<4xi32>, tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @bitwise_xor_shape(%a: tensor<2x4xi1>, %b: tensor<3xi1>) -> tensor<2x4xi1> {
  // expected-error @+1 {{'edge.bitwise_xor' op operand shapes 2x4 and 3 are not broadcast-compatible}}
  %0 = "edge.bitwise_xor"(%a, %b) : (tensor<2x4xi1>, tensor<3xi1>) -> tensor<2x4xi1>
  return %0 : tensor<2x4xi1>
}

// -----

func.func @bitwise_not_float(%a: tensor<4xbf16>) -> tensor<4xbf16> {
  // expected-error @+2 {{'edge.bitwise_not' op operand #0 ('x') has element type 'bf16', expected one of i64, i32, i1: 'tensor<4xbf16>'}}
  // expected-error @+1 {{'edge.bitwise_not' op result has element type 'bf16', expected one of i64, i32, i1: 'tensor<4xbf16>'}}
  %0 = "edge.bitwise_not"(%a) : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

func.func @index_no_dims(%x: tensor<4x3xf32>, %i: tensor<2xi64>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.index' op attribute "indexed_dims" is expected but not provided}}
  %0 = "edge.index"(%x, %i) : (tensor<4x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @index_no_indices(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'edge.index' op expects at least 2 operands, got 1}}
  %0 = "edge.index"(%x) {indexed_dims = array<i64>} : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @index_dims_count(%x: tensor<4x3xf32>, %i: tensor<2xi64>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.index' op attribute 'indexed_dims' has 2 entries for 1 index tensors}}
  %0 = "edge.index"(%x, %i) {indexed_dims = array<i64: 0, 1>} : (tensor<4x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @index_dims_order(%x: tensor<4x3xf32>, %i: tensor<2xi64>) -> tensor<2xf32> {
  // expected-error @+1 {{'edge.index' op attribute 'indexed_dims' must be strictly increasing, got 0 after 1}}
  %0 = "edge.index"(%x, %i, %i) {indexed_dims = array<i64: 1, 0>} : (tensor<4x3xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @index_dims_range(%x: tensor<4x3xf32>, %i: tensor<2xi64>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'edge.index' op attribute 'indexed_dims' entry -1 is out of range [0, 2) for operand 'x' of rank 2}}
  %0 = "edge.index"(%x, %i) {indexed_dims = array<i64: -1>} : (tensor<4x3xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @index_float_indices(%x: tensor<4x3xf32>, %i: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'edge.index' op operand #1 ('indices') has element type 'f32', expected one of i64, i32: 'tensor<2xf32>'}}
  %0 = "edge.index"(%x, %i) {indexed_dims = array<i64: 0>} : (tensor<4x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @index_broadcast(%x: tensor<4x3xf32>, %i: tensor<2xi64>, %j: tensor<3xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{'edge.index' op index tensor #1 of shape 3 does not broadcast with the shape 2 of the index tensors before it}}
  %0 = "edge.index"(%x, %i, %j) {indexed_dims = array<i64: 0, 1>} : (tensor<4x3xf32>, tensor<2xi64>, tensor<3xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @index_result_nonconsecutive(%x: tensor<4x3x5xf32>, %i: tensor<2xi64>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'edge.index' op result shape 3x2 does not match the indexing shape 2x3}}
  %0 = "edge.index"(%x, %i, %i) {indexed_dims = array<i64: 0, 2>} : (tensor<4x3x5xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @index_result_elem(%x: tensor<4x3xf32>, %i: tensor<2xi64>) -> tensor<2x3xf16> {
  // expected-error @+1 {{'edge.index' op result element type 'f16' must match operand 'x' element type 'f32'}}
  %0 = "edge.index"(%x, %i) {indexed_dims = array<i64: 0>} : (tensor<4x3xf32>, tensor<2xi64>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @index_put_result(%x: tensor<4x3xf32>, %v: tensor<3xf32>, %i: tensor<1xi64>) -> tensor<4x3xbf16> {
  // expected-error @+1 {{'edge.index_put' op result type 'tensor<4x3xbf16>' must equal the type of operand 'x' 'tensor<4x3xf32>'}}
  %0 = "edge.index_put"(%x, %v, %i) {indexed_dims = array<i64: 0>} : (tensor<4x3xf32>, tensor<3xf32>, tensor<1xi64>) -> tensor<4x3xbf16>
  return %0 : tensor<4x3xbf16>
}

// -----

func.func @index_put_values_shape(%x: tensor<5xf32>, %v: tensor<1x3xf32>, %i: tensor<3xi64>) -> tensor<5xf32> {
  // expected-error @+1 {{'edge.index_put' op operand 'values' of shape 1x3 cannot be broadcast to the indexing result shape 3}}
  %0 = "edge.index_put"(%x, %v, %i) {indexed_dims = array<i64: 0>} : (tensor<5xf32>, tensor<1x3xf32>, tensor<3xi64>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @index_put_values_elem(%x: tensor<5xf32>, %v: tensor<3xi1>, %i: tensor<3xi64>) -> tensor<5xf32> {
  // expected-error @+1 {{'edge.index_put' op operand 'values' element type 'i1' must match operand 'x' element type 'f32'}}
  %0 = "edge.index_put"(%x, %v, %i) {indexed_dims = array<i64: 0>} : (tensor<5xf32>, tensor<3xi1>, tensor<3xi64>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @index_put_accumulate(%x: tensor<5xf32>, %v: tensor<3xf32>, %i: tensor<3xi64>) -> tensor<5xf32> {
  // expected-error @+1 {{'edge.index_put' op attribute 'accumulate' must be a bool (true or false), got 1 : i64}}
  %0 = "edge.index_put"(%x, %v, %i) {indexed_dims = array<i64: 0>, accumulate = 1 : i64} : (tensor<5xf32>, tensor<3xf32>, tensor<3xi64>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @index_put_unknown_attr(%x: tensor<5xf32>, %v: tensor<3xf32>, %i: tensor<3xi64>) -> tensor<5xf32> {
  // expected-error @+1 {{'edge.index_put' op has unknown attribute 'accumlate' (it takes 'accumulate', 'indexed_dims'; annotations need a dialect prefix, e.g. 'xnn.note')}}
  %0 = "edge.index_put"(%x, %v, %i) {indexed_dims = array<i64: 0>, accumlate = true} : (tensor<5xf32>, tensor<3xf32>, tensor<3xi64>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @index_put_no_indices(%x: tensor<5xf32>, %v: tensor<5xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'edge.index_put' op expects at least 3 operands, got 2}}
  %0 = "edge.index_put"(%x, %v) {indexed_dims = array<i64>} : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @sub_i1(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'edge.sub' op subtraction of i1 tensors is not supported (ATen raises; use bitwise_xor or bitwise_not)}}
  %0 = "edge.sub"(%a, %a) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @neg_i1(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'edge.neg' op negation of i1 tensors is not supported (ATen raises; use bitwise_xor or bitwise_not)}}
  %0 = "edge.neg"(%a) : (tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @abs_i1(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+2 {{'edge.abs' op operand #0 ('x') has element type 'i1', expected one of f32, f16, bf16, i64, i32: 'tensor<4xi1>'}}
  // expected-error @+1 {{'edge.abs' op result has element type 'i1', expected one of f32, f16, bf16, i64, i32: 'tensor<4xi1>'}}
  %0 = "edge.abs"(%a) : (tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @add_int_alpha(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'edge.add' op alpha 2.5 must be an integer for integer operands (ATen raises)}}
  %0 = "edge.add"(%a, %a) {alpha = 2.5 : f64} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @pow_i1(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+3 {{'edge.pow' op operand #0 ('a') has element type 'i1', expected one of f32, f16, bf16, i64, i32: 'tensor<4xi1>'}}
  // expected-error @+2 {{'edge.pow' op operand #1 ('b') has element type 'i1', expected one of f32, f16, bf16, i64, i32: 'tensor<4xi1>'}}
  // expected-error @+1 {{'edge.pow' op result has element type 'i1', expected one of f32, f16, bf16, i64, i32: 'tensor<4xi1>'}}
  %0 = "edge.pow"(%a, %a) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}
