// Verifier rules of the static int8 (qs8) xnn values, one case each: the
// qint8 encoding dictionary {kind = "qint8", scale = <f32>, zero_point = <i64>},
// "qcint32" bias constants, f32 <-> qint8 converts and the qint8 (qs8-qc8w)
// xnn.fully_connected (docs/src/quantized-xnnpack-probe.md, (d)). The C
// verifier (lib/Ops/Xnn.c) reports each with its location.
// RUN: xnn-opt %s --split-input-file --verify-diagnostics

// A qint8 dictionary without zero_point.
func.func private @qint8_missing_key(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op output type 'tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32}>' has a malformed qint8 encoding: missing key 'zero_point' (a qint8 encoding is {kind = "qint8", scale = <f32>, zero_point = <i64>})}}
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32}>
  return %x : tensor<3x4xf32>
}

// -----

// An extra key.
func.func private @qint8_extra_key(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op output type 'tensor<3x4xi8, {axis = 1 : i64, kind = "qint8", scale = 1.000000e-01 : f32, zero_point = 0 : i64}>' has a malformed qint8 encoding: unexpected key 'axis' (a qint8 encoding has exactly kind, scale and zero_point)}}
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = 0 : i64, axis = 1 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// Another kind.
func.func private @qint8_kind(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op output type 'tensor<3x4xi8, {kind = "qint4", scale = 1.000000e-01 : f32, zero_point = 0 : i64}>' has a malformed qint8 encoding: 'kind' is "qint4"; the only dictionary encoding is kind = "qint8"}}
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint4", scale = 1.000000e-01 : f32, zero_point = 0 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// kind not a string.
func.func private @qint8_kind_not_string(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op output type 'tensor<3x4xi8, {kind = 8 : i64, scale = 1.000000e-01 : f32, zero_point = 0 : i64}>' has a malformed qint8 encoding: 'kind' is 8 : i64; the only dictionary encoding is kind = "qint8"}}
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = 8 : i64, scale = 1.000000e-01 : f32, zero_point = 0 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// An f64 scale.
func.func private @qint8_scale_f64(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op output type 'tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f64, zero_point = 0 : i64}>' has a malformed qint8 encoding: 'scale' is 1.000000e-01 : f64; it must be an f32 float attribute}}
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f64, zero_point = 0 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// A zero scale.
func.func private @qint8_scale_zero(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op output type 'tensor<3x4xi8, {kind = "qint8", scale = 0.000000e+00 : f32, zero_point = 0 : i64}>' has a malformed qint8 encoding: 'scale' is 0; it must be a positive normal finite f32}}
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 0.000000e+00 : f32, zero_point = 0 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// A negative scale.
func.func private @qint8_scale_negative(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op output type 'tensor<3x4xi8, {kind = "qint8", scale = -1.000000e-01 : f32, zero_point = 0 : i64}>' has a malformed qint8 encoding: 'scale' is -0.1; it must be a positive normal finite f32}}
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = -1.000000e-01 : f32, zero_point = 0 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// An infinite scale.
func.func private @qint8_scale_inf(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op output type 'tensor<3x4xi8, {kind = "qint8", scale = 0x7F800000 : f32, zero_point = 0 : i64}>' has a malformed qint8 encoding: 'scale' is inf; it must be a positive normal finite f32}}
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 0x7F800000 : f32, zero_point = 0 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// A subnormal scale.
func.func private @qint8_scale_subnormal(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op output type 'tensor<3x4xi8, {kind = "qint8", scale = 9.999940e-41 : f32, zero_point = 0 : i64}>' has a malformed qint8 encoding: 'scale' is 9.99995e-41; it must be a positive normal finite f32}}
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-40 : f32, zero_point = 0 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// An i32 zero point.
func.func private @qint8_zp_i32(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op output type 'tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = 0 : i32}>' has a malformed qint8 encoding: 'zero_point' is 0 : i32; it must be an i64 integer attribute}}
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = 0 : i32}>
  return %x : tensor<3x4xf32>
}

// -----

