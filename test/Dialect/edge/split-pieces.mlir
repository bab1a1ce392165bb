// edge.split pieces of different shapes: xnn-opt's C verifier replaces the
// IRDL one (which binds one type across the variadic results), as for cat.
// RUN: xnn-opt %s | xnn-opt | FileCheck %s
// CHECK: %{{.*}}:3 = "edge.split"(%{{.*}}) {dim = 1 : i64, split_sizes = array<i64: 1, 0, 4>} : (tensor<2x5xf32>) -> (tensor<2x1xf32>, tensor<2x0xf32>, tensor<2x4xf32>)
func.func @split(%x: tensor<2x5xf32>) -> tensor<2x4xf32> {
  %0:3 = "edge.split"(%x) {dim = 1 : i64, split_sizes = array<i64: 1, 0, 4>} : (tensor<2x5xf32>) -> (tensor<2x1xf32>, tensor<2x0xf32>, tensor<2x4xf32>)
  return %0#2 : tensor<2x4xf32>
}
