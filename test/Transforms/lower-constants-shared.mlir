// Constants materialise once per delegate and form: consumers wanting the
// same dtype and layout share one xnn.constant (a 260-layer gemma3 wrote its
// rope tables and mask out once per layer: 2.3x the input's size). A splat
// stays a splat through every conversion; a table that only starts with
// equal elements is not made one.
// RUN: xnn-opt %s --split-input-file --xnn-lower | FileCheck %s
// RUN: xnn-opt %s --split-input-file --xnn-lower=bf16-rounding=relaxed | FileCheck %s --check-prefix=RELAXED

// Three adds of one bf16 table (added in f32): one f32 constant.
// CHECK-LABEL: func.func private @shared_table
// CHECK: %[[C:.*]] = "xnn.constant"() {value = dense<{{\[\[}}1.000000e+00, 1.000000e+00, 1.000000e+00], [2.000000e+00, 2.000000e+00, 2.000000e+00]]> : tensor<2x3xf32>}
// CHECK-NOT: xnn.constant
// CHECK-COUNT-3: "xnn.binary"(%{{.*}}, %[[C]])
// RELAXED-LABEL: func.func private @shared_table
// RELAXED: %[[C:.*]] = "xnn.constant"() {value = dense<{{\[\[}}1.000000e+00, 1.000000e+00, 1.000000e+00], [2.000000e+00, 2.000000e+00, 2.000000e+00]]> : tensor<2x3xf32>}
// RELAXED-NOT: xnn.constant
// RELAXED-COUNT-3: "xnn.binary"(%{{.*}}, %[[C]])
func.func private @shared_table(%x: tensor<2x3xbf16>) -> tensor<2x3xbf16> attributes {xnn.delegate} {
  %t = "edge.constant"() {value = dense<[[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %0 = "edge.add"(%x, %t) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %1 = "edge.add"(%0, %t) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %2 = "edge.add"(%1, %t) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  return %2 : tensor<2x3xbf16>
}

// -----

// A splat, widened to f32 (relaxed) and used twice: one splat constant.
// CHECK-LABEL: func.func private @shared_splat
// CHECK: %[[C:.*]] = "xnn.constant"() {value = dense<1.000000e+00> : tensor<64x64xf32>}
// CHECK-NOT: xnn.constant
// CHECK-NOT: 0x
// CHECK-COUNT-2: "xnn.binary"(%{{.*}}, %[[C]])
// RELAXED-LABEL: func.func private @shared_splat
// RELAXED: %[[C:.*]] = "xnn.constant"() {value = dense<1.000000e+00> : tensor<64x64xf32>}
// RELAXED-NOT: xnn.constant
// RELAXED-NOT: 0x
// RELAXED-COUNT-2: "xnn.binary"(%{{.*}}, %[[C]])
func.func private @shared_splat(%x: tensor<64x64xbf16>) -> tensor<64x64xbf16> attributes {xnn.delegate} {
  %t = "edge.constant"() {value = dense<1.0> : tensor<64x64xbf16>} : () -> tensor<64x64xbf16>
  %0 = "edge.mul"(%x, %t) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  %1 = "edge.mul"(%0, %t) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
  return %1 : tensor<64x64xbf16>
}

