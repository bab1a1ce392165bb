// xnn.unary (edge.relu)
module {
  func.func @forward(%x: tensor<4x5x3xf32>) -> (tensor<4x5x3xf32>) {
    %y = "edge.relu"(%x) : (tensor<4x5x3xf32>) -> tensor<4x5x3xf32>
    func.return %y : tensor<4x5x3xf32>
  }
}
