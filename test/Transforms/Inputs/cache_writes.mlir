// Cache writes for move-cache-writes-exact.test: the values written come from
// a delegable op (so without the pass the write splits the delegate) and the
// readers (neg: exact, keeps signed zeros) must see every bit of the rows.
func.func @decode(%pos: tensor<1xi64>, %k: tensor<1x2x1x4xf32>, %cache: tensor<1x2x8x4xf32> {xnn.state = "k"})
    -> (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32> {xnn.state = "k"}) {
  %k2 = "edge.neg"(%k) : (tensor<1x2x1x4xf32>) -> tensor<1x2x1x4xf32>
  %new = "edge.index_put"(%cache, %k2, %pos) {indexed_dims = array<i64: 2>} : (tensor<1x2x8x4xf32>, tensor<1x2x1x4xf32>, tensor<1xi64>) -> tensor<1x2x8x4xf32>
  %r = "edge.neg"(%new) : (tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
  return %r, %new : tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>
}

func.func @prefill(%pos: tensor<3xi32>, %k: tensor<1x1x3x4xbf16>, %cache: tensor<1x2x8x4xbf16>)
    -> (tensor<1x2x8x4xbf16>, tensor<1x2x8x4xbf16>) {
  %k2 = "edge.neg"(%k) : (tensor<1x1x3x4xbf16>) -> tensor<1x1x3x4xbf16>
  %new = "edge.index_put"(%cache, %k2, %pos) {indexed_dims = array<i64: 2>} : (tensor<1x2x8x4xbf16>, tensor<1x1x3x4xbf16>, tensor<3xi32>) -> tensor<1x2x8x4xbf16>
  %r = "edge.neg"(%new) : (tensor<1x2x8x4xbf16>) -> tensor<1x2x8x4xbf16>
  return %r, %new : tensor<1x2x8x4xbf16>, tensor<1x2x8x4xbf16>
}
