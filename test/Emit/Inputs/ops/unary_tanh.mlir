// xnn.unary (edge.tanh)
module {
  func.func @forward(%x: tensor<2x6x2xf32>) -> (tensor<2x6x2xf32>) {
    %y = "edge.tanh"(%x) : (tensor<2x6x2xf32>) -> tensor<2x6x2xf32>
    func.return %y : tensor<2x6x2xf32>
  }
}
