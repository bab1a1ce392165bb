// xnn.binary (edge.mul, broadcast [5, 1, 5] x [2, 1])
module {
  func.func @forward(%a: tensor<5x1x5xf32>, %b: tensor<2x1xf32>) -> (tensor<5x2x5xf32>) {
    %y = "edge.mul"(%a, %b) : (tensor<5x1x5xf32>, tensor<2x1xf32>) -> tensor<5x2x5xf32>
    func.return %y : tensor<5x2x5xf32>
  }
}
