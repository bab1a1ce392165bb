// xnn.unary (edge.cos)
module {
  func.func @forward(%x: tensor<3x4x4xf16>) -> (tensor<3x4x4xf16>) {
    %k = "edge.constant"() {value = dense<4.0> : tensor<f16>} : () -> tensor<f16>
    %p = "edge.mul"(%x, %k) : (tensor<3x4x4xf16>, tensor<f16>) -> tensor<3x4x4xf16>
    %y = "edge.cos"(%p) : (tensor<3x4x4xf16>) -> tensor<3x4x4xf16>
    func.return %y : tensor<3x4x4xf16>
  }
}
