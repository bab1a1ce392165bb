// xnn.batch_matrix_multiply (bmm)
module {
  func.func @forward(%a: tensor<1x2x2xf32>, %c: tensor<1x2x5xf32>) -> (tensor<1x2x5xf32>) {
    %y = "edge.bmm"(%a, %c) : (tensor<1x2x2xf32>, tensor<1x2x5xf32>) -> tensor<1x2x5xf32>
    func.return %y : tensor<1x2x5xf32>
  }
}
