// xnn.unary (edge.sigmoid)
module {
  func.func @forward(%x: tensor<2x7x5xbf16>) -> (tensor<2x7x5xbf16>) {
    %y = "edge.sigmoid"(%x) : (tensor<2x7x5xbf16>) -> tensor<2x7x5xbf16>
    func.return %y : tensor<2x7x5xbf16>
  }
}
