// A host function called from another, two results, and a delegate function
// nobody calls (drawn on its own).
func.func @helper(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = call @helper(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "edge.tanh"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1, %0 : tensor<4xf32>, tensor<4xf32>
}
func.func private @xnn_standalone(%x: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  %0 = "edge.abs"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
