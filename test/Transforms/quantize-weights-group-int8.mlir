// Groups with bits=8: XNNPACK has no blockwise int8 filter.
// RUN: xnn-opt %s -p 'builtin.module(xnn-quantize-weights{bits=8 group-size=32})' --verify-diagnostics
// expected-error @below {{xnn-quantize-weights: group-size=32 with bits=8: XNNPACK's blockwise filters are int4 only (qb4w; int8 weights are per channel, qc8w): use group-size=0 with bits=8, or bits=4}}
module {
  func.func @f(%x: tensor<1x64xf32>) -> tensor<1x2xf32> {
    %w = "edge.constant"() {value = dense<0.5> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
    %y = "edge.linear"(%x, %w) : (tensor<1x64xf32>, tensor<2x64xf32>) -> tensor<1x2xf32>
    return %y : tensor<1x2xf32>
  }
}
