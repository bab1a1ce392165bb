// A group size that is not a multiple of 32: the linked XNNPACK's blockwise
// int4 filters refuse it (xnn-probe-qd8 exact: 8, 16, 24, 48 refused).
// RUN: xnn-opt %s -p 'builtin.module(xnn-quantize-weights{bits=4 group-size=48})' --verify-diagnostics
// expected-error @below {{xnn-quantize-weights: group-size=48 is not a multiple of 32: the linked XNNPACK's blockwise int4 filters (qb4w) take groups of 32, 64, 96, 128, ... input channels; use one of those, or group-size=0 (one scale per output channel)}}
module {
  func.func @f(%x: tensor<1x96xf32>) -> tensor<1x2xf32> {
    %w = "edge.constant"() {value = dense<0.5> : tensor<2x96xf32>} : () -> tensor<2x96xf32>
    %y = "edge.linear"(%x, %w) : (tensor<1x96xf32>, tensor<2x96xf32>) -> tensor<1x2xf32>
    return %y : tensor<1x2xf32>
  }
}

// Bits and schemes outside their choices are refused where the pipeline
// names them.
// RUN: not xnn-opt %s -p 'builtin.module(xnn-quantize-weights{bits=5})' 2>&1 | FileCheck %s --check-prefix=BITS
// BITS: <Pass-Pipeline>:1:16: error: invalid value '5' for option 'bits' of pass 'xnn-quantize-weights' (expected one of 8|4)
// RUN: not xnn-opt %s -p 'builtin.module(xnn-quantize-weights{scheme=gptq})' 2>&1 | FileCheck %s --check-prefix=SCHEME
// SCHEME: <Pass-Pipeline>:1:16: error: invalid value 'gptq' for option 'scheme' of pass 'xnn-quantize-weights' (expected one of torchao|restricted)
// RUN: not xnn-opt %s -p 'builtin.module(xnn-quantize-weights{group-size=32.5})' 2>&1 | FileCheck %s --check-prefix=INT
// INT: <Pass-Pipeline>:1:16: error: invalid value '32.5' for integer option 'group-size' of pass 'xnn-quantize-weights'
