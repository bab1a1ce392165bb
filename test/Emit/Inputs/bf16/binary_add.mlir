// xnn.binary (edge.add, broadcast [4, 1, 5] x [3, 1])
module {
  func.func @forward(%a: tensor<4x1x5xbf16>, %b: tensor<3x1xbf16>) -> (tensor<4x3x5xbf16>) {
    %y = "edge.add"(%a, %b) : (tensor<4x1x5xbf16>, tensor<3x1xbf16>) -> tensor<4x3x5xbf16>
    func.return %y : tensor<4x3x5xbf16>
  }
}
