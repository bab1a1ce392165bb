// xnn.batch_matrix_multiply, 64 columns
module {
  func.func @forward(%a: tensor<2x8x64xf32>, %c: tensor<2x64x64xf32>) -> (tensor<2x8x64xf32>) {
    %y = "edge.bmm"(%a, %c) : (tensor<2x8x64xf32>, tensor<2x64x64xf32>) -> tensor<2x8x64xf32>
    func.return %y : tensor<2x8x64xf32>
  }
}
