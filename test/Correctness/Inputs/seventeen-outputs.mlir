// 17 results: more outputs than examples/run_delegate.c once had room for.
func.func @forward(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %r0 = "edge.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r1 = "edge.neg"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r2 = "edge.abs"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r3 = "edge.exp"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r4 = "edge.tanh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r5 = "edge.sigmoid"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r6 = "edge.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r7 = "edge.neg"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r8 = "edge.abs"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r9 = "edge.exp"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r10 = "edge.tanh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r11 = "edge.sigmoid"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r12 = "edge.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r13 = "edge.neg"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r14 = "edge.abs"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r15 = "edge.exp"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r16 = "edge.tanh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
