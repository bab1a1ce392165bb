// xnn.average_pooling_2d (NHWC, 2x3 window, stride 1x2)
module {
  func.func @forward(%x: tensor<1x5x3x5xf16>) -> (tensor<1x5x2x2xf16>) {
    %y = "edge.avg_pool2d"(%x) {kernel_size = array<i64: 2, 3>, stride = array<i64: 1, 2>, padding = array<i64: 0, 0>} : (tensor<1x5x3x5xf16>) -> tensor<1x5x2x2xf16>
    func.return %y : tensor<1x5x2x2xf16>
  }
}
