// xnn.binary (edge.sub, broadcast [2, 1, 4] x [2, 1])
module {
  func.func @forward(%a: tensor<2x1x4xf16>, %b: tensor<2x1xf16>) -> (tensor<2x2x4xf16>) {
    %y = "edge.sub"(%a, %b) : (tensor<2x1x4xf16>, tensor<2x1xf16>) -> tensor<2x2x4xf16>
    func.return %y : tensor<2x2x4xf16>
  }
}
