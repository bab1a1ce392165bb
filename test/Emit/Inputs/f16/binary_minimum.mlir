// xnn.binary (edge.minimum, broadcast [3, 1, 4] x [4, 1])
module {
  func.func @forward(%a: tensor<3x1x4xf16>, %b: tensor<4x1xf16>) -> (tensor<3x4x4xf16>) {
    %y = "edge.minimum"(%a, %b) : (tensor<3x1x4xf16>, tensor<4x1xf16>) -> tensor<3x4x4xf16>
    func.return %y : tensor<3x4x4xf16>
  }
}
