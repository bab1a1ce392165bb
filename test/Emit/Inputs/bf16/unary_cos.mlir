// xnn.unary (edge.cos)
module {
  func.func @forward(%x: tensor<3x4x4xbf16>) -> (tensor<3x4x4xbf16>) {
    %k = "edge.constant"() {value = dense<4.0> : tensor<bf16>} : () -> tensor<bf16>
    %p = "edge.mul"(%x, %k) : (tensor<3x4x4xbf16>, tensor<bf16>) -> tensor<3x4x4xbf16>
    %y = "edge.cos"(%p) : (tensor<3x4x4xbf16>) -> tensor<3x4x4xbf16>
    func.return %y : tensor<3x4x4xbf16>
  }
}
