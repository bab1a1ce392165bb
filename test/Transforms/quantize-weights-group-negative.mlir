// A negative group size is refused at the module, whatever the bits.
// RUN: xnn-opt %s -p 'builtin.module(xnn-quantize-weights{bits=4 group-size=-32})' --verify-diagnostics
// RUN: xnn-opt %s -p 'builtin.module(xnn-quantize-weights{bits=8 group-size=-32})' --verify-diagnostics
// expected-error @below {{xnn-quantize-weights: group-size=-32 is negative: use 0 (one scale per output channel) or, with bits=4, a positive multiple of 32 (one scale per group of that many input channels)}}
module {
  func.func @f(%x: tensor<1x64xf32>) -> tensor<1x2xf32> {
    %w = "edge.constant"() {value = dense<0.5> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
    %y = "edge.linear"(%x, %w) : (tensor<1x64xf32>, tensor<2x64xf32>) -> tensor<1x2xf32>
    return %y : tensor<1x2xf32>
  }
}
