// xnn.unary (edge.ceil)
module {
  func.func @forward(%x: tensor<3x2x5xf32>) -> (tensor<3x2x5xf32>) {
    %k = "edge.constant"() {value = dense<4.0> : tensor<f32>} : () -> tensor<f32>
    %p = "edge.mul"(%x, %k) : (tensor<3x2x5xf32>, tensor<f32>) -> tensor<3x2x5xf32>
    %y = "edge.ceil"(%p) : (tensor<3x2x5xf32>) -> tensor<3x2x5xf32>
    func.return %y : tensor<3x2x5xf32>
  }
}
