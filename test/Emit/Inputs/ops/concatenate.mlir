// xnn.concatenate3
module {
  func.func @forward(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %c: tensor<2x3xf32>) -> (tensor<2x9xf32>) {
    %y = "edge.cat"(%a, %b, %c) {dim = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x9xf32>
    func.return %y : tensor<2x9xf32>
  }
}
