// Verifier rules of the quantization ops (quantized_decomposed.*): dtypes,
// per-token and per-channel parameter shapes, int8 ranges, group sizes,
// per-tensor scales and attributes.
// One case each, located.
// RUN: xnn-opt %s --split-input-file --verify-diagnostics

func.func @choose_needs_f32(%x: tensor<2x8xbf16>) {
  // expected-error @+1 {{'edge.choose_qparams_per_token_asymmetric' op operand #0 ('x') has element type 'bf16', expected one of f32}}
  %s, %z = "edge.choose_qparams_per_token_asymmetric"(%x) : (tensor<2x8xbf16>) -> (tensor<2x1xf32>, tensor<2x1xi64>)
  return
}

// -----

func.func @choose_scales_shape(%x: tensor<2x8xf32>) {
  // expected-error @+1 {{'edge.choose_qparams_per_token_asymmetric' op operand 'scales' must have shape 2x1 (one per token: x's shape with a last dim of 1), got 2}}
  %s, %z = "edge.choose_qparams_per_token_asymmetric"(%x) : (tensor<2x8xf32>) -> (tensor<2xf32>, tensor<2x1xi64>)
  return
}

// -----

func.func @quantize_result_i8(%x: tensor<2x8xf32>, %s: tensor<2x1xf32>, %z: tensor<2x1xi64>) {
  // expected-error @+1 {{'edge.quantize_per_token' op result has element type 'i32', expected one of i8}}
  %q = "edge.quantize_per_token"(%x, %s, %z) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x8xf32>, tensor<2x1xf32>, tensor<2x1xi64>) -> tensor<2x8xi32>
  return
}

// -----

func.func @quantize_range(%x: tensor<2x8xf32>, %s: tensor<2x1xf32>, %z: tensor<2x1xi64>) {
  // expected-error @+1 {{'edge.quantize_per_token' op quant_min -128 and quant_max 255 must satisfy -128 <= quant_min <= quant_max <= 127 (int8)}}
  %q = "edge.quantize_per_token"(%x, %s, %z) {quant_min = -128 : i64, quant_max = 255 : i64} : (tensor<2x8xf32>, tensor<2x1xf32>, tensor<2x1xi64>) -> tensor<2x8xi8>
  return
}

// -----

func.func @dequantize_token_zero_points(%q: tensor<2x8xi8>, %s: tensor<2x1xf32>, %z: tensor<1x1xi64>) {
  // expected-error @+1 {{'edge.dequantize_per_token' op operand 'zero_points' must have shape 2x1 (the shape of 'scales'), got 1x1}}
  %x = "edge.dequantize_per_token"(%q, %s, %z) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x8xi8>, tensor<2x1xf32>, tensor<1x1xi64>) -> tensor<2x8xf32>
  return
}

// -----

