// gelu(approximate = "tanh") is decomposed with one-element constants that
// broadcast without growing the value: a rank-0 input stays rank 0.
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-run %t.mlir --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func rank2 --compare %s | FileCheck %s --check-prefix=CMP
// CMP: output 0: {{.*}} ok

// CHECK-LABEL: func.func private @xnn_delegate_0(%arg0: tensor<f32>) -> tensor<f32>
// CHECK-NOT: tensor<1xf32>
// CHECK: return {{.*}} : tensor<f32>
func.func @forward(%x: tensor<f32>) -> tensor<f32> {
  %0 = "edge.gelu"(%x) {approximate = "tanh"} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @rank2(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = "edge.gelu"(%x) {approximate = "tanh"} : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
