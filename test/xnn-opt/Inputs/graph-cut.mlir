// Two delegate segments cut by a portable op (an embedding: XNNPACK has no gather).
func.func @cut(%x: tensor<10x4xf32>, %ids: tensor<10xi64>) -> tensor<10x4xf32> {
  %0 = "edge.relu"(%x) : (tensor<10x4xf32>) -> tensor<10x4xf32>
  %1 = "edge.embedding"(%0, %ids) : (tensor<10x4xf32>, tensor<10xi64>) -> tensor<10x4xf32>
  %2 = "edge.add"(%1, %0) : (tensor<10x4xf32>, tensor<10x4xf32>) -> tensor<10x4xf32>
  return %2 : tensor<10x4xf32>
}
