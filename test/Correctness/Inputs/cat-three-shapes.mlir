// Three pairwise different shapes in one edge.cat: IRDL cannot type it.
func.func @three_shapes(%a: tensor<2x1xf32>, %b: tensor<2x2xf32>, %c: tensor<2x3xf32>) -> tensor<2x6xf32> {
  // expected-error @+1 {{expected 'tensor<2x2xf32>' but got 'tensor<2x3xf32>'}}
  %0 = "edge.cat"(%a, %b, %c) {dim = 1 : i64} : (tensor<2x1xf32>, tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}
