// RUN: xnn-opt %s --split-input-file --xnn-lower | FileCheck %s
// RUN: xnn-opt %s --split-input-file --xnn-lower=bf16-rounding=relaxed | FileCheck %s --check-prefix=RELAXED

// DOC: bf16 ops computed in f32
// bf16 multiply and mean run in f32 (XNNPACK's bf16 kernels truncate their
// results; it has no bf16 reduce): each result is rounded to bf16 by a convert,
// and widened again for the next op.
// CHECK-LABEL: func.func private @bf16_rms
// CHECK: %[[A:.*]] = "xnn.convert"(%arg0) : (tensor<2x8xbf16>) -> tensor<2x8xf32>
// CHECK: %[[M:.*]] = "xnn.binary"(%[[A]], %{{.*}}) {kind = "multiply"} : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK: %[[MR:.*]] = "xnn.convert"(%[[M]]) : (tensor<2x8xf32>) -> tensor<2x8xbf16>
// CHECK: %[[W:.*]] = "xnn.convert"(%[[MR]]) : (tensor<2x8xbf16>) -> tensor<2x8xf32>
// CHECK: %[[R:.*]] = "xnn.static_reduce"(%[[W]]) {axes = array<i64: 1>, keep_dims = true, kind = "mean"} : (tensor<2x8xf32>) -> tensor<2x1xf32>
// CHECK: %[[N:.*]] = "xnn.convert"(%[[R]]) : (tensor<2x1xf32>) -> tensor<2x1xbf16>
// CHECK: return %[[N]]
func.func private @bf16_rms(%x: tensor<2x8xbf16>) -> tensor<2x1xbf16> attributes {xnn.delegate} {
  %0 = "edge.mul"(%x, %x) : (tensor<2x8xbf16>, tensor<2x8xbf16>) -> tensor<2x8xbf16>
  %1 = "edge.mean"(%0) {dims = array<i64: -1>, keepdim = true} : (tensor<2x8xbf16>) -> tensor<2x1xbf16>
  return %1 : tensor<2x1xbf16>
}

// -----

// DOC: dtype copies become converts
// Dtype copies are converts; f16 -> bf16 goes through f32; a copy that changes
// nothing becomes xnn.copy (a delegate may not return its input).
// CHECK-LABEL: func.func private @copies
// CHECK: %[[A:.*]] = "xnn.convert"(%arg0) : (tensor<4xf16>) -> tensor<4xf32>
// CHECK: %[[B:.*]] = "xnn.convert"(%[[A]]) : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK: %[[C:.*]] = "xnn.copy"(%arg0) : (tensor<4xf16>) -> tensor<4xf16>
// CHECK: return %[[B]], %[[C]]
func.func private @copies(%x: tensor<4xf16>) -> (tensor<4xbf16>, tensor<4xf16>) attributes {xnn.delegate} {
  %0 = "edge.to_copy"(%x) {dtype = bf16} : (tensor<4xf16>) -> tensor<4xbf16>
  %1 = "edge.to_copy"(%x) : (tensor<4xf16>) -> tensor<4xf16>
  return %0, %1 : tensor<4xbf16>, tensor<4xf16>
}

// -----

