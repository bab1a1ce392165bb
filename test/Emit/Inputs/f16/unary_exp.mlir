// xnn.unary (edge.exp)
module {
  func.func @forward(%x: tensor<1x7x4xf16>) -> (tensor<1x7x4xf16>) {
    %y = "edge.exp"(%x) : (tensor<1x7x4xf16>) -> tensor<1x7x4xf16>
    func.return %y : tensor<1x7x4xf16>
  }
}
