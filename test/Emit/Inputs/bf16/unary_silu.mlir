// edge.silu
module {
  func.func @forward(%x: tensor<4x2x3xbf16>) -> (tensor<4x2x3xbf16>) {
    %y = "edge.silu"(%x) : (tensor<4x2x3xbf16>) -> tensor<4x2x3xbf16>
    func.return %y : tensor<4x2x3xbf16>
  }
}
