// xnn.unary (edge.log)
module {
  func.func @forward(%x: tensor<4x4x5xf32>) -> (tensor<4x4x5xf32>) {
    %p = "edge.abs"(%x) : (tensor<4x4x5xf32>) -> tensor<4x4x5xf32>
    %y = "edge.log"(%p) : (tensor<4x4x5xf32>) -> tensor<4x4x5xf32>
    func.return %y : tensor<4x4x5xf32>
  }
}
