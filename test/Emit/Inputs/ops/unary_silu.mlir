// edge.silu
module {
  func.func @forward(%x: tensor<4x2x3xf32>) -> (tensor<4x2x3xf32>) {
    %y = "edge.silu"(%x) : (tensor<4x2x3xf32>) -> tensor<4x2x3xf32>
    func.return %y : tensor<4x2x3xf32>
  }
}
