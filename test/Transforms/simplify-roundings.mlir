// RUN: xnn-opt %s --split-input-file --xnn-simplify-roundings | FileCheck %s
// RUN: xnn-opt %s --split-input-file --xnn-simplify-roundings=mode=relaxed | FileCheck %s --check-prefix=RELAXED
// RUN: not xnn-opt %s --xnn-simplify-roundings=mode=fast 2>&1 | FileCheck %s --check-prefix=BADMODE
// BADMODE: invalid value 'fast' for option 'mode' of pass 'xnn-simplify-roundings' (expected one of exact|relaxed)

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

// A rounding of a computed value stays in exact mode; relaxed mode keeps the
// f32 value for every f32 op, GEMMs included, and the rounding goes.
// CHECK-LABEL: func.func private @computed
// CHECK: %[[S:.*]] = "xnn.binary"(%arg0, %arg0) {kind = "add"}
// CHECK: %[[R:.*]] = "xnn.convert"(%[[S]]) : (tensor<2x4xf32>) -> tensor<2x4xbf16>
// CHECK: %[[W:.*]] = "xnn.convert"(%[[R]]) : (tensor<2x4xbf16>) -> tensor<2x4xf32>
// CHECK: "xnn.unary"(%[[W]]) {kind = "tanh"}
// CHECK: "xnn.fully_connected"(%[[W]], %arg1)
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
