// xnn.static_reshape (view)
module {
  func.func @forward(%x: tensor<4x4xf16>) -> (tensor<2x8xf16>) {
    %r = "edge.view"(%x) : (tensor<4x4xf16>) -> tensor<2x8xf16>
    %y = "edge.neg"(%r) : (tensor<2x8xf16>) -> tensor<2x8xf16>
    func.return %y : tensor<2x8xf16>
  }
}