// DOC: bf16 linear with constant weights
// bf16 linear with constant weights: f32 compute, weights converted at compile time.
// CHECK-LABEL: func.func private @linear_bf16
// CHECK: %[[X:.*]] = "xnn.convert"(%arg0) : (tensor<2x4xbf16>) -> tensor<2x4xf32>
// CHECK: %[[W:.*]] = "xnn.constant"() {value = dense<2.000000e+00> : tensor<3x4xf32>}
// CHECK: %[[Y:.*]] = "xnn.fully_connected"(%[[X]], %[[W]]) : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
// CHECK: "xnn.convert"(%[[Y]]) : (tensor<2x3xf32>) -> tensor<2x3xbf16>
// CHECK-NOT: edge.
func.func private @linear_bf16(%x: tensor<2x4xbf16>) -> tensor<2x3xbf16> attributes {xnn.delegate} {
  %w = "edge.constant"() {value = dense<2.0> : tensor<3x4xbf16>} : () -> tensor<3x4xbf16>
  %0 = "edge.linear"(%x, %w) : (tensor<2x4xbf16>, tensor<3x4xbf16>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

// mm with a constant right operand: fully connected with the filter transposed at compile time.
// CHECK-LABEL: func.func private @mm_const
// CHECK: %[[W:.*]] = "xnn.constant"() {value = dense<{{\[\[}}1.000000e+00, 3.000000e+00], [2.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>}
// CHECK: "xnn.fully_connected"(%arg0, %[[W]])
// CHECK: %[[A3:.*]] = "xnn.static_reshape"(%arg0) : (tensor<3x2xf32>) -> tensor<1x3x2xf32>
// CHECK: %[[B3:.*]] = "xnn.static_reshape"(%arg1) : (tensor<2x2xf32>) -> tensor<1x2x2xf32>
// CHECK: %[[P:.*]] = "xnn.batch_matrix_multiply"(%[[A3]], %[[B3]]) : (tensor<1x3x2xf32>, tensor<1x2x2xf32>) -> tensor<1x3x2xf32>
// CHECK: "xnn.static_reshape"(%[[P]]) : (tensor<1x3x2xf32>) -> tensor<3x2xf32>
func.func private @mm_const(%a: tensor<3x2xf32>, %b: tensor<2x2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) attributes {xnn.delegate} {
  %w = "edge.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %0 = "edge.mm"(%a, %w) : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  %1 = "edge.mm"(%a, %b) : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  return %0, %1 : tensor<3x2xf32>, tensor<3x2xf32>
}

// -----

// gelu(tanh) has no XNNPACK node: decomposed in f32 around one tanh.
// CHECK-LABEL: func.func private @gelu_tanh
// CHECK: "xnn.convert"(%arg0) : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK-COUNT-1: "xnn.unary"({{.*}}) {kind = "tanh"}
// CHECK: "xnn.convert"({{.*}}) : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK-NOT: edge.gelu
func.func private @gelu_tanh(%x: tensor<4xbf16>) -> tensor<4xbf16> attributes {xnn.delegate} {
  %0 = "edge.gelu"(%x) {approximate = "tanh"} : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// relu and hardtanh are clamps.
// CHECK-LABEL: func.func private @clamps
// CHECK: "xnn.unary"(%arg0) {kind = "clamp", max = 0x7FF0000000000000 : f64, min = 0.000000e+00 : f64}
// CHECK: "xnn.unary"({{.*}}) {kind = "clamp", max = 6.000000e+00 : f64, min = 0.000000e+00 : f64}
func.func private @clamps(%x: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  %0 = "edge.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "edge.hardtanh"(%0) {min_val = 0.0 : f64, max_val = 6.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// silu = x * sigmoid(x); hardsigmoid = ATen's min(max(x + 3, 0), 6) / 6 as
// add, clamp, divide; hardswish, leaky_relu and elu are one node each, with
// ATen's default parameter written out.
// CHECK-LABEL: func.func private @activations
// CHECK: %[[S:.*]] = "xnn.unary"(%arg0) {kind = "sigmoid"} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: %[[SILU:.*]] = "xnn.binary"(%arg0, %[[S]]) {kind = "multiply"}
// CHECK: %[[HSW:.*]] = "xnn.unary"(%arg0) {kind = "hardswish"} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: %[[THREE:.*]] = "xnn.constant"() {value = dense<3.000000e+00> : tensor<1xf32>}
// CHECK: %[[ADD:.*]] = "xnn.binary"(%arg0, %[[THREE]]) {kind = "add"}
// CHECK: %[[CL:.*]] = "xnn.unary"(%[[ADD]]) {kind = "clamp", max = 6.000000e+00 : f64, min = 0.000000e+00 : f64}
// CHECK: %[[SIX:.*]] = "xnn.constant"() {value = dense<6.000000e+00> : tensor<1xf32>}
// CHECK: %[[HSG:.*]] = "xnn.binary"(%[[CL]], %[[SIX]]) {kind = "divide"}
// CHECK: %[[LR:.*]] = "xnn.unary"(%arg0) {kind = "leaky_relu", negative_slope = 1.000000e-02 : f64}
// CHECK: %[[ELU:.*]] = "xnn.unary"(%arg0) {alpha = 5.000000e-01 : f64, kind = "elu"}
// CHECK: return %[[SILU]], %[[HSW]], %[[HSG]], %[[LR]], %[[ELU]]
func.func private @activations(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) attributes {xnn.delegate} {
  %0 = "edge.silu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "edge.hardswish"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "edge.hardsigmoid"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "edge.leaky_relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "edge.elu"(%x) {alpha = 0.5 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// f16: silu and hardswish run in f32 (XNNPACK's f16 sigmoid and hardswish are
// ulps off), leaky_relu natively; bf16 elu computes in f32 and rounds once.
// CHECK-LABEL: func.func private @activations_f16
// CHECK: %[[W:.*]] = "xnn.convert"(%arg0) : (tensor<4xf16>) -> tensor<4xf32>
// CHECK: %[[S:.*]] = "xnn.unary"(%[[W]]) {kind = "sigmoid"} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: %[[M:.*]] = "xnn.binary"(%[[W]], %[[S]]) {kind = "multiply"}
// CHECK: "xnn.convert"(%[[M]]) : (tensor<4xf32>) -> tensor<4xf16>
// CHECK: %[[W2:.*]] = "xnn.convert"(%arg0) : (tensor<4xf16>) -> tensor<4xf32>
// CHECK: %[[H:.*]] = "xnn.unary"(%[[W2]]) {kind = "hardswish"} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: "xnn.convert"(%[[H]]) : (tensor<4xf32>) -> tensor<4xf16>
// CHECK: "xnn.unary"(%arg0) {kind = "leaky_relu", negative_slope = 2.000000e-01 : f64} : (tensor<4xf16>) -> tensor<4xf16>
// CHECK: %[[BW:.*]] = "xnn.convert"(%arg1) : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK: %[[E:.*]] = "xnn.unary"(%[[BW]]) {alpha = 1.000000e+00 : f64, kind = "elu"} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: "xnn.convert"(%[[E]]) : (tensor<4xf32>) -> tensor<4xbf16>
func.func private @activations_f16(%x: tensor<4xf16>, %b: tensor<4xbf16>) -> (tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xbf16>) attributes {xnn.delegate} {
  %0 = "edge.silu"(%x) : (tensor<4xf16>) -> tensor<4xf16>
  %1 = "edge.hardswish"(%x) : (tensor<4xf16>) -> tensor<4xf16>
  %2 = "edge.leaky_relu"(%x) {negative_slope = 0.2 : f64} : (tensor<4xf16>) -> tensor<4xf16>
  %3 = "edge.elu"(%b) : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0, %1, %2, %3 : tensor<4xf16>, tensor<4xf16>, tensor<4xf16>, tensor<4xbf16>
}

// -----

// clamp: an absent bound is infinite; a range holding 0 strictly below its
// maximum is one clamp node, any other is binary maximum / minimum (no node
// for an infinite side); min > max is [max, max] (ATen's result is max); a
// NaN bound given alone is ignored, as ATen's std::min(x, NaN) = x (with both
// bounds given ATen fills NaN: that clamp stays portable, see partition.mlir).
// CHECK-LABEL: func.func private @clamp
// CHECK: %[[A:.*]] = "xnn.unary"(%arg0) {kind = "clamp", max = 1.000000e+00 : f64, min = -1.000000e+00 : f64}
// CHECK: %[[B:.*]] = "xnn.unary"(%arg0) {kind = "clamp", max = 2.000000e+00 : f64, min = 0xFFF0000000000000 : f64}
// CHECK: %[[H:.*]] = "xnn.constant"() {value = dense<5.000000e-01> : tensor<1xf32>}
// CHECK: %[[C:.*]] = "xnn.binary"(%arg0, %[[H]]) {kind = "maximum"}
// CHECK-NOT: "minimum"
// CHECK: %[[ONE:.*]] = "xnn.constant"() {value = dense<1.000000e+00> : tensor<1xf32>}
// CHECK: %[[D0:.*]] = "xnn.binary"(%arg0, %[[ONE]]) {kind = "maximum"}
// CHECK: %[[ONE2:.*]] = "xnn.constant"() {value = dense<1.000000e+00> : tensor<1xf32>}
// CHECK: %[[D:.*]] = "xnn.binary"(%[[D0]], %[[ONE2]]) {kind = "minimum"}
// CHECK: %[[E:.*]] = "xnn.unary"(%arg0) {kind = "clamp", max = 0x7FF0000000000000 : f64, min = 0xFFF0000000000000 : f64}
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
func.func private @clamp(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) attributes {xnn.delegate} {
  %0 = "edge.clamp"(%x) {min = -1.0 : f64, max = 1.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "edge.clamp"(%x) {max = 2.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "edge.clamp"(%x) {min = 0.5 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "edge.clamp"(%x) {min = 2.0 : f64, max = 1.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "edge.clamp"(%x) {max = 0x7FF8000000000000 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
// -----

// NHWC: conv input/output physical NHWC; OIHW weights become OHWI f32 data;
// layout copies become transposes.
// CHECK-LABEL: func.func private @conv_nhwc
// CHECK: %[[T:.*]] = "xnn.static_transpose"(%arg0) {perm = array<i64: 0, 2, 3, 1>{{.*}}} : (tensor<1x2x5x5xf32>) -> tensor<1x5x5x2xf32>
// CHECK: %[[W:.*]] = "xnn.constant"() {value = dense<1.000000e+00> : tensor<3x3x3x2xf32>}
// CHECK: %[[C:.*]] = "xnn.convolution_2d"(%[[T]], %[[W]]) {dilation = array<i64: 1, 1>, group_input_channels = 2 : i64, group_output_channels = 3 : i64, groups = 1 : i64, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1, 1, 1>, subsampling = array<i64: 1, 1>{{.*}}} : (tensor<1x5x5x2xf32>, tensor<3x3x3x2xf32>) -> tensor<1x5x5x3xf32>
// CHECK: %[[O:.*]] = "xnn.static_transpose"(%[[C]]) {perm = array<i64: 0, 3, 1, 2>} : (tensor<1x5x5x3xf32>) -> tensor<1x3x5x5xf32>
// CHECK: return %[[O]]
func.func private @conv_nhwc(%x: tensor<1x2x5x5xf32>) -> tensor<1x3x5x5xf32> attributes {xnn.delegate} {
  %w = "edge.constant"() {value = dense<1.0> : tensor<3x2x3x3xf32>} : () -> tensor<3x2x3x3xf32>
  %0 = "edge.to_copy"(%x) {memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x2x5x5xf32>) -> tensor<1x2x5x5xf32>
  %1 = "edge.conv2d"(%0, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, xnn.layout = "NHWC"} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x5x5xf32>
  %2 = "edge.to_copy"(%1) {memory_format = "contiguous"} : (tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  return %2 : tensor<1x3x5x5xf32>
}

// -----

// Axis ops on NHWC values use the physical axis: cat over C is axis 3, mean over H, W is axes 1, 2.
// CHECK-LABEL: func.func private @nhwc_axes
// CHECK: "xnn.concatenate"({{.*}}) {axis = 3 : i64{{.*}}} : (tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>) -> tensor<1x4x4x4xf32>
// CHECK: "xnn.static_reduce"({{.*}}) {axes = array<i64: 1, 2>, keep_dims = true, kind = "mean"{{.*}}} : (tensor<1x4x4x4xf32>) -> tensor<1x1x1x4xf32>
func.func private @nhwc_axes(%x: tensor<1x2x4x4xf32>) -> tensor<1x4x1x1xf32> attributes {xnn.delegate} {
  %0 = "edge.to_copy"(%x) {memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %1 = "edge.cat"(%0, %0) {dim = 1 : i64, xnn.layout = "NHWC"} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x4x4x4xf32>
  %2 = "edge.mean"(%1) {dims = array<i64: 2, 3>, keepdim = true, xnn.layout = "NHWC"} : (tensor<1x4x4x4xf32>) -> tensor<1x4x1x1xf32>
  %3 = "edge.to_copy"(%2) {memory_format = "contiguous"} : (tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xf32>
  return %3 : tensor<1x4x1x1xf32>
}

// -----

// Data movement: view, permute, slice (ATen bounds), cat of more than five inputs.
// CHECK-LABEL: func.func private @movement
// CHECK: "xnn.static_reshape"(%arg0) : (tensor<2x6xf32>) -> tensor<3x4xf32>
// CHECK: "xnn.static_transpose"(%arg0) {perm = array<i64: 1, 0>} : (tensor<2x6xf32>) -> tensor<6x2xf32>
// CHECK: "xnn.static_slice"(%arg0) {offsets = array<i64: 0, 4>, sizes = array<i64: 2, 2>} : (tensor<2x6xf32>) -> tensor<2x2xf32>
// CHECK: "xnn.concatenate"({{.*}}) {axis = 0 : i64} : (tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<10x6xf32>
// CHECK: "xnn.concatenate"({{.*}}) {axis = 0 : i64} : (tensor<10x6xf32>, tensor<2x6xf32>) -> tensor<12x6xf32>
func.func private @movement(%x: tensor<2x6xf32>) -> (tensor<3x4xf32>, tensor<6x2xf32>, tensor<2x2xf32>, tensor<12x6xf32>) attributes {xnn.delegate} {
  %0 = "edge.view"(%x) : (tensor<2x6xf32>) -> tensor<3x4xf32>
  %1 = "edge.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<2x6xf32>) -> tensor<6x2xf32>
  %2 = "edge.slice"(%x) {dim = -1 : i64, start = -2 : i64, end = 9223372036854775807 : i64, step = 1 : i64} : (tensor<2x6xf32>) -> tensor<2x2xf32>
  %3 = "edge.cat"(%x, %x, %x, %x, %x, %x) {dim = 0 : i64} : (tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<12x6xf32>
  return %0, %1, %2, %3 : tensor<3x4xf32>, tensor<6x2xf32>, tensor<2x2xf32>, tensor<12x6xf32>
}

// -----

// unsqueeze / squeeze are reshapes, transpose a static transpose.
// CHECK-LABEL: func.func private @squeeze_transpose
// CHECK: "xnn.static_reshape"(%arg0) : (tensor<2x1x6xf32>) -> tensor<2x1x1x6xf32>
// CHECK: "xnn.static_reshape"(%arg0) : (tensor<2x1x6xf32>) -> tensor<2x6xf32>
// CHECK: "xnn.static_transpose"(%arg0) {perm = array<i64: 2, 1, 0>} : (tensor<2x1x6xf32>) -> tensor<6x1x2xf32>
func.func private @squeeze_transpose(%x: tensor<2x1x6xf32>) -> (tensor<2x1x1x6xf32>, tensor<2x6xf32>, tensor<6x1x2xf32>) attributes {xnn.delegate} {
  %0 = "edge.unsqueeze"(%x) {dim = 1 : i64} : (tensor<2x1x6xf32>) -> tensor<2x1x1x6xf32>
  %1 = "edge.squeeze"(%x) {dims = array<i64: 1>} : (tensor<2x1x6xf32>) -> tensor<2x6xf32>
  %2 = "edge.transpose"(%x) {dim0 = -1 : i64, dim1 = 0 : i64} : (tensor<2x1x6xf32>) -> tensor<6x1x2xf32>
  return %0, %1, %2 : tensor<2x1x1x6xf32>, tensor<2x6xf32>, tensor<6x1x2xf32>
}

// -----

// expand repeats by concatenation (doublings, then the binary digits of the
// size), constant_pad_nd crops with a slice then pads, roll is two slices and
// a concatenate per dim.
// CHECK-LABEL: func.func private @expand_pad_roll
// CHECK: %[[R:.*]] = "xnn.static_reshape"(%arg0) : (tensor<3x1xf32>) -> tensor<1x3x1xf32>
// CHECK: %[[D2:.*]] = "xnn.concatenate"(%[[R]], %[[R]]) {axis = 0 : i64} : (tensor<1x3x1xf32>, tensor<1x3x1xf32>) -> tensor<2x3x1xf32>
// CHECK: %[[C1:.*]] = "xnn.concatenate"(%[[D2]], %[[D2]]) {axis = 2 : i64} : (tensor<2x3x1xf32>, tensor<2x3x1xf32>) -> tensor<2x3x2xf32>
// CHECK: %[[C2:.*]] = "xnn.concatenate"(%[[C1]], %[[C1]]) {axis = 2 : i64} : (tensor<2x3x2xf32>, tensor<2x3x2xf32>) -> tensor<2x3x4xf32>
// CHECK: "xnn.concatenate"(%[[D2]], %[[C2]]) {axis = 2 : i64} : (tensor<2x3x1xf32>, tensor<2x3x4xf32>) -> tensor<2x3x5xf32>
// CHECK: %[[S:.*]] = "xnn.static_slice"(%arg0) {offsets = array<i64: 1, 0>, sizes = array<i64: 2, 1>} : (tensor<3x1xf32>) -> tensor<2x1xf32>
// CHECK: "xnn.static_constant_pad"(%[[S]]) {padding_value = 1.500000e+00 : f64, post_paddings = array<i64: 0, 2>, pre_paddings = array<i64: 0, 1>} : (tensor<2x1xf32>) -> tensor<2x4xf32>
// CHECK: %[[A:.*]] = "xnn.static_slice"(%arg0) {offsets = array<i64: 2, 0>, sizes = array<i64: 1, 1>}
// CHECK: %[[B:.*]] = "xnn.static_slice"(%arg0) {offsets = array<i64: 0, 0>, sizes = array<i64: 2, 1>}
// CHECK: "xnn.concatenate"(%[[A]], %[[B]]) {axis = 0 : i64} : (tensor<1x1xf32>, tensor<2x1xf32>) -> tensor<3x1xf32>
func.func private @expand_pad_roll(%x: tensor<3x1xf32>) -> (tensor<2x3x5xf32>, tensor<2x4xf32>, tensor<3x1xf32>) attributes {xnn.delegate} {
  %0 = "edge.expand"(%x) : (tensor<3x1xf32>) -> tensor<2x3x5xf32>
  %1 = "edge.constant_pad_nd"(%x) {pad = array<i64: 1, 2, -1, 0>, value = 1.5 : f64} : (tensor<3x1xf32>) -> tensor<2x4xf32>
  %2 = "edge.roll"(%x) {shifts = array<i64: -5>, dims = array<i64: 0>} : (tensor<3x1xf32>) -> tensor<3x1xf32>
  return %0, %1, %2 : tensor<2x3x5xf32>, tensor<2x4xf32>, tensor<3x1xf32>
}

// -----

// split: one static slice per piece.
// CHECK-LABEL: func.func private @split
// CHECK: "xnn.static_slice"(%arg0) {offsets = array<i64: 0, 0>, sizes = array<i64: 2, 1>} : (tensor<2x5xf32>) -> tensor<2x1xf32>
// CHECK: "xnn.static_slice"(%arg0) {offsets = array<i64: 0, 1>, sizes = array<i64: 2, 4>} : (tensor<2x5xf32>) -> tensor<2x4xf32>
func.func private @split(%x: tensor<2x5xf32>) -> (tensor<2x1xf32>, tensor<2x4xf32>) attributes {xnn.delegate} {
  %0:2 = "edge.split"(%x) {dim = -1 : i64, split_sizes = array<i64: 1, 4>} : (tensor<2x5xf32>) -> (tensor<2x1xf32>, tensor<2x4xf32>)
  return %0#0, %0#1 : tensor<2x1xf32>, tensor<2x4xf32>
}

// -----

// DOC: bf16 ops XNNPACK runs natively
// Ops that never round (relu, neg) stay native bf16 in exact mode;
// bf16-rounding=relaxed computes every bf16 op in f32.
// CHECK-LABEL: func.func private @native_bf16
// CHECK-NEXT: "xnn.unary"(%arg0) {kind = "clamp", {{.*}}} : (tensor<4xbf16>) -> tensor<4xbf16>
// CHECK-NEXT: "xnn.unary"(%{{.*}}) {kind = "negate"} : (tensor<4xbf16>) -> tensor<4xbf16>
// CHECK-NEXT: return
// RELAXED-LABEL: func.func private @native_bf16
// RELAXED-NEXT: "xnn.convert"(%arg0) : (tensor<4xbf16>) -> tensor<4xf32>
// RELAXED-NEXT: "xnn.unary"(%{{.*}}) {kind = "clamp", {{.*}}} : (tensor<4xf32>) -> tensor<4xf32>
// RELAXED: "xnn.unary"(%{{.*}}) {kind = "negate"} : (tensor<4xf32>) -> tensor<4xf32>
func.func private @native_bf16(%x: tensor<4xbf16>) -> tensor<4xbf16> attributes {xnn.delegate} {
  %0 = "edge.relu"(%x) : (tensor<4xbf16>) -> tensor<4xbf16>
  %1 = "edge.neg"(%0) : (tensor<4xbf16>) -> tensor<4xbf16>
  return %1 : tensor<4xbf16>
}
