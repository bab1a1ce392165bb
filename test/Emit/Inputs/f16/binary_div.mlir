// xnn.binary (edge.div, broadcast [5, 1, 2] x [1, 1])
module {
  func.func @forward(%a: tensor<5x1x2xf16>, %b: tensor<1x1xf16>) -> (tensor<5x1x2xf16>) {
    %y = "edge.div"(%a, %b) : (tensor<5x1x2xf16>, tensor<1x1xf16>) -> tensor<5x1x2xf16>
    func.return %y : tensor<5x1x2xf16>
  }
}
