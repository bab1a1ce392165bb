// edge.elu
module {
  func.func @forward(%x: tensor<1x6x2xbf16>) -> (tensor<1x6x2xbf16>) {
    %y = "edge.elu"(%x) : (tensor<1x6x2xbf16>) -> tensor<1x6x2xbf16>
    func.return %y : tensor<1x6x2xbf16>
  }
}
