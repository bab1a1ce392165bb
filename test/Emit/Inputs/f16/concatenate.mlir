// xnn.concatenate3
module {
  func.func @forward(%a: tensor<2x3xf16>, %b: tensor<2x3xf16>, %c: tensor<2x3xf16>) -> (tensor<2x9xf16>) {
    %y = "edge.cat"(%a, %b, %c) {dim = 1 : i64} : (tensor<2x3xf16>, tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x9xf16>
    func.return %y : tensor<2x9xf16>
  }
}
