// xnn.unary (edge.tanh)
module {
  func.func @forward(%x: tensor<2x6x2xf16>) -> (tensor<2x6x2xf16>) {
    %y = "edge.tanh"(%x) : (tensor<2x6x2xf16>) -> tensor<2x6x2xf16>
    func.return %y : tensor<2x6x2xf16>
  }
}
