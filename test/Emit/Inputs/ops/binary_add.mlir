// xnn.binary (edge.add, broadcast [4, 1, 5] x [3, 1])
module {
  func.func @forward(%a: tensor<4x1x5xf32>, %b: tensor<3x1xf32>) -> (tensor<4x3x5xf32>) {
    %y = "edge.add"(%a, %b) : (tensor<4x1x5xf32>, tensor<3x1xf32>) -> tensor<4x3x5xf32>
    func.return %y : tensor<4x3x5xf32>
  }
}
