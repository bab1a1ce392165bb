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

// -----

// avg_pool2d: padding XNNPACK must not count is its implicit padding
// (count_include_pad = false; ceil_mode's overhang at the bottom and right,
// here one row and column on 10x10 with kernel 3, stride 2, padding 1);
// padding PyTorch counts is an explicit zero pad first.
// STATS: xnn-stats: delegate segments: 1
// STATS: xnn-stats: portable ops: 2
// STATS-DAG: partition-et-ops.mlir:[[# @LINE + 14]]:8: remark: edge.avg_pool2d stays portable: avg_pool2d with divisor_override 5, not the window size 9
// STATS-DAG: partition-et-ops.mlir:[[# @LINE + 14]]:8: remark: edge.avg_pool2d stays portable: avg_pool2d with divisor_override and ceil_mode windows overhanging the input in dim 2
// CHECK-LABEL: func.func @avg_pool
// CHECK: "xnn.average_pooling_2d"(%{{.*}}) {padding = array<i64: 1, 1, 1, 1>, pooling = array<i64: 3, 3>, stride = array<i64: 2, 2>
// CHECK: "xnn.average_pooling_2d"(%{{.*}}) {padding = array<i64: 1, 2, 2, 1>, pooling = array<i64: 3, 3>, stride = array<i64: 2, 2>
// CHECK: "xnn.static_constant_pad"(%{{.*}}) {padding_value = 0.000000e+00 : f64, post_paddings = array<i64: 0, 1, 1, 0>, pre_paddings = array<i64: 0, 1, 1, 0>
// CHECK-NEXT: "xnn.average_pooling_2d"(%{{.*}}) {padding = array<i64: 0, 1, 1, 0>, pooling = array<i64: 3, 3>, stride = array<i64: 2, 2>
// CHECK: "xnn.static_constant_pad"
// CHECK-NEXT: "xnn.average_pooling_2d"(%{{.*}}) {padding = array<i64: 0, 0, 0, 0>, pooling = array<i64: 3, 3>, stride = array<i64: 2, 2>
func.func @avg_pool(%x: tensor<1x2x10x10xf32>) -> (tensor<1x2x5x5xf32>, tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>, tensor<1x2x5x5xf32>, tensor<1x2x5x5xf32>, tensor<1x2x6x6xf32>) {
  %0 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, count_include_pad = false} : (tensor<1x2x10x10xf32>) -> tensor<1x2x5x5xf32>
  %1 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, ceil_mode = true, count_include_pad = false} : (tensor<1x2x10x10xf32>) -> tensor<1x2x6x6xf32>
  %2 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x2x10x10xf32>) -> tensor<1x2x6x6xf32>
  %3 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, divisor_override = 9 : i64} : (tensor<1x2x10x10xf32>) -> tensor<1x2x5x5xf32>
  %4 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, divisor_override = 5 : i64} : (tensor<1x2x10x10xf32>) -> tensor<1x2x5x5xf32>
  %5 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, ceil_mode = true, divisor_override = 9 : i64} : (tensor<1x2x10x10xf32>) -> tensor<1x2x6x6xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<1x2x5x5xf32>, tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>, tensor<1x2x5x5xf32>, tensor<1x2x5x5xf32>, tensor<1x2x6x6xf32>
}

// -----

// amax / argmax (max.dim's values and indices): the pinned XNNPACK's reduce
// has sum and mean only, so both stay portable, located; the add after them
// is still delegated.
// STATS: xnn-stats: delegate segments: 1
// STATS: xnn-stats: portable ops: 2
// STATS-DAG: partition-et-ops.mlir:[[# @LINE + 6]]:8: remark: edge.amax stays portable: amax: the pinned XNNPACK's reduce has sum and mean only (no max)
// STATS-DAG: partition-et-ops.mlir:[[# @LINE + 6]]:8: remark: edge.argmax stays portable: argmax: the pinned XNNPACK's reduce has sum and mean only (no max), and no integer tensors for the i64 indices
// CHECK-LABEL: func.func @max_dim
// CHECK: "edge.amax"
// CHECK: "edge.argmax"
func.func @max_dim(%x: tensor<2x3x4xf32>) -> (tensor<2x1x4xf32>, tensor<2x4xi64>) {
  %0 = "edge.amax"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  %1 = "edge.argmax"(%x) {dim = 1 : i64, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<2x4xi64>
  %2 = "edge.add"(%0, %0) : (tensor<2x1x4xf32>, tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
  return %2, %1 : tensor<2x1x4xf32>, tensor<2x4xi64>
}

// -----

// max_pool2d_with_indices: the values are a delegated max_pool2d, the i64
// indices stay portable, located.
// STATS: xnn-stats: delegate segments: 1
// STATS: xnn-stats: portable ops: 1
// STATS: partition-et-ops.mlir:[[# @LINE + 5]]:8: remark: edge.max_pool2d_indices stays portable: max_pool2d's i64 indices: the pinned XNNPACK has no integer tensors
// CHECK-LABEL: func.func @max_pool_indices
// CHECK: "xnn.max_pooling_2d"
func.func @max_pool_indices(%x: tensor<1x2x6x6xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xi64>) {
  %0 = "edge.max_pool2d"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x2x6x6xf32>) -> tensor<1x2x3x3xf32>
  %1 = "edge.max_pool2d_indices"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x2x6x6xf32>) -> tensor<1x2x3x3xi64>
  return %0, %1 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xi64>
}

// -----

// _upsample_bilinear2d_aa: portable, located.
// STATS: xnn-stats: delegate segments: 0
// STATS: xnn-stats: portable ops: 1
// STATS: partition-et-ops.mlir:[[# @LINE + 4]]:8: remark: edge.upsample_bilinear2d_aa stays portable: antialiased bilinear upsampling: XNNPACK's bilinear resize has no antialiasing filter
// CHECK-LABEL: func.func @upsample_aa
// CHECK: "edge.upsample_bilinear2d_aa"
func.func @upsample_aa(%x: tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32> {
  %0 = "edge.upsample_bilinear2d_aa"(%x) {output_size = array<i64: 4, 4>, align_corners = false} : (tensor<1x2x8x8xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}
