// xnn.static_slice
module {
  func.func @forward(%x: tensor<3x7xf16>) -> (tensor<3x3xf16>) {
    %y = "edge.slice"(%x) {dim = 1 : i64, start = 1 : i64, end = 4 : i64, step = 1 : i64} : (tensor<3x7xf16>) -> tensor<3x3xf16>
    func.return %y : tensor<3x3xf16>
  }
}
