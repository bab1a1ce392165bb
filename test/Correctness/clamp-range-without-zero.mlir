// XNNPACK fuses a clamp into the convolution, pooling or clamp before it, and
// that operator then refuses or miscomputes a range that does not hold 0
// strictly below its maximum (or has a -0 minimum): such hardtanh ranges lower
// to binary maximum/minimum instead; relu-like [0, x] and ranges around 0 stay
// one fusable clamp.
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-run %t.mlir --func positive_after_pool --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func negative_after_conv --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func with_zero_after_pool --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func zero_max_after_conv --seed 7249 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: xnn-run %t.mlir --func positive_after_pool --seed 2 --output-dir %t.dir/io > /dev/null
// RUN: xnn-translate --xnn-to-c %t.mlir -o %t.dir/model.c
// RUN: %cc -std=c11 %t.dir/model.c %xnnmlir_src/examples/run_delegate.c $(cat %xnnmlir_obj_root/share/xnnmlir/xnnpack.flags) -o %t.dir/model
// RUN: %t.dir/model %t.dir/io 0 | FileCheck %s --check-prefix=C
// C: output 0: <f4 144 bytes, bitwise equal, max_abs 0: OK
// CMP: output 0: {{.*}} ok

// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: "xnn.max_pooling_2d"
// CHECK: "xnn.binary"({{.*}}) {kind = "maximum"
// CHECK: "xnn.binary"({{.*}}) {kind = "minimum"
func.func @positive_after_pool(%x: tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32> {
  %0 = "edge.max_pool2d"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32>
  %1 = "edge.hardtanh"(%0) {min_val = 0.25 : f64, max_val = 0.75 : f64} : (tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  return %1 : tensor<1x4x3x3xf32>
}

// CHECK-LABEL: func.func private @xnn_delegate_1
// CHECK: "xnn.convolution_2d"
// CHECK: "xnn.binary"({{.*}}) {kind = "maximum"
// CHECK: "xnn.binary"({{.*}}) {kind = "minimum"
func.func @negative_after_conv(%x: tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32> {
  %w = "edge.constant"() {value = dense<0.125> : tensor<4x4x4x4xf32>} : () -> tensor<4x4x4x4xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x4x6x6xf32>, tensor<4x4x4x4xf32>) -> tensor<1x4x3x3xf32>
  %1 = "edge.hardtanh"(%0) {min_val = -2.0 : f64, max_val = -0.5 : f64} : (tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  return %1 : tensor<1x4x3x3xf32>
}

// A range with 0 stays one clamp (XNNPACK fuses it).
// CHECK-LABEL: func.func private @xnn_delegate_2
// CHECK: "xnn.unary"({{.*}}) {kind = "clamp", max = 2.000000e+00 : f64, min = -1.000000e+00 : f64
func.func @with_zero_after_pool(%x: tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32> {
  %0 = "edge.max_pool2d"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32>
  %1 = "edge.hardtanh"(%0) {min_val = -1.0 : f64, max_val = 2.0 : f64} : (tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  return %1 : tensor<1x4x3x3xf32>
}

// [-1, 0] after a convolution: fused, XNNPACK returned zeros (fuzz seed 7249).
// CHECK-LABEL: func.func private @xnn_delegate_3
// CHECK: "xnn.convolution_2d"
// CHECK: "xnn.binary"({{.*}}) {kind = "maximum"
// CHECK: "xnn.binary"({{.*}}) {kind = "minimum"
func.func @zero_max_after_conv(%x: tensor<2x1x3x9xf32>) -> tensor<2x12x2x11xf32> {
  %w = "edge.constant"() {value = dense<-0.296875> : tensor<12x1x2x3xf32>} : () -> tensor<12x1x2x3xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 2, 1>, padding = array<i64: 1, 2>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<2x1x3x9xf32>, tensor<12x1x2x3xf32>) -> tensor<2x12x2x11xf32>
  %1 = "edge.hardtanh"(%0) {min_val = -1.0 : f64, max_val = 0.0 : f64} : (tensor<2x12x2x11xf32>) -> tensor<2x12x2x11xf32>
  return %1 : tensor<2x12x2x11xf32>
}
