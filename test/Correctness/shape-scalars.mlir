// Scalars and size-1 edge cases: a rank-0 transpose (XNNPACK refuses a
// rank-0 static transpose: it lowers to xnn.copy), unsqueeze / squeeze of
// scalars, expand of a scalar, roll of a dim listed twice (ATen rolls twice).
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-opt %s --xnn-delegate --xnn-stats -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: xnn-run %t.mlir --func f --compare %s | FileCheck %s --check-prefix=CMP
// CMP-COUNT-6: bitwise=equal {{.*}} ok
// CMP-NOT: bitwise=differ
// STATS: portable ops: 0
// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: "xnn.copy"(%arg0) : (tensor<f32>) -> tensor<f32>
// CHECK-NOT: "xnn.static_transpose"
func.func @f(%x: tensor<f32>, %y: tensor<1x1xf16>) -> (tensor<f32>, tensor<1xf32>, tensor<f32>, tensor<f16>, tensor<3x2xf32>, tensor<1x1xf16>) {
  %0 = "edge.transpose"(%x) {dim0 = 0 : i64, dim1 = -1 : i64} : (tensor<f32>) -> tensor<f32>
  %1 = "edge.unsqueeze"(%x) {dim = -1 : i64} : (tensor<f32>) -> tensor<1xf32>
  %2 = "edge.squeeze"(%x) {dims = array<i64: 0>} : (tensor<f32>) -> tensor<f32>
  %3 = "edge.squeeze"(%y) : (tensor<1x1xf16>) -> tensor<f16>
  %4 = "edge.expand"(%x) : (tensor<f32>) -> tensor<3x2xf32>
  %5 = "edge.roll"(%y) {shifts = array<i64: 1, 1>, dims = array<i64: 0, 0>} : (tensor<1x1xf16>) -> tensor<1x1xf16>
  return %0, %1, %2, %3, %4, %5 : tensor<f32>, tensor<1xf32>, tensor<f32>, tensor<f16>, tensor<3x2xf32>, tensor<1x1xf16>
}
