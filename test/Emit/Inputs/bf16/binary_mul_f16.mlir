// xnn.binary (edge.mul, broadcast [3, 1, 3] x [3, 1])
module {
  func.func @forward(%a: tensor<3x1x3xf16>, %b: tensor<3x1xf16>) -> (tensor<3x3x3xf16>) {
    %y = "edge.mul"(%a, %b) : (tensor<3x1x3xf16>, tensor<3x1xf16>) -> tensor<3x3x3xf16>
    func.return %y : tensor<3x3x3xf16>
  }
}
