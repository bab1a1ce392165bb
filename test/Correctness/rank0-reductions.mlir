// ATen reduces a 0-d tensor over dim 0, dim -1 or all dims (empty dims): the
// result is the value itself. XNNPACK's reduce takes no rank-0 input: a copy.
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-run %t.mlir --compare %s | FileCheck %s --check-prefix=CMP
// CMP-COUNT-3: bitwise=equal {{.*}} ok

// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK-NOT: xnn.static_reduce
// CHECK: return
func.func @forward(%x: tensor<f32>, %y: tensor<bf16>) -> (tensor<f32>, tensor<f32>, tensor<bf16>) {
  %0 = "edge.sum"(%x) {dims = array<i64: 0>, keepdim = false} : (tensor<f32>) -> tensor<f32>
  %1 = "edge.mean"(%x) {dims = array<i64: -1>, keepdim = true} : (tensor<f32>) -> tensor<f32>
  %2 = "edge.mean"(%y) {dims = array<i64>, keepdim = true} : (tensor<bf16>) -> tensor<bf16>
  return %0, %1, %2 : tensor<f32>, tensor<f32>, tensor<bf16>
}
