func.func @ok(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

func.func @broken(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.nosuchop"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @after(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.relu"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
