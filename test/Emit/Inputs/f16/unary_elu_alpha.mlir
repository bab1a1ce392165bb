// edge.elu {alpha = 0.5 : f64}
module {
  func.func @forward(%x: tensor<1x2x4xf16>) -> (tensor<1x2x4xf16>) {
    %y = "edge.elu"(%x) {alpha = 0.5 : f64} : (tensor<1x2x4xf16>) -> tensor<1x2x4xf16>
    func.return %y : tensor<1x2x4xf16>
  }
}
