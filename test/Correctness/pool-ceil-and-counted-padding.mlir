// Pools real models use (torchvision's googlenet, inception_v3, maxvit) that
// the pinned XNNPACK has no flag for, delegated exactly:
// - max_pool2d with ceil_mode: the extra windows overhang the bottom and
//   right; more implicit padding there (XNNPACK's max pooling ignores it).
// - avg_pool2d with padding: PyTorch divides by the whole window, padding
//   included (count_include_pad); XNNPACK's implicit padding is not counted,
//   so the lowering pads with zeros explicitly and pools without padding.
// RUN: xnn-opt %s --xnn-delegate --xnn-stats -o %t.mlir 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-run %t.mlir --func max_ceil --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func max_ceil_padded --seed 3 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func avg_counted_padding --seed 5 --compare %s | FileCheck %s --check-prefix=CMP
// CMP: output 0: {{.*}} ok
// STATS: xnn-stats: delegate segments: 3
// STATS: xnn-stats: portable ops: 0

// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: "xnn.max_pooling_2d"({{.*}}) {dilation = array<i64: 1, 1>, padding = array<i64: 0, 1, 1, 0>, pooling = array<i64: 3, 3>, stride = array<i64: 2, 2>
func.func @max_ceil(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %0 = "edge.max_pool2d"(%x) {kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// Padding 1 and ceil: 7 + 2 - 3 = 6, ceil(6 / 2) + 1 = 4 windows, the last
// starting inside the input.
// CHECK-LABEL: func.func private @xnn_delegate_1
// CHECK: "xnn.max_pooling_2d"({{.*}}) {dilation = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>
func.func @max_ceil_padded(%x: tensor<1x2x7x7xf32>) -> tensor<1x2x4x4xf32> {
  %0 = "edge.max_pool2d"(%x) {kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, ceil_mode = true} : (tensor<1x2x7x7xf32>) -> tensor<1x2x4x4xf32>
  return %0 : tensor<1x2x4x4xf32>
}

// CHECK-LABEL: func.func private @xnn_delegate_2
// CHECK: %[[P:.*]] = "xnn.static_constant_pad"({{.*}}) {padding_value = 0.000000e+00 : f64, post_paddings = array<i64: 0, 1, 1, 0>, pre_paddings = array<i64: 0, 1, 1, 0>
// CHECK: "xnn.average_pooling_2d"(%[[P]]) {padding = array<i64: 0, 0, 0, 0>, pooling = array<i64: 3, 3>, stride = array<i64: 1, 1>
func.func @avg_counted_padding(%x: tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32> {
  %0 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 1>} : (tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  return %0 : tensor<1x3x5x5xf32>
}
