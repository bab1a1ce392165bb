// xnn.unary (edge.sigmoid)
module {
  func.func @forward(%x: tensor<2x7x5xf16>) -> (tensor<2x7x5xf16>) {
    %y = "edge.sigmoid"(%x) : (tensor<2x7x5xf16>) -> tensor<2x7x5xf16>
    func.return %y : tensor<2x7x5xf16>
  }
}