func.func @per_channel_axis(%q: tensor<4x8xi8>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'edge.dequantize_per_channel' op axis 2 is out of range [-2, 1] for rank 2}}
  %w = "edge.dequantize_per_channel"(%q, %s) {axis = 2 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<4x8xi8>, tensor<4xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @per_channel_scales(%q: tensor<4x8xi8>, %s: tensor<8xf32>) {
  // expected-error @+1 {{'edge.dequantize_per_channel' op operand 'scales' must have shape 4 (one per channel of 'q' along 'axis'), got 8}}
  %w = "edge.dequantize_per_channel"(%q, %s) {axis = 0 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<4x8xi8>, tensor<8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @per_channel_missing_axis(%q: tensor<4x8xi8>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'edge.dequantize_per_channel' op attribute "axis" is expected but not provided}}
  %w = "edge.dequantize_per_channel"(%q, %s) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<4x8xi8>, tensor<4xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @group_divides(%q: tensor<4x48xi8>, %s: tensor<4x1xf32>) {
  // expected-error @+1 {{'edge.dequantize_per_channel_group' op group_size 32 must be positive and divide K = 48 (dim 1 of 'q')}}
  %w = "edge.dequantize_per_channel_group"(%q, %s) {group_size = 32 : i64, quant_min = -8 : i64, quant_max = 7 : i64} : (tensor<4x48xi8>, tensor<4x1xf32>) -> tensor<4x48xf32>
  return
}

// -----

func.func @group_scales(%q: tensor<4x64xi8>, %s: tensor<4x4xf32>) {
  // expected-error @+1 {{'edge.dequantize_per_channel_group' op operand 'scales' must have shape 4x2 ([N, K / group_size]), got 4x4}}
  %w = "edge.dequantize_per_channel_group"(%q, %s) {group_size = 32 : i64, quant_min = -8 : i64, quant_max = 7 : i64} : (tensor<4x64xi8>, tensor<4x4xf32>) -> tensor<4x64xf32>
  return
}

// -----

func.func @group_rank(%q: tensor<2x4x64xi8>, %s: tensor<8x2xf32>) {
  // expected-error @+1 {{'edge.dequantize_per_channel_group' op operand 'q' must be [N, K] (rank 2), got rank 3}}
  %w = "edge.dequantize_per_channel_group"(%q, %s) {group_size = 32 : i64, quant_min = -8 : i64, quant_max = 7 : i64} : (tensor<2x4x64xi8>, tensor<8x2xf32>) -> tensor<2x4x64xf32>
  return
}

// -----

func.func @i8_elsewhere(%q: tensor<4xi8>) {
  // expected-error @+2 {{'edge.relu' op operand #0 ('x') has element type 'i8', expected one of f32, f16, bf16, i64, i32}}
  // expected-error @+1 {{'edge.relu' op result has element type 'i8', expected one of f32, f16, bf16, i64, i32}}
  %r = "edge.relu"(%q) : (tensor<4xi8>) -> tensor<4xi8>
  return
}

// -----

func.func @per_tensor_scale_positive(%x: tensor<2x8xf32>) {
  // expected-error @+1 {{'edge.quantize_per_tensor' op scale 0 must be finite and positive}}
  %q = "edge.quantize_per_tensor"(%x) {scale = 0.0 : f64, zero_point = 0 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x8xf32>) -> tensor<2x8xi8>
  return
}

// -----

func.func @per_tensor_needs_zero_point(%q: tensor<2x8xi8>) {
  // expected-error @+1 {{'edge.dequantize_per_tensor' op attribute "zero_point" is expected but not provided}}
  %x = "edge.dequantize_per_tensor"(%q) {scale = 0.5 : f64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x8xi8>) -> tensor<2x8xf32>
  return
}

// -----

func.func @per_tensor_dequantize_f32(%q: tensor<2x8xi8>) {
  // expected-error @+1 {{'edge.dequantize_per_tensor' op result has element type 'f16', expected one of f32}}
  %x = "edge.dequantize_per_tensor"(%q) {scale = 0.5 : f64, zero_point = 0 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x8xi8>) -> tensor<2x8xf16>
  return
}

// -----

func.func @per_tensor_shape(%x: tensor<2x8xf32>) {
  // expected-error @+1 {{'edge.quantize_per_tensor' op result shape}}
  %q = "edge.quantize_per_tensor"(%x) {scale = 0.5 : f64, zero_point = 0 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x8xf32>) -> tensor<8x2xi8>
  return
}

// -----

func.func @embedding_weight_i8(%w: tensor<50x64xf32>, %s: tensor<50xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'edge.embedding_byte' op operand #0 ('weight') has element type 'f32', expected one of i8}}
  %e = "edge.embedding_byte"(%w, %s, %i) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<50x64xf32>, tensor<50xf32>, tensor<3xi64>) -> tensor<3x64xf32>
  return
}

// -----

func.func @embedding_weight_rank(%w: tensor<50xi8>, %s: tensor<50xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'edge.embedding_byte' op operand 'weight' must be [num_embeddings, packed_dim] (rank 2), got rank 1}}
  %e = "edge.embedding_byte"(%w, %s, %i) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<50xi8>, tensor<50xf32>, tensor<3xi64>) -> tensor<3x1xf32>
  return
}

