func.func @forward(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %w = "edge.constant"() {value = dense_resource<weights> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %0 = "edge.add"(%a, %w) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = "edge.relu"(%0) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}
{-#
  dialect_resources: {
    builtin: {
      weights: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"
    }
  }
#-}
