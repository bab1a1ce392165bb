// xnn.unary (edge.sqrt)
module {
  func.func @forward(%x: tensor<4x7x5xf16>) -> (tensor<4x7x5xf16>) {
    %p = "edge.abs"(%x) : (tensor<4x7x5xf16>) -> tensor<4x7x5xf16>
    %y = "edge.sqrt"(%p) : (tensor<4x7x5xf16>) -> tensor<4x7x5xf16>
    func.return %y : tensor<4x7x5xf16>
  }
}
