// xnn.static_slice
module {
  func.func @forward(%x: tensor<3x7xbf16>) -> (tensor<3x3xbf16>) {
    %y = "edge.slice"(%x) {dim = 1 : i64, start = 1 : i64, end = 4 : i64, step = 1 : i64} : (tensor<3x7xbf16>) -> tensor<3x3xbf16>
    func.return %y : tensor<3x3xbf16>
  }
}
