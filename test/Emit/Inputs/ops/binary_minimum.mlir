// xnn.binary (edge.minimum, broadcast [3, 1, 4] x [4, 1])
module {
  func.func @forward(%a: tensor<3x1x4xf32>, %b: tensor<4x1xf32>) -> (tensor<3x4x4xf32>) {
    %y = "edge.minimum"(%a, %b) : (tensor<3x1x4xf32>, tensor<4x1xf32>) -> tensor<3x4x4xf32>
    func.return %y : tensor<3x4x4xf32>
  }
}
