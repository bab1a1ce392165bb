// xnn.unary (edge.ceil)
module {
  func.func @forward(%x: tensor<3x2x5xbf16>) -> (tensor<3x2x5xbf16>) {
    %k = "edge.constant"() {value = dense<4.0> : tensor<bf16>} : () -> tensor<bf16>
    %p = "edge.mul"(%x, %k) : (tensor<3x2x5xbf16>, tensor<bf16>) -> tensor<3x2x5xbf16>
    %y = "edge.ceil"(%p) : (tensor<3x2x5xbf16>) -> tensor<3x2x5xbf16>
    func.return %y : tensor<3x2x5xbf16>
  }
}
