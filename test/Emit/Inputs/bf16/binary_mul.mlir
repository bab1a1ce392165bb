// xnn.binary (edge.mul, broadcast [5, 1, 5] x [2, 1])
module {
  func.func @forward(%a: tensor<5x1x5xbf16>, %b: tensor<2x1xbf16>) -> (tensor<5x2x5xbf16>) {
    %y = "edge.mul"(%a, %b) : (tensor<5x1x5xbf16>, tensor<2x1xbf16>) -> tensor<5x2x5xbf16>
    func.return %y : tensor<5x2x5xbf16>
  }
}
