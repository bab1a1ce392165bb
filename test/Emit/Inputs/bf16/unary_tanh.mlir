// xnn.unary (edge.tanh)
module {
  func.func @forward(%x: tensor<2x6x2xbf16>) -> (tensor<2x6x2xbf16>) {
    %y = "edge.tanh"(%x) : (tensor<2x6x2xbf16>) -> tensor<2x6x2xbf16>
    func.return %y : tensor<2x6x2xbf16>
  }
}
