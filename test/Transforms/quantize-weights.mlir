// xnn-quantize-weights: linear layers with constant float weights become
// ExecuTorch's dynamically quantized linear (8da8w / 8da4w): int8 per-token
// activations, int8 or int4 symmetric weights per channel or per group.
// RUN: xnn-opt %s --split-input-file -p 'builtin.module(xnn-quantize-weights)' | FileCheck %s
// RUN: xnn-opt %s --split-input-file -p 'builtin.module(xnn-quantize-weights{bits=4})' | FileCheck %s --check-prefix=INT4
// RUN: xnn-opt %s --split-input-file -p 'builtin.module(xnn-quantize-weights{bits=4 group-size=32})' | FileCheck %s --check-prefix=GROUP
// The output verifies and round-trips through stock mlir-opt with the plugin.
// RUN: mlir-opt %s %irdl_files --load-pass-plugin=%mlir_opt_plugin --split-input-file \
// RUN:   --pass-pipeline='builtin.module(xnn-quantize-weights{bits=4 group-size=32})' | FileCheck %s --check-prefix=GROUP
// RUN: not xnn-opt %s --split-input-file -p 'builtin.module(xnn-quantize-weights{bits=8 group-size=32})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// BAD: error: xnn-quantize-weights: group-size=32 with bits=8: groups are for 4-bit weights
// DOC: a linear quantized

// Per channel, int8: scale = max|w| / 127 per row (1 for a zero row);
// q = round-half-even(w / scale): 4 -> 127, -2 -> -64, 1 -> 32, 0.5 -> 16 (0x10).
// CHECK-LABEL: func.func @linear
// CHECK: %[[S:.*]]:2 = "edge.choose_qparams_per_token_asymmetric"(%arg0) : (tensor<2x64xf32>) -> (tensor<2x1xf32>, tensor<2x1xi64>)
// CHECK: %[[Q:.*]] = "edge.quantize_per_token"(%arg0, %[[S]]#0, %[[S]]#1) {quant_max = 127 : i64, quant_min = -128 : i64}
// CHECK: %[[XD:.*]] = "edge.dequantize_per_token"(%[[Q]], %[[S]]#0, %[[S]]#1) {quant_max = 127 : i64, quant_min = -128 : i64}
// CHECK: %[[WQ:.*]] = "edge.constant"() {value = dense<"0x7FC0002010{{(10)*(00)*}}"> : tensor<2x64xi8>}
// CHECK: %[[WS:.*]] = "edge.constant"() {value = dense<[0.0314960629, 1.000000e+00]> : tensor<2xf32>}
// CHECK: %[[WD:.*]] = "edge.dequantize_per_channel"(%[[WQ]], %[[WS]]) {axis = 0 : i64, quant_max = 127 : i64, quant_min = -128 : i64} : (tensor<2x64xi8>, tensor<2xf32>) -> tensor<2x64xf32>
// CHECK: %[[Y:.*]] = "edge.linear"(%[[XD]], %[[WD]]) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x2xf32>
// CHECK: return %[[Y]]
// int4: scale = 4 / 7 (rounded up in f32): -2 -> -3.4999999 -> -3 (0xFD).
// INT4-LABEL: func.func @linear
// INT4: "edge.constant"() {value = dense<"0x07FD00020101{{(01)*(00)*}}"> : tensor<2x64xi8>}
// INT4: "edge.dequantize_per_channel"({{.*}}) {axis = 0 : i64, quant_max = 7 : i64, quant_min = -8 : i64}
// Group scales are rounded up to bf16 (XNNPACK's blockwise scales): 4 / 7 -> 0.57421875.
// GROUP-LABEL: func.func @linear
// GROUP: "edge.constant"() {value = dense<{{\[}}[0.57421875, 0.0717773438], [1.000000e+00, 1.000000e+00]]> : tensor<2x2xf32>}
// GROUP: "edge.dequantize_per_channel_group"({{.*}}) {group_size = 32 : i64, quant_max = 7 : i64, quant_min = -8 : i64} : (tensor<2x64xi8>, tensor<2x2xf32>) -> tensor<2x64xf32>
func.func @linear(%x: tensor<2x64xf32>) -> tensor<2x2xf32> {
  %w = "edge.constant"() {value = dense<[[4.0, -2.0, 0.0, 1.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %y = "edge.linear"(%x, %w) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// -----

// bf16: the quantized linear runs in f32 between converts; the bias is
// converted too (xnn-fold-constant-converts folds it when it is constant).
// CHECK-LABEL: func.func @bf16_bias
// CHECK: %[[B:.*]] = "edge.constant"() {value = dense<5.000000e-01> : tensor<32xbf16>}
// CHECK: %[[X:.*]] = "edge.to_copy"(%arg0) {dtype = f32} : (tensor<1x3x64xbf16>) -> tensor<1x3x64xf32>
// CHECK: "edge.choose_qparams_per_token_asymmetric"(%[[X]]) : (tensor<1x3x64xf32>) -> (tensor<1x3x1xf32>, tensor<1x3x1xi64>)
// CHECK: %[[B32:.*]] = "edge.to_copy"(%[[B]]) {dtype = f32} : (tensor<32xbf16>) -> tensor<32xf32>
// CHECK: %[[Y:.*]] = "edge.linear"(%{{.*}}, %{{.*}}, %[[B32]]) : (tensor<1x3x64xf32>, tensor<32x64xf32>, tensor<32xf32>) -> tensor<1x3x32xf32>
// CHECK: %[[R:.*]] = "edge.to_copy"(%[[Y]]) {dtype = bf16} : (tensor<1x3x32xf32>) -> tensor<1x3x32xbf16>
// CHECK: return %[[R]]
func.func @bf16_bias(%x: tensor<1x3x64xbf16>) -> tensor<1x3x32xbf16> {
  %w = "edge.constant"() {value = dense<0.25> : tensor<32x64xbf16>} : () -> tensor<32x64xbf16>
  %b = "edge.constant"() {value = dense<0.5> : tensor<32xbf16>} : () -> tensor<32xbf16>
  %y = "edge.linear"(%x, %w, %b) : (tensor<1x3x64xbf16>, tensor<32x64xbf16>, tensor<32xbf16>) -> tensor<1x3x32xbf16>
  return %y : tensor<1x3x32xbf16>
}

// -----

// Left alone: a run-time weight, non-finite weights, and (GROUP) K not a
// multiple of the group size.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: quantize
// GROUP-LABEL: func.func @left_alone
// GROUP-NOT: quantize
func.func @left_alone(%x: tensor<2x48xf32>, %w: tensor<4x48xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %y = "edge.linear"(%x, %w) : (tensor<2x48xf32>, tensor<4x48xf32>) -> tensor<2x4xf32>
  %c = "edge.constant"() {value = dense<0x7F800000> : tensor<4x48xf32>} : () -> tensor<4x48xf32>
  %z = "edge.linear"(%x, %c) : (tensor<2x48xf32>, tensor<4x48xf32>) -> tensor<2x4xf32>
  return %y, %z : tensor<2x4xf32>, tensor<2x4xf32>
}
