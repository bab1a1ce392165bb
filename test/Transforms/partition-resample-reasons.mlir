// What keeps conv_transpose2d and upsample_nearest2d portable, located.
// RUN: xnn-opt %s --xnn-partition --xnn-stats -o - 2>&1 >/dev/null | FileCheck %s

// CHECK: xnn-stats: delegate segments: 1
// CHECK-NEXT: xnn-stats: delegated ops: 2
// CHECK-NEXT: xnn-stats: portable ops: 4
// CHECK-DAG: partition-resample-reasons.mlir:20:8: remark: edge.conv_transpose2d stays portable: conv_transpose2d weight is not a constant; XNNPACK's deconvolution needs static filters
// With stride 1, output_padding 1 and no padding XNNPACK's adjustment would be 1, not below the stride.
// CHECK-DAG: partition-resample-reasons.mlir:21:8: remark: edge.conv_transpose2d stays portable: conv_transpose2d with output_padding 1 > padding 0 + stride 1 - 1 in dim 2
// CHECK-DAG: partition-resample-reasons.mlir:22:8: remark: edge.upsample_nearest2d stays portable: upsample_nearest2d from 2 to 3 in dim 2: not a whole factor
// 2 -> 82: ATen's index floor(dst * (float)(2 / 82)) is not dst / 41 everywhere.
// CHECK-DAG: partition-resample-reasons.mlir:23:8: remark: edge.upsample_nearest2d stays portable: upsample_nearest2d from 2 to 82 in dim 2: ATen's float index computation picks element 0 for output 41, not a whole-factor repetition
func.func @forward(%x: tensor<1x2x2x2xf32>, %w: tensor<2x2x1x1xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x2xf32>, tensor<1x2x82x2xf32>, tensor<1x2x4x6xf32>) {
  %c = "edge.constant"() {value = dense<0.5> : tensor<2x2x3x3xf32>} : () -> tensor<2x2x3x3xf32>
  %c1 = "edge.constant"() {value = dense<0.5> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  // Delegated: output_padding 1 cancels bottom padding 1.
  %ok = "edge.conv_transpose2d"(%x, %c) {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1} : (tensor<1x2x2x2xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x4x4xf32>
  %n = "edge.upsample_nearest2d"(%x) {output_size = array<i64: 4, 6>} : (tensor<1x2x2x2xf32>) -> tensor<1x2x4x6xf32>
  // Portable:
  %0 = "edge.conv_transpose2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, output_padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
  %1 = "edge.conv_transpose2d"(%x, %c1) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, output_padding = array<i64: 1, 1>, dilation = array<i64: 2, 2>, groups = 1} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  %2 = "edge.upsample_nearest2d"(%0) {output_size = array<i64: 3, 2>} : (tensor<1x2x2x2xf32>) -> tensor<1x2x3x2xf32>
  %3 = "edge.upsample_nearest2d"(%x) {output_size = array<i64: 82, 2>} : (tensor<1x2x2x2xf32>) -> tensor<1x2x82x2xf32>
  return %ok, %1, %2, %3, %n : tensor<1x2x4x4xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x2xf32>, tensor<1x2x82x2xf32>, tensor<1x2x4x6xf32>
}
