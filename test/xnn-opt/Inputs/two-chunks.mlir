// Two modules for --split-input-file tests.
func.func @forward(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @forward(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.sigmoid"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
