// edge.clamp {min = -0.5 : f64, max = 0.25 : f64}
module {
  func.func @forward(%x: tensor<1x6x5xf32>) -> (tensor<1x6x5xf32>) {
    %y = "edge.clamp"(%x) {min = -0.5 : f64, max = 0.25 : f64} : (tensor<1x6x5xf32>) -> tensor<1x6x5xf32>
    func.return %y : tensor<1x6x5xf32>
  }
}
