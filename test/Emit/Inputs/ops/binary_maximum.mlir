// xnn.binary (edge.maximum, broadcast [2, 1, 5] x [2, 1])
module {
  func.func @forward(%a: tensor<2x1x5xf32>, %b: tensor<2x1xf32>) -> (tensor<2x2x5xf32>) {
    %y = "edge.maximum"(%a, %b) : (tensor<2x1x5xf32>, tensor<2x1xf32>) -> tensor<2x2x5xf32>
    func.return %y : tensor<2x2x5xf32>
  }
}
