// edge.elu
module {
  func.func @forward(%x: tensor<1x6x2xf16>) -> (tensor<1x6x2xf16>) {
    %y = "edge.elu"(%x) : (tensor<1x6x2xf16>) -> tensor<1x6x2xf16>
    func.return %y : tensor<1x6x2xf16>
  }
}
