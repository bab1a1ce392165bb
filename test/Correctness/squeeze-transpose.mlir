// edge.unsqueeze / edge.squeeze (xnn.static_reshape) and edge.transpose
// (xnn.static_transpose, layout-aware as permute): delegated results are
// bitwise equal to the reference, in f32, f16 and bf16, also after an NHWC
// producer (a transpose reads the NHWC value; views get an NCHW copy).
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-opt %s --xnn-delegate --xnn-stats -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: xnn-run %t.mlir --func views --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func views_f16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func views_bf16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func after_conv --compare %s | FileCheck %s --check-prefix=CMP
// CMP: output 0: {{.*}} bitwise=equal {{.*}} ok
// CMP-NOT: bitwise=differ
// STATS: portable ops: 0

// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: "xnn.static_reshape"(%arg0) : (tensor<2x1x3xf32>) -> tensor<2x1x1x3xf32>
// CHECK: "xnn.static_reshape"(%arg0) : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
// CHECK: "xnn.static_transpose"(%arg0) {perm = array<i64: 2, 1, 0>} : (tensor<2x1x3xf32>) -> tensor<3x1x2xf32>
func.func @views(%x: tensor<2x1x3xf32>) -> (tensor<2x1x1x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x1x3xf32>, tensor<3x1x2xf32>, tensor<1x2x3x1xf32>) {
  %0 = "edge.unsqueeze"(%x) {dim = -2 : i64} : (tensor<2x1x3xf32>) -> tensor<2x1x1x3xf32>
  %1 = "edge.squeeze"(%x) : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
  %2 = "edge.squeeze"(%x) {dims = array<i64: -2, 0>} : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
  %3 = "edge.squeeze"(%x) {dims = array<i64: 2>} : (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
  %4 = "edge.transpose"(%x) {dim0 = 0 : i64, dim1 = -1 : i64} : (tensor<2x1x3xf32>) -> tensor<3x1x2xf32>
  %5 = "edge.unsqueeze"(%1) {dim = 0 : i64} : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
  %6 = "edge.unsqueeze"(%5) {dim = 3 : i64} : (tensor<1x2x3xf32>) -> tensor<1x2x3x1xf32>
  return %0, %1, %2, %3, %4, %6 : tensor<2x1x1x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x1x3xf32>, tensor<3x1x2xf32>, tensor<1x2x3x1xf32>
}

// CHECK-LABEL: func.func private @xnn_delegate_1
// CHECK: "xnn.static_transpose"(%arg0) {perm = array<i64: 0, 3, 2, 1>} : (tensor<2x3x4x5xf16>) -> tensor<2x5x4x3xf16>
func.func @views_f16(%x: tensor<2x3x4x5xf16>) -> (tensor<2x5x4x3xf16>, tensor<2x3x1x4x5xf16>) {
  %0 = "edge.transpose"(%x) {dim0 = 1 : i64, dim1 = 3 : i64} : (tensor<2x3x4x5xf16>) -> tensor<2x5x4x3xf16>
  %1 = "edge.unsqueeze"(%x) {dim = 2 : i64} : (tensor<2x3x4x5xf16>) -> tensor<2x3x1x4x5xf16>
  return %0, %1 : tensor<2x5x4x3xf16>, tensor<2x3x1x4x5xf16>
}

// bf16 transposes run in f32 (the pinned XNNPACK moves bf16 wrongly), exactly.
// CHECK-LABEL: func.func private @xnn_delegate_2
// CHECK: "xnn.convert"
// CHECK: "xnn.static_transpose"({{.*}}) {perm = array<i64: 1, 0, 2>} : (tensor<3x2x4xf32>) -> tensor<2x3x4xf32>
func.func @views_bf16(%x: tensor<3x2x4xbf16>) -> (tensor<2x3x4xbf16>, tensor<3x2x4x1xbf16>) {
  %0 = "edge.transpose"(%x) {dim0 = 1 : i64, dim1 = 0 : i64} : (tensor<3x2x4xbf16>) -> tensor<2x3x4xbf16>
  %1 = "edge.unsqueeze"(%x) {dim = -1 : i64} : (tensor<3x2x4xbf16>) -> tensor<3x2x4x1xbf16>
  return %0, %1 : tensor<2x3x4xbf16>, tensor<3x2x4x1xbf16>
}

// The conv result is NHWC: the transpose reads it as it is, the squeeze and
// unsqueeze (views) from an NCHW copy.
// CHECK-LABEL: func.func private @xnn_delegate_3
// CHECK: "xnn.convolution_2d"
// CHECK: "xnn.static_transpose"
// CHECK: "xnn.static_reshape"
func.func @after_conv(%x: tensor<1x3x5x1xf32>) -> (tensor<1x4x5x1xf32>, tensor<1x4x5xf32>, tensor<1x4x5x1x1xf32>, tensor<1x5x4x1xf32>) {
  %w = "edge.constant"() {value = dense<[[[[0.5]], [[-1.0]], [[0.25]]], [[[1.0]], [[2.0]], [[-0.5]]], [[[0.125]], [[0.0]], [[3.0]]], [[[-2.0]], [[0.75]], [[1.5]]]]> : tensor<4x3x1x1xf32>} : () -> tensor<4x3x1x1xf32>
  %c = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x5x1xf32>, tensor<4x3x1x1xf32>) -> tensor<1x4x5x1xf32>
  %t = "edge.transpose"(%c) {dim0 = 2 : i64, dim1 = 1 : i64} : (tensor<1x4x5x1xf32>) -> tensor<1x5x4x1xf32>
  %s = "edge.squeeze"(%c) {dims = array<i64: 3>} : (tensor<1x4x5x1xf32>) -> tensor<1x4x5xf32>
  %u = "edge.unsqueeze"(%c) {dim = -1 : i64} : (tensor<1x4x5x1xf32>) -> tensor<1x4x5x1x1xf32>
  return %c, %s, %u, %t : tensor<1x4x5x1xf32>, tensor<1x4x5xf32>, tensor<1x4x5x1x1xf32>, tensor<1x5x4x1xf32>
}
