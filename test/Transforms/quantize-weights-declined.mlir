// xnn-quantize-weights says why it leaves a linear layer in float: a warning
// for what the user can change (K not a multiple of the group size, weights
// that are not finite, an addmm's alpha or beta), a remark for a
// weight computed at run time. Nothing is left in float silently.
// RUN: xnn-opt %s --split-input-file -p 'builtin.module(xnn-quantize-weights{bits=4 group-size=32})' --verify-diagnostics
// RUN: xnn-opt %s --split-input-file -p 'builtin.module(xnn-quantize-weights{bits=4 group-size=32})' 2>/dev/null \
// RUN:   | FileCheck %s

// The group size must divide K (torchao asserts it, ExecuTorch's export_llama
// leaves such linears in float): the layer stays in float, with a warning.
// CHECK-LABEL: func.func @k_not_multiple
// CHECK-NOT: quantize
func.func @k_not_multiple(%x: tensor<2x48xf32>) -> tensor<2x4xf32> {
  %c = "edge.constant"() {value = dense<0.5> : tensor<4x48xf32>} : () -> tensor<4x48xf32>
  // expected-warning @+1 {{xnn-quantize-weights: 'edge.linear' not quantized (left in float): its input channels K = 48 are not a multiple of group-size=32 (choose a group size that divides every K of the model, or group-size=0: one scale per output channel)}}
  %y = "edge.linear"(%x, %c) : (tensor<2x48xf32>, tensor<4x48xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @not_finite
// CHECK-NOT: quantize
func.func @not_finite(%x: tensor<2x64xf32>) -> tensor<2x2xf32> {
  %c = "edge.constant"() {value = dense<[[1.0, 2.0, 0x7F800000, 61.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0, 1.0, 2.0, 3.0, 4.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  // expected-warning @+1 {{'edge.linear' not quantized (left in float): weight [0, 2] (output channel, input channel) is not finite}}
  %y = "edge.linear"(%x, %c) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// -----

// A weight computed at run time: a remark. A weight that is already
// quantized (a model exported quantized; through a permute for addmm), and an
// mm of two activations (a matmul, not a layer): nothing.
// CHECK-LABEL: func.func @run_time_weights
// CHECK-COUNT-1: "edge.dequantize_per_channel"
// CHECK-NOT: "edge.dequantize_per_channel"
func.func @run_time_weights(%x: tensor<2x64xf32>, %w: tensor<4x64xf32>, %b: tensor<64x4xf32>, %c: tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  // expected-remark @+1 {{xnn-quantize-weights: 'edge.linear' not quantized (left in float): its weight is computed at run time}}
  %y = "edge.linear"(%x, %w) : (tensor<2x64xf32>, tensor<4x64xf32>) -> tensor<2x4xf32>
  // expected-remark @+1 {{xnn-quantize-weights: 'edge.addmm' not quantized (left in float): its weight (operand 'b') is computed at run time}}
  %z = "edge.addmm"(%c, %x, %b) : (tensor<4xf32>, tensor<2x64xf32>, tensor<64x4xf32>) -> tensor<2x4xf32>
  %m = "edge.mm"(%x, %b) : (tensor<2x64xf32>, tensor<64x4xf32>) -> tensor<2x4xf32>
  %wq = "edge.constant"() {value = dense<1> : tensor<4x64xi8>} : () -> tensor<4x64xi8>
  %ws = "edge.constant"() {value = dense<0.5> : tensor<4xf32>} : () -> tensor<4xf32>
  %wd = "edge.dequantize_per_channel"(%wq, %ws) {axis = 0 : i64, quant_max = 127 : i64, quant_min = -128 : i64} : (tensor<4x64xi8>, tensor<4xf32>) -> tensor<4x64xf32>
  %q = "edge.linear"(%x, %wd) : (tensor<2x64xf32>, tensor<4x64xf32>) -> tensor<2x4xf32>
  %wdt = "edge.permute"(%wd) {dims = array<i64: 1, 0>} : (tensor<4x64xf32>) -> tensor<64x4xf32>
  %r = "edge.addmm"(%c, %x, %wdt) : (tensor<4xf32>, tensor<2x64xf32>, tensor<64x4xf32>) -> tensor<2x4xf32>
  return %y, %z, %m, %q, %r : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// addmm: alpha = 0 (and non-finite alphas) does not fold into a weight; a
// beta other than 0 and 1 folds into a constant row bias only.
// CHECK-LABEL: func.func @addmm_alpha_beta
// CHECK-NOT: quantize
func.func @addmm_alpha_beta(%x: tensor<2x64xf32>, %bias: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %w = "edge.constant"() {value = dense<0.5> : tensor<64x4xf32>} : () -> tensor<64x4xf32>
  %c = "edge.constant"() {value = dense<0.5> : tensor<4xf32>} : () -> tensor<4xf32>
  // expected-warning @+1 {{'edge.addmm' not quantized (left in float): alpha = 0 (a finite, nonzero alpha folds into the weight)}}
  %y = "edge.addmm"(%c, %x, %w) {alpha = 0.0 : f64} : (tensor<4xf32>, tensor<2x64xf32>, tensor<64x4xf32>) -> tensor<2x4xf32>
  // expected-warning @+1 {{'edge.addmm' not quantized (left in float): beta = 0.5 with a bias that is not a constant row (beta folds into a constant [N] or [1, N] bias)}}
  %z = "edge.addmm"(%bias, %x, %w) {beta = 0.5 : f64} : (tensor<2x4xf32>, tensor<2x64xf32>, tensor<64x4xf32>) -> tensor<2x4xf32>
  return %y, %z : tensor<2x4xf32>, tensor<2x4xf32>
}
