// xnn.static_reshape (view)
module {
  func.func @forward(%x: tensor<4x4xf32>) -> (tensor<2x8xf32>) {
    %r = "edge.view"(%x) : (tensor<4x4xf32>) -> tensor<2x8xf32>
    %y = "edge.neg"(%r) : (tensor<2x8xf32>) -> tensor<2x8xf32>
    func.return %y : tensor<2x8xf32>
  }
}
