// xnn.binary (edge.add, broadcast [4, 1, 5] x [3, 1])
module {
  func.func @forward(%a: tensor<4x1x5xf16>, %b: tensor<3x1xf16>) -> (tensor<4x3x5xf16>) {
    %y = "edge.add"(%a, %b) : (tensor<4x1x5xf16>, tensor<3x1xf16>) -> tensor<4x3x5xf16>
    func.return %y : tensor<4x3x5xf16>
  }
}
