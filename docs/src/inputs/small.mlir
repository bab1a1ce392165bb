// A small f32 model: a 3x3 convolution with bias, relu, and a residual add.
func.func @forward(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = "edge.constant"() {value = dense<0.125> : tensor<2x2x3x3xf32>} : () -> tensor<2x2x3x3xf32>
  %b = "edge.constant"() {value = dense<[0.5, -0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "edge.conv2d"(%x, %w, %b) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %1 = "edge.relu"(%0) : (tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %2 = "edge.add"(%1, %x) : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %2 : tensor<1x2x4x4xf32>
}
