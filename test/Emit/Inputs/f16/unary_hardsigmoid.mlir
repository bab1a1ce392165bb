// edge.hardsigmoid
module {
  func.func @forward(%x: tensor<3x5x2xf16>) -> (tensor<3x5x2xf16>) {
    %k = "edge.constant"() {value = dense<4.0> : tensor<f16>} : () -> tensor<f16>
    %p = "edge.mul"(%x, %k) : (tensor<3x5x2xf16>, tensor<f16>) -> tensor<3x5x2xf16>
    %y = "edge.hardsigmoid"(%p) : (tensor<3x5x2xf16>) -> tensor<3x5x2xf16>
    func.return %y : tensor<3x5x2xf16>
  }
}
