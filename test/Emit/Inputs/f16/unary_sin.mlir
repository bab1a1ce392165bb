// xnn.unary (edge.sin)
module {
  func.func @forward(%x: tensor<2x6x4xf16>) -> (tensor<2x6x4xf16>) {
    %k = "edge.constant"() {value = dense<4.0> : tensor<f16>} : () -> tensor<f16>
    %p = "edge.mul"(%x, %k) : (tensor<2x6x4xf16>, tensor<f16>) -> tensor<2x6x4xf16>
    %y = "edge.sin"(%p) : (tensor<2x6x4xf16>) -> tensor<2x6x4xf16>
    func.return %y : tensor<2x6x4xf16>
  }
}
