// Every op the partitioner accepts lowers, whatever layout its neighbours give
// it: softmax and pow after NHWC producers (pooling, channels_last copies).
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-run %t.mlir --func softmax_last_dim --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func softmax_channels --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func pow_after_pool --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func pow_after_channels_last_copy --compare %s | FileCheck %s --check-prefix=CMP
// CMP: output 0: {{.*}} ok

// Softmax over W of a pooled (NHWC) value: brought back to NCHW first.
// CHECK-LABEL: func.func @softmax_last_dim
// CHECK-NOT: "edge.
// CHECK: return
func.func @softmax_last_dim(%x: tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32> {
  %0 = "edge.max_pool2d"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32>
  %1 = "edge.softmax"(%0) {dim = -1 : i64} : (tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  return %1 : tensor<1x4x3x3xf32>
}

// Softmax over the channels of a 4-D tensor: innermost in NHWC, delegated.
// CHECK-LABEL: func.func @softmax_channels
// CHECK-NOT: "edge.
// CHECK: return
func.func @softmax_channels(%x: tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32> {
  %0 = "edge.max_pool2d"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32>
  %1 = "edge.softmax"(%0) {dim = 1 : i64} : (tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xf32>
  return %1 : tensor<1x4x3x3xf32>
}

// CHECK-LABEL: func.func @pow_after_pool
// CHECK-NOT: "edge.
// CHECK: return
func.func @pow_after_pool(%x: tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32> {
  %c = "edge.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "edge.max_pool2d"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x4x6x6xf32>) -> tensor<1x4x3x3xf32>
  %1 = "edge.pow"(%0, %c) : (tensor<1x4x3x3xf32>, tensor<f32>) -> tensor<1x4x3x3xf32>
  return %1 : tensor<1x4x3x3xf32>
}

// CHECK-LABEL: func.func @pow_after_channels_last_copy
// CHECK-NOT: "edge.
// CHECK: return
func.func @pow_after_channels_last_copy(%x: tensor<1x3x4x5xf32>) -> tensor<1x3x4x5xf32> {
  %c = "edge.constant"() {value = dense<0.5> : tensor<1xf32>} : () -> tensor<1xf32>
  %a = "edge.abs"(%x) : (tensor<1x3x4x5xf32>) -> tensor<1x3x4x5xf32>
  %0 = "edge.to_copy"(%a) {memory_format = "channels_last"} : (tensor<1x3x4x5xf32>) -> tensor<1x3x4x5xf32>
  %1 = "edge.pow"(%0, %c) : (tensor<1x3x4x5xf32>, tensor<1xf32>) -> tensor<1x3x4x5xf32>
  return %1 : tensor<1x3x4x5xf32>
}
