// xnn.binary pow with a scalar constant exponent
module {
  func.func @forward(%a: tensor<4x5xbf16>) -> (tensor<4x5xbf16>) {
    %e = "edge.constant"() {value = dense<2.0> : tensor<bf16>} : () -> tensor<bf16>
    %y = "edge.pow"(%a, %e) : (tensor<4x5xbf16>, tensor<bf16>) -> tensor<4x5xbf16>
    func.return %y : tensor<4x5xbf16>
  }
}
