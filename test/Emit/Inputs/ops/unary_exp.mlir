// xnn.unary (edge.exp)
module {
  func.func @forward(%x: tensor<1x7x4xf32>) -> (tensor<1x7x4xf32>) {
    %y = "edge.exp"(%x) : (tensor<1x7x4xf32>) -> tensor<1x7x4xf32>
    func.return %y : tensor<1x7x4xf32>
  }
}
