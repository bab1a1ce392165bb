// xnn.binary (edge.add, broadcast [3, 1, 5] x [4, 1])
module {
  func.func @forward(%a: tensor<3x1x5xbf16>, %b: tensor<4x1xbf16>) -> (tensor<3x4x5xbf16>) {
    %y = "edge.add"(%a, %b) : (tensor<3x1x5xbf16>, tensor<4x1xbf16>) -> tensor<3x4x5xbf16>
    func.return %y : tensor<3x4x5xbf16>
  }
}
