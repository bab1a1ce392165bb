// edge.split (one result per piece): one xnn.static_slice per piece (xnn.copy
// for a piece that is the whole operand), bitwise equal to the reference in
// f32, f16 and bf16 (bf16 slices in f32: the library refuses bf16 slices),
// on an NHWC conv result (physical axis), and with pieces used inside and
// outside the delegate; a split with an empty piece stays portable.
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-opt %s --xnn-delegate --xnn-stats -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: xnn-run %t.mlir --func f32 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func f16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func bf16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func after_conv --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func mixed --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func empty_piece --compare %s | FileCheck %s --check-prefix=CMP
// CMP: output 0: {{.*}} bitwise=equal {{.*}} ok
// CMP-NOT: bitwise=differ
// The split with an empty piece and the embedding stay portable.
// STATS: portable ops: 2

// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: "xnn.static_slice"(%arg0) {offsets = array<i64: 0, 0, 0>, sizes = array<i64: 2, 2, 3>} : (tensor<2x7x3xf32>) -> tensor<2x2x3xf32>
// CHECK: "xnn.static_slice"(%arg0) {offsets = array<i64: 0, 2, 0>, sizes = array<i64: 2, 5, 3>} : (tensor<2x7x3xf32>) -> tensor<2x5x3xf32>
// CHECK: "xnn.static_slice"(%arg0) {offsets = array<i64: 0, 0, 1>, sizes = array<i64: 2, 7, 2>}
// CHECK: "xnn.copy"(%arg0)
func.func @f32(%x: tensor<2x7x3xf32>) -> (tensor<2x2x3xf32>, tensor<2x5x3xf32>, tensor<2x7x1xf32>, tensor<2x7x2xf32>, tensor<2x7x3xf32>) {
  %0:2 = "edge.split"(%x) {split_sizes = array<i64: 2, 5>, dim = 1 : i64} : (tensor<2x7x3xf32>) -> (tensor<2x2x3xf32>, tensor<2x5x3xf32>)
  %1:2 = "edge.split"(%x) {split_sizes = array<i64: 1, 2>, dim = -1 : i64} : (tensor<2x7x3xf32>) -> (tensor<2x7x1xf32>, tensor<2x7x2xf32>)
  %2 = "edge.split"(%x) {split_sizes = array<i64: 3>, dim = 2 : i64} : (tensor<2x7x3xf32>) -> tensor<2x7x3xf32>
  return %0#0, %0#1, %1#0, %1#1, %2 : tensor<2x2x3xf32>, tensor<2x5x3xf32>, tensor<2x7x1xf32>, tensor<2x7x2xf32>, tensor<2x7x3xf32>
}

// CHECK-LABEL: func.func private @xnn_delegate_1
// CHECK-NOT: "xnn.convert"
// CHECK: "xnn.static_slice"(%arg0) {{.*}} -> tensor<1x4xf16>
func.func @f16(%x: tensor<6x4xf16>) -> (tensor<1x4xf16>, tensor<2x4xf16>, tensor<3x4xf16>) {
  %0:3 = "edge.split"(%x) {split_sizes = array<i64: 1, 2, 3>, dim = 0 : i64} : (tensor<6x4xf16>) -> (tensor<1x4xf16>, tensor<2x4xf16>, tensor<3x4xf16>)
  return %0#0, %0#1, %0#2 : tensor<1x4xf16>, tensor<2x4xf16>, tensor<3x4xf16>
}

// CHECK-LABEL: func.func private @xnn_delegate_2
// CHECK: "xnn.convert"
// CHECK: "xnn.static_slice"({{.*}}) -> tensor<4x1xf32>
func.func @bf16(%x: tensor<4x3xbf16>) -> (tensor<4x1xbf16>, tensor<4x2xbf16>) {
  %0:2 = "edge.split"(%x) {split_sizes = array<i64: 1, 2>, dim = 1 : i64} : (tensor<4x3xbf16>) -> (tensor<4x1xbf16>, tensor<4x2xbf16>)
  return %0#0, %0#1 : tensor<4x1xbf16>, tensor<4x2xbf16>
}

// Channels of an NHWC conv result: axis 3 of the physical shape.
// CHECK-LABEL: func.func private @xnn_delegate_3
// CHECK: "xnn.convolution_2d"
// CHECK: "xnn.static_slice"({{.*}}) {offsets = array<i64: 0, 0, 0, 1>, sizes = array<i64: 1, 5, 1, 3>, xnn.layout = "NHWC"}
func.func @after_conv(%x: tensor<1x3x5x1xf32>) -> (tensor<1x1x5x1xf32>, tensor<1x3x5x1xf32>) {
  %w = "edge.constant"() {value = dense<[[[[0.5]], [[-1.0]], [[0.25]]], [[[1.0]], [[2.0]], [[-0.5]]], [[[0.125]], [[0.0]], [[3.0]]], [[[-2.0]], [[0.75]], [[1.5]]]]> : tensor<4x3x1x1xf32>} : () -> tensor<4x3x1x1xf32>
  %c = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x5x1xf32>, tensor<4x3x1x1xf32>) -> tensor<1x4x5x1xf32>
  %s:2 = "edge.split"(%c) {split_sizes = array<i64: 1, 3>, dim = 1 : i64} : (tensor<1x4x5x1xf32>) -> (tensor<1x1x5x1xf32>, tensor<1x3x5x1xf32>)
  %r = "edge.relu"(%s#1) : (tensor<1x3x5x1xf32>) -> tensor<1x3x5x1xf32>
  return %s#0, %r : tensor<1x1x5x1xf32>, tensor<1x3x5x1xf32>
}

// One piece feeds a portable op (embedding), the other a delegated one.
func.func @mixed(%x: tensor<5x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>) {
  %i = "edge.constant"() {value = dense<[2, 0, 1]> : tensor<3xi64>} : () -> tensor<3xi64>
  %s:2 = "edge.split"(%x) {split_sizes = array<i64: 2, 3>, dim = 0 : i64} : (tensor<5x4xf32>) -> (tensor<2x4xf32>, tensor<3x4xf32>)
  %e = "edge.embedding"(%s#1, %i) : (tensor<3x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  %n = "edge.neg"(%s#1) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %e, %n : tensor<3x4xf32>, tensor<3x4xf32>
}

func.func @empty_piece(%x: tensor<3x4xf32>) -> (tensor<3x0xf32>, tensor<3x4xf32>) {
  %s:2 = "edge.split"(%x) {split_sizes = array<i64: 0, 4>, dim = 1 : i64} : (tensor<3x4xf32>) -> (tensor<3x0xf32>, tensor<3x4xf32>)
  return %s#0, %s#1 : tensor<3x0xf32>, tensor<3x4xf32>
}
