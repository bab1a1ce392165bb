// xnn.unary (edge.rsqrt)
module {
  func.func @forward(%x: tensor<3x3x4xbf16>) -> (tensor<3x3x4xbf16>) {
    %p = "edge.abs"(%x) : (tensor<3x3x4xbf16>) -> tensor<3x3x4xbf16>
    %y = "edge.rsqrt"(%p) : (tensor<3x3x4xbf16>) -> tensor<3x3x4xbf16>
    func.return %y : tensor<3x3x4xbf16>
  }
}
