// xnn.batch_matrix_multiply, 64 columns
module {
  func.func @forward(%a: tensor<2x8x64xf16>, %c: tensor<2x64x64xf16>) -> (tensor<2x8x64xf16>) {
    %y = "edge.bmm"(%a, %c) : (tensor<2x8x64xf16>, tensor<2x64x64xf16>) -> tensor<2x8x64xf16>
    func.return %y : tensor<2x8x64xf16>
  }
}
