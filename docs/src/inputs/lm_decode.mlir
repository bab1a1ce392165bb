// A toy language model, imported once per token count (prefill: 3 tokens,
// decode: 1): logits = E[token] + P[position], E[t] one-hot at t + 1 (mod 4),
// P[5] = 2 at token 0. Its state counts the calls.
func.func @forward(%tok: tensor<1x1xi64>, %pos: tensor<1xi64>, %calls: tensor<1xf32> {xnn.state = "calls"}) -> (tensor<1x1x4xf32>, tensor<1xf32> {xnn.state = "calls"}) {
  %e = "edge.constant"() {value = dense<[[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0], [1.0, 0.0, 0.0, 0.0]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %p = "edge.constant"() {value = dense<[[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [2.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]]> : tensor<10x4xf32>} : () -> tensor<10x4xf32>
  %one = "edge.constant"() {value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "edge.embedding"(%e, %tok) : (tensor<4x4xf32>, tensor<1x1xi64>) -> tensor<1x1x4xf32>
  %1 = "edge.embedding"(%p, %pos) : (tensor<10x4xf32>, tensor<1xi64>) -> tensor<1x4xf32>
  %2 = "edge.add"(%0, %1) : (tensor<1x1x4xf32>, tensor<1x4xf32>) -> tensor<1x1x4xf32>
  %3 = "edge.add"(%calls, %one) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  return %2, %3 : tensor<1x1x4xf32>, tensor<1xf32>
}
