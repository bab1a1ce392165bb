// xnn.binary (edge.sub, broadcast [2, 1, 4] x [2, 1])
module {
  func.func @forward(%a: tensor<2x1x4xf32>, %b: tensor<2x1xf32>) -> (tensor<2x2x4xf32>) {
    %y = "edge.sub"(%a, %b) : (tensor<2x1x4xf32>, tensor<2x1xf32>) -> tensor<2x2x4xf32>
    func.return %y : tensor<2x2x4xf32>
  }
}
