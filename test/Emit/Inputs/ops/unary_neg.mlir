// xnn.unary (edge.neg)
module {
  func.func @forward(%x: tensor<2x6x2xf32>) -> (tensor<2x6x2xf32>) {
    %y = "edge.neg"(%x) : (tensor<2x6x2xf32>) -> tensor<2x6x2xf32>
    func.return %y : tensor<2x6x2xf32>
  }
}
