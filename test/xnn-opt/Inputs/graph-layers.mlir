// Name locations as xnn-import-torch writes them ("<module path>: <aten op>"):
// the graph groups ops by layer.
func.func @forward(%x: tensor<4x8xf32>, %ids: tensor<4xi64>) -> tensor<4x8xf32> {
  %0 = "edge.relu"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32> loc("layers.0.act: aten.relu.default")
  %1 = "edge.tanh"(%0) : (tensor<4x8xf32>) -> tensor<4x8xf32> loc("layers.0.act: aten.tanh.default")
  %2 = "edge.relu"(%1) : (tensor<4x8xf32>) -> tensor<4x8xf32> loc("layers.1.act: aten.relu.default")
  %3 = "edge.tanh"(%2) : (tensor<4x8xf32>) -> tensor<4x8xf32> loc("layers.1.act: aten.tanh.default")
  %4 = "edge.embedding"(%3, %ids) : (tensor<4x8xf32>, tensor<4xi64>) -> tensor<4x8xf32> loc("head: aten.embedding.default")
  return %4 : tensor<4x8xf32>
}
