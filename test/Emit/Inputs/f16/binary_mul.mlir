// xnn.binary (edge.mul, broadcast [5, 1, 5] x [2, 1])
module {
  func.func @forward(%a: tensor<5x1x5xf16>, %b: tensor<2x1xf16>) -> (tensor<5x2x5xf16>) {
    %y = "edge.mul"(%a, %b) : (tensor<5x1x5xf16>, tensor<2x1xf16>) -> tensor<5x2x5xf16>
    func.return %y : tensor<5x2x5xf16>
  }
}
