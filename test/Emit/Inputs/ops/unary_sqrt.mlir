// xnn.unary (edge.sqrt)
module {
  func.func @forward(%x: tensor<4x7x5xf32>) -> (tensor<4x7x5xf32>) {
    %p = "edge.abs"(%x) : (tensor<4x7x5xf32>) -> tensor<4x7x5xf32>
    %y = "edge.sqrt"(%p) : (tensor<4x7x5xf32>) -> tensor<4x7x5xf32>
    func.return %y : tensor<4x7x5xf32>
  }
}
