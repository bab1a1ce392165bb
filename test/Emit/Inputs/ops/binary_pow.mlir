// xnn.binary pow with a scalar constant exponent
module {
  func.func @forward(%a: tensor<4x5xf32>) -> (tensor<4x5xf32>) {
    %e = "edge.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
    %y = "edge.pow"(%a, %e) : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
    func.return %y : tensor<4x5xf32>
  }
}
