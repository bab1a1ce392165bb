// edge.leaky_relu {negative_slope = 0.2 : f64}
module {
  func.func @forward(%x: tensor<2x4x3xf16>) -> (tensor<2x4x3xf16>) {
    %y = "edge.leaky_relu"(%x) {negative_slope = 0.2 : f64} : (tensor<2x4x3xf16>) -> tensor<2x4x3xf16>
    func.return %y : tensor<2x4x3xf16>
  }
}
