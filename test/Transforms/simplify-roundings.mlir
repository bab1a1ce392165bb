// RUN: xnn-opt %s --split-input-file --xnn-simplify-roundings | FileCheck %s
// RUN: xnn-opt %s --split-input-file --xnn-simplify-roundings=mode=relaxed | FileCheck %s --check-prefix=RELAXED
// RUN: not xnn-opt %s --xnn-simplify-roundings=mode=fast 2>&1 | FileCheck %s --check-prefix=BADMODE
// BADMODE: invalid value 'fast' for option 'mode' of pass 'xnn-simplify-roundings' (expected one of exact|relaxed)

// DOC: a rounding that changes nothing
// A rounding of values that are bf16 already (a max pool of widened bf16)
// changes nothing: the pair goes, and the remaining convert of the returned
// value is marked exact_input (the library's plain convert is exact there).
// CHECK-LABEL: func.func private @exact_after_max
// CHECK: %[[W:.*]] = "xnn.convert"(%arg0) : (tensor<1x4x4x2xbf16>) -> tensor<1x4x4x2xf32>
// CHECK: %[[P:.*]] = "xnn.max_pooling_2d"(%[[W]])
// CHECK: %[[R:.*]] = "xnn.convert"(%[[P]]) {exact_input = true} : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xbf16>
// CHECK: %[[E:.*]] = "xnn.unary"(%[[P]]) {kind = "exp"}
// CHECK: return %[[R]], %[[E]]
func.func private @exact_after_max(%x: tensor<1x4x4x2xbf16>) -> (tensor<1x2x2x2xbf16>, tensor<1x2x2x2xf32>) attributes {xnn.delegate} {
  %0 = "xnn.convert"(%x) : (tensor<1x4x4x2xbf16>) -> tensor<1x4x4x2xf32>
  %1 = "xnn.max_pooling_2d"(%0) {padding = array<i64: 0, 0, 0, 0>, pooling = array<i64: 2, 2>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  %2 = "xnn.convert"(%1) : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xbf16>
  %3 = "xnn.convert"(%2) : (tensor<1x2x2x2xbf16>) -> tensor<1x2x2x2xf32>
  %4 = "xnn.unary"(%3) {kind = "exp"} : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %2, %4 : tensor<1x2x2x2xbf16>, tensor<1x2x2x2xf32>
}

// -----

// DOC: a rounding of a computed value
// A rounding of a computed value stays in exact mode, kept in f32 where only
// f32 ops use it (round_to_bf16: no narrowing and widening passes); relaxed
// mode keeps the f32 value for every f32 op, GEMMs included, and the rounding
// goes.
// CHECK-LABEL: func.func private @computed
// CHECK: %[[S:.*]] = "xnn.binary"(%arg0, %arg0) {kind = "add"}
// CHECK-NEXT: %[[W:.*]] = "xnn.convert"(%[[S]]) {round_to_bf16 = true} : (tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: "xnn.unary"(%[[W]]) {kind = "tanh"}
// CHECK-NEXT: "xnn.fully_connected"(%[[W]], %arg1)
// RELAXED-LABEL: func.func private @computed
// RELAXED: %[[S:.*]] = "xnn.binary"(%arg0, %arg0) {kind = "add"}
// RELAXED-NOT: "xnn.convert"
// RELAXED: "xnn.unary"(%[[S]]) {kind = "tanh"}
// RELAXED: "xnn.fully_connected"(%[[S]], %arg1)
func.func private @computed(%x: tensor<2x4xf32>, %w: tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x3xf32>) attributes {xnn.delegate} {
  %0 = "xnn.binary"(%x, %x) {kind = "add"} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = "xnn.convert"(%0) : (tensor<2x4xf32>) -> tensor<2x4xbf16>
  %2 = "xnn.convert"(%1) : (tensor<2x4xbf16>) -> tensor<2x4xf32>
  %3 = "xnn.unary"(%2) {kind = "tanh"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %4 = "xnn.fully_connected"(%2, %w) : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  return %3, %4 : tensor<2x4xf32>, tensor<2x3xf32>
}

// -----

// DOC: widening then rounding
// Widening then rounding gives the value back; the lowering's one convert per
// use becomes one convert per value.
// CHECK-LABEL: func.func private @pairs
// CHECK: %[[W:.*]] = "xnn.convert"(%arg0) : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK-NOT: "xnn.convert"
// CHECK: %[[M:.*]] = "xnn.binary"(%[[W]], %[[W]]) {kind = "multiply"}
// CHECK: %[[N:.*]] = "xnn.unary"(%arg0) {kind = "negate"}
// CHECK: return %[[M]], %[[N]]
func.func private @pairs(%x: tensor<4xbf16>) -> (tensor<4xf32>, tensor<4xbf16>) attributes {xnn.delegate} {
  %0 = "xnn.convert"(%x) : (tensor<4xbf16>) -> tensor<4xf32>
  %1 = "xnn.convert"(%x) : (tensor<4xbf16>) -> tensor<4xf32>
  %2 = "xnn.binary"(%0, %1) {kind = "multiply"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = "xnn.convert"(%0) : (tensor<4xf32>) -> tensor<4xbf16>
  %4 = "xnn.unary"(%3) {kind = "negate"} : (tensor<4xbf16>) -> tensor<4xbf16>
  return %2, %4 : tensor<4xf32>, tensor<4xbf16>
}

// -----

// A clamp keeps values bf16 only if its bounds are bf16 values: 0.1 is not.
// CHECK-LABEL: func.func private @clamp_bounds
// CHECK: "xnn.convert"(%{{.*}}) {exact_input = true} : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK: "xnn.convert"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xbf16>
func.func private @clamp_bounds(%x: tensor<4xbf16>) -> (tensor<4xbf16>, tensor<4xbf16>) attributes {xnn.delegate} {
  %0 = "xnn.convert"(%x) : (tensor<4xbf16>) -> tensor<4xf32>
  %1 = "xnn.unary"(%0) {kind = "clamp", min = -1.0 : f64, max = 6.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "xnn.unary"(%0) {kind = "clamp", min = 0.1 : f64, max = 6.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "xnn.convert"(%1) : (tensor<4xf32>) -> tensor<4xbf16>
  %4 = "xnn.convert"(%2) : (tensor<4xf32>) -> tensor<4xbf16>
  return %3, %4 : tensor<4xbf16>, tensor<4xbf16>
}

// -----

// A rounding whose bf16 value is also a result stays a convert to bf16 (the
// result needs it) and is widened for the f32 users.
// CHECK-LABEL: func.func private @rounded_and_returned
// CHECK: %[[R:.*]] = "xnn.convert"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK: %[[W:.*]] = "xnn.convert"(%[[R]]) : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK-NOT: round_to_bf16
// CHECK: return %[[R]]
func.func private @rounded_and_returned(%x: tensor<4xf32>) -> (tensor<4xbf16>, tensor<4xf32>) attributes {xnn.delegate} {
  %0 = "xnn.unary"(%x) {kind = "exp"} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "xnn.convert"(%0) : (tensor<4xf32>) -> tensor<4xbf16>
  %2 = "xnn.convert"(%1) : (tensor<4xbf16>) -> tensor<4xf32>
  %3 = "xnn.unary"(%2) {kind = "tanh"} : (tensor<4xf32>) -> tensor<4xf32>
  return %1, %3 : tensor<4xbf16>, tensor<4xf32>
}

// -----

// A clamp with bf16 bounds after a rounding moves above it, next to the
// convolution (XNNPACK fuses it there, as in f32): rounding is monotone and
// keeps the bounds, so the values are the same. With a bound that is not a
// bf16 value it stays.
// CHECK-LABEL: func.func private @clamp_before_rounding
// CHECK: %[[C:.*]] = "xnn.convolution_2d"
// CHECK-NEXT: %[[K:.*]] = "xnn.unary"(%[[C]]) {kind = "clamp", max = 6.000000e+00 : f64, min = 0.000000e+00 : f64}
// CHECK-NEXT: %[[W:.*]] = "xnn.convert"(%[[K]]) {round_to_bf16 = true}
// CHECK-NEXT: "xnn.convolution_2d"(%[[W]]
// CHECK-LABEL: func.func private @clamp_inexact_bound
// CHECK: %[[C:.*]] = "xnn.convolution_2d"
// CHECK-NEXT: %[[W:.*]] = "xnn.convert"(%[[C]]) {round_to_bf16 = true}
// CHECK-NEXT: "xnn.unary"(%[[W]]) {kind = "clamp", max = 6.000000e+00 : f64, min = 1.000000e-01 : f64}
// The lowering rounds the clamp's result too (conv, R, W, clamp, R, W): once
// the clamp moved up, the second rounding rounds bf16 values and goes.
// CHECK-LABEL: func.func private @clamp_between_roundings
// CHECK: %[[C:.*]] = "xnn.convolution_2d"
// CHECK-NEXT: %[[K:.*]] = "xnn.unary"(%[[C]]) {kind = "clamp"
// CHECK-NEXT: %[[W:.*]] = "xnn.convert"(%[[K]]) {round_to_bf16 = true}
// CHECK-NEXT: "xnn.convolution_2d"(%[[W]]
func.func private @clamp_before_rounding(%x: tensor<1x4x4x2xf32>, %w: tensor<2x1x1x2xf32>, %b: tensor<2xf32>) -> tensor<1x4x4x2xf32> attributes {xnn.delegate} {
  %0 = "xnn.convolution_2d"(%x, %w, %b) {padding = array<i64: 0, 0, 0, 0>, kernel = array<i64: 1, 1>, subsampling = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1, group_input_channels = 2, group_output_channels = 2} : (tensor<1x4x4x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %1 = "xnn.convert"(%0) : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xbf16>
  %2 = "xnn.convert"(%1) : (tensor<1x4x4x2xbf16>) -> tensor<1x4x4x2xf32>
  %3 = "xnn.unary"(%2) {kind = "clamp", min = 0.0 : f64, max = 6.0 : f64} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %4 = "xnn.convolution_2d"(%3, %w, %b) {padding = array<i64: 0, 0, 0, 0>, kernel = array<i64: 1, 1>, subsampling = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1, group_input_channels = 2, group_output_channels = 2} : (tensor<1x4x4x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  return %4 : tensor<1x4x4x2xf32>
}
func.func private @clamp_inexact_bound(%x: tensor<1x4x4x2xf32>, %w: tensor<2x1x1x2xf32>, %b: tensor<2xf32>) -> tensor<1x4x4x2xf32> attributes {xnn.delegate} {
  %0 = "xnn.convolution_2d"(%x, %w, %b) {padding = array<i64: 0, 0, 0, 0>, kernel = array<i64: 1, 1>, subsampling = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1, group_input_channels = 2, group_output_channels = 2} : (tensor<1x4x4x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %1 = "xnn.convert"(%0) : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xbf16>
  %2 = "xnn.convert"(%1) : (tensor<1x4x4x2xbf16>) -> tensor<1x4x4x2xf32>
  %3 = "xnn.unary"(%2) {kind = "clamp", min = 0.1 : f64, max = 6.0 : f64} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %4 = "xnn.convolution_2d"(%3, %w, %b) {padding = array<i64: 0, 0, 0, 0>, kernel = array<i64: 1, 1>, subsampling = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1, group_input_channels = 2, group_output_channels = 2} : (tensor<1x4x4x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  return %4 : tensor<1x4x4x2xf32>
}

func.func private @clamp_between_roundings(%x: tensor<1x4x4x2xf32>, %w: tensor<2x1x1x2xf32>, %b: tensor<2xf32>) -> tensor<1x4x4x2xf32> attributes {xnn.delegate} {
  %0 = "xnn.convolution_2d"(%x, %w, %b) {padding = array<i64: 0, 0, 0, 0>, kernel = array<i64: 1, 1>, subsampling = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1, group_input_channels = 2, group_output_channels = 2} : (tensor<1x4x4x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %1 = "xnn.convert"(%0) : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xbf16>
  %2 = "xnn.convert"(%1) : (tensor<1x4x4x2xbf16>) -> tensor<1x4x4x2xf32>
  %3 = "xnn.unary"(%2) {kind = "clamp", min = 0.0 : f64, max = 6.0 : f64} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %4 = "xnn.convert"(%3) : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xbf16>
  %5 = "xnn.convert"(%4) : (tensor<1x4x4x2xbf16>) -> tensor<1x4x4x2xf32>
  %6 = "xnn.convolution_2d"(%5, %w, %b) {padding = array<i64: 0, 0, 0, 0>, kernel = array<i64: 1, 1>, subsampling = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1, group_input_channels = 2, group_output_channels = 2} : (tensor<1x4x4x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  return %6 : tensor<1x4x4x2xf32>
}
// -----

// Two widenings of one rounding (the lowering writes one per use) merge
// first, then the rounding is kept in f32 for both users.
// CHECK-LABEL: func.func private @two_widenings
// CHECK: %[[E:.*]] = "xnn.unary"(%arg0) {kind = "exp"}
// CHECK-NEXT: %[[K:.*]] = "xnn.convert"(%[[E]]) {round_to_bf16 = true}
// CHECK-NEXT: "xnn.unary"(%[[K]]) {kind = "tanh"}
// CHECK-NEXT: "xnn.binary"(%[[K]], %[[K]]) {kind = "add"}
// CHECK-NOT: "xnn.convert"
func.func private @two_widenings(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) attributes {xnn.delegate} {
  %0 = "xnn.unary"(%x) {kind = "exp"} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "xnn.convert"(%0) : (tensor<4xf32>) -> tensor<4xbf16>
  %2 = "xnn.convert"(%1) : (tensor<4xbf16>) -> tensor<4xf32>
  %3 = "xnn.convert"(%1) : (tensor<4xbf16>) -> tensor<4xf32>
  %4 = "xnn.unary"(%2) {kind = "tanh"} : (tensor<4xf32>) -> tensor<4xf32>
  %5 = "xnn.binary"(%3, %3) {kind = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %4, %5 : tensor<4xf32>, tensor<4xf32>
}

// -----

// An op that only selects values, run in bf16 between a rounding and
// widenings only (relu on the bf16 result of a convolution), runs in f32 on
// the rounding kept in f32: same values, no narrowing and widening passes;
// the clamp then moves above the rounding, next to the convolution. Where
// another bf16 op uses its result, it stays in bf16.
// CHECK-LABEL: func.func private @lift_bf16_relu
// CHECK: %[[C:.*]] = "xnn.convolution_2d"
// CHECK-NEXT: %[[K:.*]] = "xnn.unary"(%[[C]]) {kind = "clamp", max = 0x7FF0000000000000 : f64, min = 0.000000e+00 : f64} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
// CHECK-NEXT: %[[W:.*]] = "xnn.convert"(%[[K]]) {round_to_bf16 = true} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
// CHECK-NEXT: "xnn.convolution_2d"(%[[W]]
// CHECK-LABEL: func.func private @keep_bf16_relu
// CHECK: %[[R:.*]] = "xnn.convert"(%{{.*}}) : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xbf16>
// CHECK-NEXT: %[[U:.*]] = "xnn.unary"(%[[R]]) {kind = "clamp", max = 0x7FF0000000000000 : f64, min = 0.000000e+00 : f64} : (tensor<1x4x4x2xbf16>) -> tensor<1x4x4x2xbf16>
func.func private @lift_bf16_relu(%x: tensor<1x4x4x2xf32>, %w: tensor<2x1x1x2xf32>, %b: tensor<2xf32>) -> tensor<1x4x4x2xf32> attributes {xnn.delegate} {
  %0 = "xnn.convolution_2d"(%x, %w, %b) {padding = array<i64: 0, 0, 0, 0>, kernel = array<i64: 1, 1>, subsampling = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1, group_input_channels = 2, group_output_channels = 2} : (tensor<1x4x4x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %1 = "xnn.convert"(%0) : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xbf16>
  %2 = "xnn.unary"(%1) {kind = "clamp", min = 0.0 : f64, max = 0x7FF0000000000000 : f64} : (tensor<1x4x4x2xbf16>) -> tensor<1x4x4x2xbf16>
  %3 = "xnn.convert"(%2) : (tensor<1x4x4x2xbf16>) -> tensor<1x4x4x2xf32>
  %4 = "xnn.convolution_2d"(%3, %w, %b) {padding = array<i64: 0, 0, 0, 0>, kernel = array<i64: 1, 1>, subsampling = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1, group_input_channels = 2, group_output_channels = 2} : (tensor<1x4x4x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  return %4 : tensor<1x4x4x2xf32>
}
func.func private @keep_bf16_relu(%x: tensor<1x4x4x2xf32>, %w: tensor<2x1x1x2xf32>, %b: tensor<2xf32>) -> tensor<1x4x4x2xbf16> attributes {xnn.delegate} {
  %0 = "xnn.convolution_2d"(%x, %w, %b) {padding = array<i64: 0, 0, 0, 0>, kernel = array<i64: 1, 1>, subsampling = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1, group_input_channels = 2, group_output_channels = 2} : (tensor<1x4x4x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %1 = "xnn.convert"(%0) : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xbf16>
  %2 = "xnn.unary"(%1) {kind = "clamp", min = 0.0 : f64, max = 0x7FF0000000000000 : f64} : (tensor<1x4x4x2xbf16>) -> tensor<1x4x4x2xbf16>
  %3 = "xnn.unary"(%2) {kind = "negate"} : (tensor<1x4x4x2xbf16>) -> tensor<1x4x4x2xbf16>
  return %3 : tensor<1x4x4x2xbf16>
}
