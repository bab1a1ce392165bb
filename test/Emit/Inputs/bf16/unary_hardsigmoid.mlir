// edge.hardsigmoid
module {
  func.func @forward(%x: tensor<3x5x2xbf16>) -> (tensor<3x5x2xbf16>) {
    %k = "edge.constant"() {value = dense<4.0> : tensor<bf16>} : () -> tensor<bf16>
    %p = "edge.mul"(%x, %k) : (tensor<3x5x2xbf16>, tensor<bf16>) -> tensor<3x5x2xbf16>
    %y = "edge.hardsigmoid"(%p) : (tensor<3x5x2xbf16>) -> tensor<3x5x2xbf16>
    func.return %y : tensor<3x5x2xbf16>
  }
}
