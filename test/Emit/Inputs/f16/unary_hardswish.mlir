// edge.hardswish
module {
  func.func @forward(%x: tensor<2x2x5xf16>) -> (tensor<2x2x5xf16>) {
    %k = "edge.constant"() {value = dense<4.0> : tensor<f16>} : () -> tensor<f16>
    %p = "edge.mul"(%x, %k) : (tensor<2x2x5xf16>, tensor<f16>) -> tensor<2x2x5xf16>
    %y = "edge.hardswish"(%p) : (tensor<2x2x5xf16>) -> tensor<2x2x5xf16>
    func.return %y : tensor<2x2x5xf16>
  }
}
