// Input of bytecode.test: a linear layer whose weights are blobs.
func.func @forward(%x: tensor<2x4xbf16>) -> tensor<2x3xf32> {
  %w = "edge.constant"() {value = dense_resource<weight> : tensor<3x4xbf16>} : () -> tensor<3x4xbf16>
  %b = "edge.constant"() {value = dense_resource<bias> : tensor<3xf32>} : () -> tensor<3xf32>
  %xf = "edge.to_copy"(%x) {dtype = f32} : (tensor<2x4xbf16>) -> tensor<2x4xf32>
  %wf = "edge.to_copy"(%w) {dtype = f32} : (tensor<3x4xbf16>) -> tensor<3x4xf32>
  %y = "edge.linear"(%xf, %wf, %b) : (tensor<2x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
{-#
  dialect_resources: {
    builtin: {
      weight: "0x02000000803F803F00400040C03FC03F0040004080BF80BF00C000C0",
      bias: "0x040000000000803F0000003F000080BF"
    }
  }
#-}
