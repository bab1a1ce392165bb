// xnn.unary (edge.abs)
module {
  func.func @forward(%x: tensor<1x3x5xf32>) -> (tensor<1x3x5xf32>) {
    %y = "edge.abs"(%x) : (tensor<1x3x5xf32>) -> tensor<1x3x5xf32>
    func.return %y : tensor<1x3x5xf32>
  }
}