// A float zero point.
func.func private @qint8_zp_float(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op output type 'tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = 0.000000e+00 : f32}>' has a malformed qint8 encoding: 'zero_point' is 0.000000e+00 : f32; it must be an i64 integer attribute}}
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = 0.0 : f32}>
  return %x : tensor<3x4xf32>
}

// -----

// A zero point above 127.
func.func private @qint8_zp_range(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op output type 'tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = 128 : i64}>' has a malformed qint8 encoding: 'zero_point' is 128; it must be in [-128, 127]}}
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = 128 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// A zero point below -128.
func.func private @qint8_zp_range_low(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op output type 'tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -129 : i64}>' has a malformed qint8 encoding: 'zero_point' is -129; it must be in [-128, 127]}}
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -129 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// qint8 on f32 elements.
func.func private @qint8_not_i8(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op output type 'tensor<3x4xf32, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = 0 : i64}>': a qint8 encoding goes on i8 elements}}
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xf32, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = 0 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// qint8 values are never constants.
func.func private @qint8_constant(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.constant' op result type 'tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>': qint8 values are computed at run time (by an xnn.convert from f32 or an xnn.fully_connected), they cannot be constants}}
  %c = "xnn.constant"() {value = dense<1> : tensor<3x4xi8>} : () -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// qint8 values stay inside the delegate (func-level error).
// expected-error @+2 {{'func.func' op delegate function @qint8_arg argument #0 type 'tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>' is quantized: quantized values stay inside the delegate (f32 in and out)}}
// expected-error @+1 {{'func.func' op delegate function @qint8_arg result #0 type 'tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>' is quantized: quantized values stay inside the delegate (f32 in and out)}}
func.func private @qint8_arg(%x: tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}> attributes {xnn.delegate} {

  return %x : tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
}

// -----

// qcint32 on i8.
func.func private @qcint32_elem(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.constant' op result has element type 'i8', expected one of i32: 'tensor<2xi8, "qcint32">'}}
  %b = "xnn.constant"() {value = dense<1> : tensor<2xi8>, scale = dense<1.0> : tensor<2xf32>} : () -> tensor<2xi8, "qcint32">
  return %x : tensor<3x4xf32>
}

// -----

// A rank-2 qcint32 bias.
func.func private @qcint32_rank(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.constant' op a qcint32 bias must be a non-empty rank-1 tensor of i32 [N], got 'tensor<2x2xi32, "qcint32">'}}
  %b = "xnn.constant"() {value = dense<1> : tensor<2x2xi32>, scale = dense<1.0> : tensor<2xf32>} : () -> tensor<2x2xi32, "qcint32">
  return %x : tensor<3x4xf32>
}

// -----

// value of another shape.
func.func private @qcint32_value_type(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.constant' op a qcint32 bias requires attribute 'value' of type 'tensor<2xi32>' (dense or dense_resource), got tensor<3xi32>}}
  %b = "xnn.constant"() {value = dense<1> : tensor<3xi32>, scale = dense<1.0> : tensor<2xf32>} : () -> tensor<2xi32, "qcint32">
  return %x : tensor<3x4xf32>
}

// -----

// No scale.
func.func private @qcint32_no_scale(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.constant' op a qcint32 bias requires attribute 'scale' of type 'tensor<2xf32>' (one scale per output channel), got none}}
  %b = "xnn.constant"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2xi32, "qcint32">
  return %x : tensor<3x4xf32>
}

// -----

// One scale for two channels.
func.func private @qcint32_scale_type(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.constant' op a qcint32 bias requires attribute 'scale' of type 'tensor<2xf32>' (one scale per output channel), got tensor<1xf32>}}
  %b = "xnn.constant"() {value = dense<1> : tensor<2xi32>, scale = dense<1.0> : tensor<1xf32>} : () -> tensor<2xi32, "qcint32">
  return %x : tensor<3x4xf32>
}

// -----

// A zero scale.
func.func private @qcint32_scale_value(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.constant' op scale element 1 is 0: scales must be positive normal finite floats}}
  %b = "xnn.constant"() {value = dense<1> : tensor<2xi32>, scale = dense<[1.0, 0.0]> : tensor<2xf32>} : () -> tensor<2xi32, "qcint32">
  return %x : tensor<3x4xf32>
}

// -----

// block_size on a bias.
func.func private @qcint32_block_size(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.constant' op attribute 'block_size' applies to qbint4 weights only, not qcint32}}
  %b = "xnn.constant"() {value = dense<1> : tensor<2xi32>, scale = dense<1.0> : tensor<2xf32>, block_size = 32 : i64} : () -> tensor<2xi32, "qcint32">
  return %x : tensor<3x4xf32>
}

// -----

// Requantization (qint8 -> qint8) is not an xnn.convert here.
func.func private @convert_qint8_qint8(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  // expected-error @+1 {{'xnn.convert' op converts between 'tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>' and 'tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = 4 : i64}>' are not supported: a qint8 value is converted from f32 (quantized) or to f32 (dequantized) only}}
  %r = "xnn.convert"(%q) : (tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = 4 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// f16 -> qint8 (XNNPACK takes it; not supported here: probe (d)).
func.func private @convert_f16_qint8(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  %h = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xf16>
  // expected-error @+1 {{'xnn.convert' op converts between 'tensor<3x4xf16>' and 'tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>' are not supported: a qint8 value is converted from f32 (quantized) or to f32 (dequantized) only}}
  %q = "xnn.convert"(%h) : (tensor<3x4xf16>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// qint8 -> f16.
func.func private @convert_qint8_f16(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  // expected-error @+1 {{'xnn.convert' op converts between 'tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>' and 'tensor<3x4xf16>' are not supported: a qint8 value is converted from f32 (quantized) or to f32 (dequantized) only}}
  %h = "xnn.convert"(%q) : (tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>) -> tensor<3x4xf16>
  return %x : tensor<3x4xf32>
}

// -----

// The bf16 rounding attributes do not apply.
func.func private @convert_qint8_attr(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op exact_input, round_to_bf16 and input_scale do not apply to qint8 converts}}
  %q = "xnn.convert"(%x) {exact_input = true} : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// Shapes are equal.
func.func private @convert_qint8_shape(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op result shape 4x3 does not match the input shape 3x4}}
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<4x3xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// A qint8 value goes into a fully connected or a convert to f32 only.
func.func private @qint8_use(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.convert' op a qint8 value may only be the input (operand #0) of xnn.fully_connected or xnn.convert, but it is operand #0 of 'xnn.static_reshape'}}
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  // expected-error @+2 {{'xnn.static_reshape' op operand #0 ('input') has element type 'i8', expected one of f32, f16, bf16: 'tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>'}}
  // expected-error @+1 {{'xnn.static_reshape' op result has element type 'i8', expected one of f32, f16, bf16: 'tensor<12xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>'}}
  %r = "xnn.static_reshape"(%q) {new_shape = array<i64: 12>} : (tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>) -> tensor<12xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// qint8 input: qcint8 weights only.
func.func private @fc_filter_qcint4(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  %w = "xnn.constant"() {value = dense<1> : tensor<2x4xi8>, scale = dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>} : () -> tensor<2x4xi8, "qcint8">
  %b = "xnn.constant"() {value = dense<[3, -4]> : tensor<2xi32>, scale = dense<[5.000000e-02, 2.500000e-02]> : tensor<2xf32>} : () -> tensor<2xi32, "qcint32">
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  %w4 = "xnn.constant"() {value = dense<1> : tensor<2x4xi8>, scale = dense<1.0> : tensor<2xf32>} : () -> tensor<2x4xi8, "qcint4">
  // expected-error @+1 {{'xnn.fully_connected' op a qint8 fully connected takes "qcint8" weights (per-channel int8), got filter 'tensor<2x4xi8, "qcint4">'}}
  %y = "xnn.fully_connected"(%q, %w4, %b) : (tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>, tensor<2x4xi8, "qcint4">, tensor<2xi32, "qcint32">) -> tensor<3x2xi8, {kind = "qint8", scale = 5.000000e-02 : f32, zero_point = 2 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// An f32 bias.
func.func private @fc_bias_f32(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  %w = "xnn.constant"() {value = dense<1> : tensor<2x4xi8>, scale = dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>} : () -> tensor<2x4xi8, "qcint8">
  %b = "xnn.constant"() {value = dense<[3, -4]> : tensor<2xi32>, scale = dense<[5.000000e-02, 2.500000e-02]> : tensor<2xf32>} : () -> tensor<2xi32, "qcint32">
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  %bf = "xnn.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  // expected-error @+1 {{'xnn.fully_connected' op the bias of a qint8 fully connected must be a "qcint32" constant (int32, scale input scale * filter scale), got 'tensor<2xf32>'}}
  %y = "xnn.fully_connected"(%q, %w, %bf) : (tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>, tensor<2x4xi8, "qcint8">, tensor<2xf32>) -> tensor<3x2xi8, {kind = "qint8", scale = 5.000000e-02 : f32, zero_point = 2 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// An f32 output.
func.func private @fc_output_f32(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  %w = "xnn.constant"() {value = dense<1> : tensor<2x4xi8>, scale = dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>} : () -> tensor<2x4xi8, "qcint8">
  %b = "xnn.constant"() {value = dense<[3, -4]> : tensor<2xi32>, scale = dense<[5.000000e-02, 2.500000e-02]> : tensor<2xf32>} : () -> tensor<2xi32, "qcint32">
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  // expected-error @+1 {{'xnn.fully_connected' op the output of a qint8 fully connected must be a qint8 tensor, got 'tensor<3x2xf32>'}}
  %y = "xnn.fully_connected"(%q, %w, %b) : (tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>, tensor<2x4xi8, "qcint8">, tensor<2xi32, "qcint32">) -> tensor<3x2xf32>
  return %x : tensor<3x4xf32>
}

// -----

// A malformed output encoding.
func.func private @fc_output_bad_dict(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  %w = "xnn.constant"() {value = dense<1> : tensor<2x4xi8>, scale = dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>} : () -> tensor<2x4xi8, "qcint8">
  %b = "xnn.constant"() {value = dense<[3, -4]> : tensor<2xi32>, scale = dense<[5.000000e-02, 2.500000e-02]> : tensor<2xf32>} : () -> tensor<2xi32, "qcint32">
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  // expected-error @+1 {{'xnn.fully_connected' op output type 'tensor<3x2xi8, {kind = "qint8", scale = 5.000000e-02 : f32}>' has a malformed qint8 encoding: missing key 'zero_point' (a qint8 encoding is {kind = "qint8", scale = <f32>, zero_point = <i64>})}}
  %y = "xnn.fully_connected"(%q, %w, %b) : (tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>, tensor<2x4xi8, "qcint8">, tensor<2xi32, "qcint32">) -> tensor<3x2xi8, {kind = "qint8", scale = 5.000000e-02 : f32}>
  return %x : tensor<3x4xf32>
}

// -----

// transpose_weights.
func.func private @fc_transpose(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  %w = "xnn.constant"() {value = dense<1> : tensor<2x4xi8>, scale = dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>} : () -> tensor<2x4xi8, "qcint8">
  %b = "xnn.constant"() {value = dense<[3, -4]> : tensor<2xi32>, scale = dense<[5.000000e-02, 2.500000e-02]> : tensor<2xf32>} : () -> tensor<2xi32, "qcint32">
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  // expected-error @+1 {{'xnn.fully_connected' op transpose_weights does not apply to quantized weights (they are [N, K])}}
  %y = "xnn.fully_connected"(%q, %w, %b) {transpose_weights = true} : (tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>, tensor<2x4xi8, "qcint8">, tensor<2xi32, "qcint32">) -> tensor<3x2xi8, {kind = "qint8", scale = 5.000000e-02 : f32, zero_point = 2 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// The result shape.
func.func private @fc_result_shape(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  %w = "xnn.constant"() {value = dense<1> : tensor<2x4xi8>, scale = dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>} : () -> tensor<2x4xi8, "qcint8">
  %b = "xnn.constant"() {value = dense<[3, -4]> : tensor<2xi32>, scale = dense<[5.000000e-02, 2.500000e-02]> : tensor<2xf32>} : () -> tensor<2xi32, "qcint32">
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  // expected-error @+1 {{'xnn.fully_connected' op result shape 3x3 does not match the fully connected shape 3x2}}
  %y = "xnn.fully_connected"(%q, %w, %b) : (tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>, tensor<2x4xi8, "qcint8">, tensor<2xi32, "qcint32">) -> tensor<3x3xi8, {kind = "qint8", scale = 5.000000e-02 : f32, zero_point = 2 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// output_min 0 and output_max 0.02 both quantize to the zero point (scale 0.05).
func.func private @fc_empty_range(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  %w = "xnn.constant"() {value = dense<1> : tensor<2x4xi8>, scale = dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>} : () -> tensor<2x4xi8, "qcint8">
  %b = "xnn.constant"() {value = dense<[3, -4]> : tensor<2xi32>, scale = dense<[5.000000e-02, 2.500000e-02]> : tensor<2xf32>} : () -> tensor<2xi32, "qcint32">
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  // expected-error @+1 {{'xnn.fully_connected' op output_min 0 and output_max 0.02 quantize to 2 and 2 (output scale 0.05, zero point 2): the quantized range must not be empty or a single value}}
  %y = "xnn.fully_connected"(%q, %w, %b) {output_min = 0.0 : f64, output_max = 0.02 : f64} : (tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>, tensor<2x4xi8, "qcint8">, tensor<2xi32, "qcint32">) -> tensor<3x2xi8, {kind = "qint8", scale = 5.000000e-02 : f32, zero_point = 2 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// A bias scale other than input scale * filter scale.
func.func private @fc_bias_scale(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  %w = "xnn.constant"() {value = dense<1> : tensor<2x4xi8>, scale = dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>} : () -> tensor<2x4xi8, "qcint8">
  %b = "xnn.constant"() {value = dense<[3, -4]> : tensor<2xi32>, scale = dense<[5.000000e-02, 2.500000e-02]> : tensor<2xf32>} : () -> tensor<2xi32, "qcint32">
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  %b2 = "xnn.constant"() {value = dense<[3, -4]> : tensor<2xi32>, scale = dense<[5.000000e-02, 2.600000e-02]> : tensor<2xf32>} : () -> tensor<2xi32, "qcint32">
  // expected-error @+1 {{'xnn.fully_connected' op bias scale 1 is 0.0260000005 but must be input scale * filter scale = 0.100000001 * 0.25 = 0.0250000004 (the product in f32): XNNPACK adds the int32 bias to the accumulator as it is and ignores its scale}}
  %y = "xnn.fully_connected"(%q, %w, %b2) : (tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>, tensor<2x4xi8, "qcint8">, tensor<2xi32, "qcint32">) -> tensor<3x2xi8, {kind = "qint8", scale = 5.000000e-02 : f32, zero_point = 2 : i64}>
  return %x : tensor<3x4xf32>
}

// -----

// Requantization scale 0.1 * 0.5 / 1e-4 = 500 >= 256.
func.func private @fc_requant_scale(%x: tensor<3x4xf32>) -> tensor<3x4xf32> attributes {xnn.delegate} {
  %w = "xnn.constant"() {value = dense<1> : tensor<2x4xi8>, scale = dense<[5.000000e-01, 2.500000e-01]> : tensor<2xf32>} : () -> tensor<2x4xi8, "qcint8">
  %b = "xnn.constant"() {value = dense<[3, -4]> : tensor<2xi32>, scale = dense<[5.000000e-02, 2.500000e-02]> : tensor<2xf32>} : () -> tensor<2xi32, "qcint32">
  %q = "xnn.convert"(%x) : (tensor<3x4xf32>) -> tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
  // expected-error @+1 {{'xnn.fully_connected' op output channel 0: requantization scale input scale * filter scale / output scale = 0.100000001 * 0.5 / 9.99999975e-05 = 500.000031 must be below 256 (XNNPACK refuses it)}}
  %y = "xnn.fully_connected"(%q, %w, %b) : (tensor<3x4xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>, tensor<2x4xi8, "qcint8">, tensor<2xi32, "qcint32">) -> tensor<3x2xi8, {kind = "qint8", scale = 1.000000e-04 : f32, zero_point = 2 : i64}>
  return %x : tensor<3x4xf32>
}
