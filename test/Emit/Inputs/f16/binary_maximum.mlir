// xnn.binary (edge.maximum, broadcast [2, 1, 5] x [2, 1])
module {
  func.func @forward(%a: tensor<2x1x5xf16>, %b: tensor<2x1xf16>) -> (tensor<2x2x5xf16>) {
    %y = "edge.maximum"(%a, %b) : (tensor<2x1x5xf16>, tensor<2x1xf16>) -> tensor<2x2x5xf16>
    func.return %y : tensor<2x2x5xf16>
  }
}
