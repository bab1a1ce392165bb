// xnn.unary (edge.gelu)
module {
  func.func @forward(%x: tensor<4x2x3xf16>) -> (tensor<4x2x3xf16>) {
    %y = "edge.gelu"(%x) {approximate = "none"} : (tensor<4x2x3xf16>) -> tensor<4x2x3xf16>
    func.return %y : tensor<4x2x3xf16>
  }
}
