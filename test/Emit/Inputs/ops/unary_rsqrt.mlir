// xnn.unary (edge.rsqrt)
module {
  func.func @forward(%x: tensor<3x3x4xf32>) -> (tensor<3x3x4xf32>) {
    %p = "edge.abs"(%x) : (tensor<3x3x4xf32>) -> tensor<3x3x4xf32>
    %y = "edge.rsqrt"(%p) : (tensor<3x3x4xf32>) -> tensor<3x3x4xf32>
    func.return %y : tensor<3x3x4xf32>
  }
}
