// xnn.unary (edge.rsqrt)
module {
  func.func @forward(%x: tensor<3x3x4xf16>) -> (tensor<3x3x4xf16>) {
    %p = "edge.abs"(%x) : (tensor<3x3x4xf16>) -> tensor<3x3x4xf16>
    %y = "edge.rsqrt"(%p) : (tensor<3x3x4xf16>) -> tensor<3x3x4xf16>
    func.return %y : tensor<3x3x4xf16>
  }
}
