// One constant used by an NHWC op (a conv2d filter) and by NCHW ops (view,
// linear, the return): each layout gets its own constant, results match the
// reference interpreter.
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-run %t.mlir --compare %s | FileCheck %s --check-prefix=CMP
// CMP: output 0: {{.*}} ok
// CMP: output 1: {{.*}} bitwise=equal {{.*}} ok
// CMP: output 2: {{.*}} ok

// CHECK-LABEL: func.func @forward
// CHECK: call @xnn_delegate_0
// CHECK-NOT: "edge.
// CHECK: func.func private @xnn_delegate_0
func.func @forward(%x: tensor<1x2x4x4xf32>, %y: tensor<3x4xf32>) -> (tensor<1x2x4x4xf32>, tensor<2x2xf32>, tensor<3x1xf32>) {
  %w = "edge.constant"() {value = dense<[[[[0.5]], [[-1.0]]], [[[2.0]], [[0.25]]]]> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %1 = "edge.view"(%w) : (tensor<2x2x1x1xf32>) -> tensor<2x2xf32>
  %2 = "edge.view"(%w) : (tensor<2x2x1x1xf32>) -> tensor<1x4xf32>
  %3 = "edge.linear"(%y, %2) : (tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<3x1xf32>
  return %0, %1, %3 : tensor<1x2x4x4xf32>, tensor<2x2xf32>, tensor<3x1xf32>
}
