// edge.elu
module {
  func.func @forward(%x: tensor<1x6x2xf32>) -> (tensor<1x6x2xf32>) {
    %y = "edge.elu"(%x) : (tensor<1x6x2xf32>) -> tensor<1x6x2xf32>
    func.return %y : tensor<1x6x2xf32>
  }
}
