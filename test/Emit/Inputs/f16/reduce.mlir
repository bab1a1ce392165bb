// xnn.static_reduce mean (keep_dims) and sum
module {
  func.func @forward(%x: tensor<2x4xf16>) -> (tensor<2x1xf16>, tensor<4xf16>) {
    %m = "edge.mean"(%x) {dims = array<i64: -1>, keepdim = true} : (tensor<2x4xf16>) -> tensor<2x1xf16>
    %s = "edge.sum"(%x) {dims = array<i64: 0>, keepdim = false} : (tensor<2x4xf16>) -> tensor<4xf16>
    func.return %m, %s : tensor<2x1xf16>, tensor<4xf16>
  }
}
