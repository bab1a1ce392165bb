// xnn.binary (edge.maximum, broadcast [2, 1, 5] x [2, 1])
module {
  func.func @forward(%a: tensor<2x1x5xbf16>, %b: tensor<2x1xbf16>) -> (tensor<2x2x5xbf16>) {
    %y = "edge.maximum"(%a, %b) : (tensor<2x1x5xbf16>, tensor<2x1xbf16>) -> tensor<2x2x5xbf16>
    func.return %y : tensor<2x2x5xbf16>
  }
}
