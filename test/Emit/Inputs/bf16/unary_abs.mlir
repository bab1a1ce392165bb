// xnn.unary (edge.abs)
module {
  func.func @forward(%x: tensor<1x3x5xbf16>) -> (tensor<1x3x5xbf16>) {
    %y = "edge.abs"(%x) : (tensor<1x3x5xbf16>) -> tensor<1x3x5xbf16>
    func.return %y : tensor<1x3x5xbf16>
  }
}
