// xnn.unary (edge.ceil)
module {
  func.func @forward(%x: tensor<3x2x5xf16>) -> (tensor<3x2x5xf16>) {
    %k = "edge.constant"() {value = dense<4.0> : tensor<f16>} : () -> tensor<f16>
    %p = "edge.mul"(%x, %k) : (tensor<3x2x5xf16>, tensor<f16>) -> tensor<3x2x5xf16>
    %y = "edge.ceil"(%p) : (tensor<3x2x5xf16>) -> tensor<3x2x5xf16>
    func.return %y : tensor<3x2x5xf16>
  }
}
