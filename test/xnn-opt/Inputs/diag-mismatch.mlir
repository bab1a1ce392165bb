// Line numbers matter: see verify-diagnostics.mlir.
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.nosuchop"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// expected-error @+1 {{this is never emitted}}
func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
