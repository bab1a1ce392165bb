// RUN: xnn-opt %s -p 'builtin.module(func.func(xnn-partition))' --verify-diagnostics

// DOC: partition on a function
// expected-error @+1 {{xnn-partition must run on builtin.module: it outlines delegate functions}}
func.func @nested(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
