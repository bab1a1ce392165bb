func.func @forward(%x: tensor<4x3xf32>, %i: tensor<2xi64>) -> tensor<2x3xf32> {
  %0 = "edge.index"(%x, %i) {indexed_dims = array<i64: 0>} : (tensor<4x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
