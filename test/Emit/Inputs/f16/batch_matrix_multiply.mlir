// xnn.batch_matrix_multiply (bmm)
module {
  func.func @forward(%a: tensor<1x2x2xf16>, %c: tensor<1x2x5xf16>) -> (tensor<1x2x5xf16>) {
    %y = "edge.bmm"(%a, %c) : (tensor<1x2x2xf16>, tensor<1x2x5xf16>) -> tensor<1x2x5xf16>
    func.return %y : tensor<1x2x5xf16>
  }
}
