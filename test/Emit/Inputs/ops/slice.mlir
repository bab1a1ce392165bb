// xnn.static_slice
module {
  func.func @forward(%x: tensor<3x7xf32>) -> (tensor<3x3xf32>) {
    %y = "edge.slice"(%x) {dim = 1 : i64, start = 1 : i64, end = 4 : i64, step = 1 : i64} : (tensor<3x7xf32>) -> tensor<3x3xf32>
    func.return %y : tensor<3x3xf32>
  }
}
