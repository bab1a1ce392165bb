// xnn.static_transpose
module {
  func.func @forward(%x: tensor<4x3x2xf16>) -> (tensor<2x4x3xf16>) {
    %y = "edge.permute"(%x) {dims = array<i64: 2, 0, 1>} : (tensor<4x3x2xf16>) -> tensor<2x4x3xf16>
    func.return %y : tensor<2x4x3xf16>
  }
}
