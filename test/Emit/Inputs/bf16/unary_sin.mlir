// xnn.unary (edge.sin)
module {
  func.func @forward(%x: tensor<2x6x4xbf16>) -> (tensor<2x6x4xbf16>) {
    %k = "edge.constant"() {value = dense<4.0> : tensor<bf16>} : () -> tensor<bf16>
    %p = "edge.mul"(%x, %k) : (tensor<2x6x4xbf16>, tensor<bf16>) -> tensor<2x6x4xbf16>
    %y = "edge.sin"(%p) : (tensor<2x6x4xbf16>) -> tensor<2x6x4xbf16>
    func.return %y : tensor<2x6x4xbf16>
  }
}
