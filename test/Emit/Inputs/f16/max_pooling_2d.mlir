// xnn.max_pooling_2d (NHWC)
module {
  func.func @forward(%x: tensor<1x5x8x4xf16>) -> (tensor<1x5x4x2xf16>) {
    %y = "edge.max_pool2d"(%x) {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, ceil_mode = false} : (tensor<1x5x8x4xf16>) -> tensor<1x5x4x2xf16>
    func.return %y : tensor<1x5x4x2xf16>
  }
}
