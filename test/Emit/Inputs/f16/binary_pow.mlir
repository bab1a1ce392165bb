// xnn.binary pow with a scalar constant exponent
module {
  func.func @forward(%a: tensor<4x5xf16>) -> (tensor<4x5xf16>) {
    %e = "edge.constant"() {value = dense<2.0> : tensor<f16>} : () -> tensor<f16>
    %y = "edge.pow"(%a, %e) : (tensor<4x5xf16>, tensor<f16>) -> tensor<4x5xf16>
    func.return %y : tensor<4x5xf16>
  }
}
