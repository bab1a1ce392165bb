// xnn.batch_matrix_multiply (bmm)
module {
  func.func @forward(%a: tensor<1x2x2xbf16>, %c: tensor<1x2x5xbf16>) -> (tensor<1x2x5xbf16>) {
    %y = "edge.bmm"(%a, %c) : (tensor<1x2x2xbf16>, tensor<1x2x5xbf16>) -> tensor<1x2x5xbf16>
    func.return %y : tensor<1x2x5xbf16>
  }
}
