// A bf16 model with a gather XNNPACK cannot run: one op stays portable.
func.func @forward(%table: tensor<16x8xbf16>, %ids: tensor<4xi64>) -> tensor<4x8xbf16> {
  %0 = "edge.embedding"(%table, %ids) : (tensor<16x8xbf16>, tensor<4xi64>) -> tensor<4x8xbf16>
  %1 = "edge.to_copy"(%0) {dtype = f32} : (tensor<4x8xbf16>) -> tensor<4x8xf32>
  %2 = "edge.tanh"(%1) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %3 = "edge.to_copy"(%2) {dtype = bf16} : (tensor<4x8xf32>) -> tensor<4x8xbf16>
  return %3 : tensor<4x8xbf16>
}
