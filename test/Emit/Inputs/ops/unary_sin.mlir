// xnn.unary (edge.sin)
module {
  func.func @forward(%x: tensor<2x6x4xf32>) -> (tensor<2x6x4xf32>) {
    %k = "edge.constant"() {value = dense<4.0> : tensor<f32>} : () -> tensor<f32>
    %p = "edge.mul"(%x, %k) : (tensor<2x6x4xf32>, tensor<f32>) -> tensor<2x6x4xf32>
    %y = "edge.sin"(%p) : (tensor<2x6x4xf32>) -> tensor<2x6x4xf32>
    func.return %y : tensor<2x6x4xf32>
  }
}
