// 'aplha' is a typo for edge.add's 'alpha'.
func.func @forward(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.add"(%x, %x) {aplha = 2.0 : f64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
