// xnn.unary (edge.neg)
module {
  func.func @forward(%x: tensor<2x6x2xf16>) -> (tensor<2x6x2xf16>) {
    %y = "edge.neg"(%x) : (tensor<2x6x2xf16>) -> tensor<2x6x2xf16>
    func.return %y : tensor<2x6x2xf16>
  }
}
