// xnn.unary (edge.relu)
module {
  func.func @forward(%x: tensor<4x5x3xf16>) -> (tensor<4x5x3xf16>) {
    %y = "edge.relu"(%x) : (tensor<4x5x3xf16>) -> tensor<4x5x3xf16>
    func.return %y : tensor<4x5x3xf16>
  }
}
