// edge.clamp {min = 0.125 : f64}
module {
  func.func @forward(%x: tensor<3x7x5xbf16>) -> (tensor<3x7x5xbf16>) {
    %y = "edge.clamp"(%x) {min = 0.125 : f64} : (tensor<3x7x5xbf16>) -> tensor<3x7x5xbf16>
    func.return %y : tensor<3x7x5xbf16>
  }
}
