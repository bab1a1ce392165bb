// xnn.unary clamp
module {
  func.func @forward(%x: tensor<5x2xf16>) -> (tensor<5x2xf16>) {
    %y = "edge.hardtanh"(%x) {min_val = -0.5 : f64, max_val = 0.25 : f64} : (tensor<5x2xf16>) -> tensor<5x2xf16>
    func.return %y : tensor<5x2xf16>
  }
}
