// Pool windows the pinned XNNPACK cannot take stay portable, with the reason;
// the others lower to what the library computes exactly (xnn-probe
// --check-capabilities checks every window of a grid against the library): a
// 1x1 unit-stride window is a copy, a strided 1x1 max pool the 1x1 average
// pool (the library refuses 1x1 max pooling), a dilated max pool with padding
// an explicit -inf pad then the pool (the library miscomputes its implicit
// padding).
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-run %t.mlir --func max_1x1_unit_stride --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func avg_1x1_unit_stride --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func max_1x1_strided --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func max_stride_over_kernel --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func max_dilation_padding --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func avg_stride_over_kernel --compare %s | FileCheck %s --check-prefix=CMP
// CMP: output 0: {{.*}} ok

// CHECK-LABEL: func.func @max_1x1_unit_stride
// CHECK: call @xnn_delegate_
func.func @max_1x1_unit_stride(%x: tensor<2x3x5x5xf32>) -> tensor<2x3x5x5xf32> {
  %0 = "edge.max_pool2d"(%x) {kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 2, 2>, ceil_mode = false} : (tensor<2x3x5x5xf32>) -> tensor<2x3x5x5xf32>
  %1 = "edge.relu"(%0) : (tensor<2x3x5x5xf32>) -> tensor<2x3x5x5xf32>
  return %1 : tensor<2x3x5x5xf32>
}

// CHECK-LABEL: func.func @avg_1x1_unit_stride
// CHECK: call @xnn_delegate_
func.func @avg_1x1_unit_stride(%x: tensor<2x3x5x5xf32>) -> tensor<2x3x5x5xf32> {
  %0 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 1, 1>, stride = array<i64: 1, 1>, padding = array<i64: 0, 0>} : (tensor<2x3x5x5xf32>) -> tensor<2x3x5x5xf32>
  return %0 : tensor<2x3x5x5xf32>
}

// CHECK-LABEL: func.func private @xnn_delegate_2
// CHECK: "xnn.average_pooling_2d"({{.*}}) {padding = array<i64: 0, 0, 0, 0>, pooling = array<i64: 1, 1>, stride = array<i64: 2, 2>
func.func @max_1x1_strided(%x: tensor<2x3x5x5xf32>) -> tensor<2x3x3x3xf32> {
  %0 = "edge.max_pool2d"(%x) {kernel_size = array<i64: 1, 1>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<2x3x5x5xf32>) -> tensor<2x3x3x3xf32>
  return %0 : tensor<2x3x3x3xf32>
}

// CHECK-LABEL: func.func @max_stride_over_kernel
// CHECK-NOT: call
// CHECK: "edge.max_pool2d"{{.*}}xnn.portable_reason = "max_pool2d with stride 3 > kernel 2 in dim 2: XNNPACK's max pooling refuses strides larger than the window"
func.func @max_stride_over_kernel(%x: tensor<1x4x7x7xf32>) -> tensor<1x4x2x3xf32> {
  %0 = "edge.max_pool2d"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 3, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x4x7x7xf32>) -> tensor<1x4x2x3xf32>
  return %0 : tensor<1x4x2x3xf32>
}

// CHECK-LABEL: func.func private @xnn_delegate_3
// CHECK: "xnn.static_constant_pad"({{.*}}) {padding_value = 0xFFF0000000000000 : f64, post_paddings = array<i64: 0, 1, 1, 0>, pre_paddings = array<i64: 0, 1, 1, 0>}
// CHECK: "xnn.max_pooling_2d"({{.*}}) {dilation = array<i64: 2, 1>, padding = array<i64: 0, 0, 0, 0>
func.func @max_dilation_padding(%x: tensor<2x3x8x7xf32>) -> tensor<2x3x3x8xf32> {
  %0 = "edge.max_pool2d"(%x) {kernel_size = array<i64: 3, 2>, stride = array<i64: 2, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 2, 1>, ceil_mode = false} : (tensor<2x3x8x7xf32>) -> tensor<2x3x3x8xf32>
  return %0 : tensor<2x3x3x8xf32>
}

// Average pooling takes strides beyond the window.
// CHECK-LABEL: func.func @avg_stride_over_kernel
// CHECK: call @xnn_delegate_
func.func @avg_stride_over_kernel(%x: tensor<1x4x7x7xf32>) -> tensor<1x4x2x3xf32> {
  %0 = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 3, 2>, padding = array<i64: 0, 0>} : (tensor<1x4x7x7xf32>) -> tensor<1x4x2x3xf32>
  return %0 : tensor<1x4x2x3xf32>
}