// -----

func.func @embedding_4bit_range(%w: tensor<50x32xi8>, %s: tensor<50xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'edge.embedding_4bit' op quant_min -128 and quant_max 127 must lie in [-8, 7] (4-bit values)}}
  %e = "edge.embedding_4bit"(%w, %s, %i) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<50x32xi8>, tensor<50xf32>, tensor<3xi64>) -> tensor<3x64xf32>
  return
}

// -----

func.func @embedding_scales_groups(%w: tensor<50x16xi8>, %s: tensor<50x3xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'edge.embedding_2bit' op operand 'scales' must be [50] or [50, G] with G dividing the embedding dim 64, got 50x3}}
  %e = "edge.embedding_2bit"(%w, %s, %i) {quant_min = -2 : i64, quant_max = 1 : i64} : (tensor<50x16xi8>, tensor<50x3xf32>, tensor<3xi64>) -> tensor<3x64xf32>
  return
}

// -----

func.func @embedding_scales_rows(%w: tensor<50x64xi8>, %s: tensor<40xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'edge.embedding_byte' op operand 'scales' must be [50] or [50, G]}}
  %e = "edge.embedding_byte"(%w, %s, %i) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<50x64xi8>, tensor<40xf32>, tensor<3xi64>) -> tensor<3x64xf32>
  return
}

// -----

func.func @embedding_scales_float(%w: tensor<50x64xi8>, %s: tensor<50xi64>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'edge.embedding_byte' op operand #1 ('scales') has element type 'i64'}}
  %e = "edge.embedding_byte"(%w, %s, %i) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<50x64xi8>, tensor<50xi64>, tensor<3xi64>) -> tensor<3x64xf32>
  return
}

// -----

func.func @embedding_indices_int(%w: tensor<50x64xi8>, %s: tensor<50xf32>, %i: tensor<3xf32>) {
  // expected-error @+1 {{'edge.embedding_byte' op operand #2 ('indices') has element type 'f32'}}
  %e = "edge.embedding_byte"(%w, %s, %i) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<50x64xi8>, tensor<50xf32>, tensor<3xf32>) -> tensor<3x64xf32>
  return
}

// -----

func.func @embedding_zero_points_shape(%w: tensor<50x64xi8>, %s: tensor<50x2xf32>, %i: tensor<3xi64>, %z: tensor<50xi64>) {
  // expected-error @+1 {{'edge.embedding_byte' op operand 'zero_points' must have shape 50x2 (the shape of 'scales'), got 50}}
  %e = "edge.embedding_byte"(%w, %s, %i, %z) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<50x64xi8>, tensor<50x2xf32>, tensor<3xi64>, tensor<50xi64>) -> tensor<3x64xf32>
  return
}

// -----

func.func @embedding_result_shape(%w: tensor<50x32xi8>, %s: tensor<50xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'edge.embedding_4bit' op result shape}}
  %e = "edge.embedding_4bit"(%w, %s, %i) {quant_min = -8 : i64, quant_max = 7 : i64} : (tensor<50x32xi8>, tensor<50xf32>, tensor<3xi64>) -> tensor<3x32xf32>
  return
}

// -----

func.func @embedding_result_float(%w: tensor<50x64xi8>, %s: tensor<50xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'edge.embedding_byte' op result has element type 'i64'}}
  %e = "edge.embedding_byte"(%w, %s, %i) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<50x64xi8>, tensor<50xf32>, tensor<3xi64>) -> tensor<3x64xi64>
  return
}

// -----

func.func @embedding_needs_range(%w: tensor<50x64xi8>, %s: tensor<50xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'edge.embedding_byte' op attribute "quant_max" is expected but not provided}}
  %e = "edge.embedding_byte"(%w, %s, %i) {quant_min = -128 : i64} : (tensor<50x64xi8>, tensor<50xf32>, tensor<3xi64>) -> tensor<3x64xf32>
  return
}
