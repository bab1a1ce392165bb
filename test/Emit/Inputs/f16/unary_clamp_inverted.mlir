// edge.clamp {min = 0.5 : f64, max = -0.25 : f64}
module {
  func.func @forward(%x: tensor<3x6x5xf16>) -> (tensor<3x6x5xf16>) {
    %y = "edge.clamp"(%x) {min = 0.5 : f64, max = -0.25 : f64} : (tensor<3x6x5xf16>) -> tensor<3x6x5xf16>
    func.return %y : tensor<3x6x5xf16>
  }
}
