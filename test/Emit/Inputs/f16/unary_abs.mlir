// xnn.unary (edge.abs)
module {
  func.func @forward(%x: tensor<1x3x5xf16>) -> (tensor<1x3x5xf16>) {
    %y = "edge.abs"(%x) : (tensor<1x3x5xf16>) -> tensor<1x3x5xf16>
    func.return %y : tensor<1x3x5xf16>
  }
}
