// Partitioning and lowering of the edge ops ExecuTorch's XNNPACK op tests
// need (issue 29): what is delegated, and each portable op's located reason.
// RUN: xnn-opt %s --split-input-file --xnn-delegate --xnn-stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: xnn-opt %s --split-input-file --xnn-delegate | FileCheck %s

// prelu: a binary prelu node; the [C] slope broadcasts along NHWC's innermost
// channels, [C, 1] along a rank-3 NCHW value's dim 1.
// STATS: xnn-stats: delegate segments: 1
// STATS: xnn-stats: portable ops: 0
// CHECK-LABEL: func.func @prelu
// CHECK: "xnn.static_transpose"
// CHECK: "xnn.binary"({{.*}}) {kind = "prelu", xnn.layout = "NHWC"} : (tensor<1x3x2x5xf32>, tensor<5xf32>) -> tensor<1x3x2x5xf32>
// CHECK: "xnn.static_reshape"({{.*}}) : (tensor<4xf32>) -> tensor<4x1xf32>
// CHECK: "xnn.binary"({{.*}}) {kind = "prelu"} : (tensor<2x4x6xf32>, tensor<4x1xf32>) -> tensor<2x4x6xf32>
func.func @prelu(%x: tensor<1x5x3x2xf32>, %y: tensor<2x4x6xf32>) -> (tensor<1x5x3x2xf32>, tensor<2x4x6xf32>) {
  %w = "edge.constant"() {value = dense<[0.1, 0.2, 0.3, 0.4, 0.5]> : tensor<5xf32>} : () -> tensor<5xf32>
  %v = "edge.constant"() {value = dense<[0.1, 0.2, 0.3, 0.4]> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "edge.prelu"(%x, %w) : (tensor<1x5x3x2xf32>, tensor<5xf32>) -> tensor<1x5x3x2xf32>
  %1 = "edge.prelu"(%y, %v) : (tensor<2x4x6xf32>, tensor<4xf32>) -> tensor<2x4x6xf32>
  return %0, %1 : tensor<1x5x3x2xf32>, tensor<2x4x6xf32>
}

// -----

// STATS: xnn-stats: delegate segments: 0
// STATS: partition-et-ops.mlir:[[# @LINE + 2]]:8: remark: edge.prelu stays portable: prelu of a 0-d tensor
func.func @prelu_rank0(%x: tensor<f32>, %w: tensor<1xf32>) -> tensor<f32> {
  %0 = "edge.prelu"(%x, %w) : (tensor<f32>, tensor<1xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}
