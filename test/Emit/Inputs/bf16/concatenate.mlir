// xnn.concatenate3
module {
  func.func @forward(%a: tensor<2x3xbf16>, %b: tensor<2x3xbf16>, %c: tensor<2x3xbf16>) -> (tensor<2x9xbf16>) {
    %y = "edge.cat"(%a, %b, %c) {dim = 1 : i64} : (tensor<2x3xbf16>, tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x9xbf16>
    func.return %y : tensor<2x9xbf16>
  }
}
