// xnn.unary (edge.sigmoid)
module {
  func.func @forward(%x: tensor<2x7x5xf32>) -> (tensor<2x7x5xf32>) {
    %y = "edge.sigmoid"(%x) : (tensor<2x7x5xf32>) -> tensor<2x7x5xf32>
    func.return %y : tensor<2x7x5xf32>
  }
}
