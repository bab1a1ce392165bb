// xnn-quantize-weights: linear layers with constant float weights become
// ExecuTorch's dynamically quantized linear (8da8w / 8da4w): int8 per-token
// activations, int8 or int4 symmetric weights per channel or per group, by
// torchao's scheme (the default) or the restricted one.
// RUN: xnn-opt %s --split-input-file -p 'builtin.module(xnn-quantize-weights)' | FileCheck %s
// RUN: xnn-opt %s --split-input-file -p 'builtin.module(xnn-quantize-weights{bits=4})' | FileCheck %s --check-prefix=INT4
// RUN: xnn-opt %s --split-input-file -p 'builtin.module(xnn-quantize-weights{bits=4 group-size=32})' | FileCheck %s --check-prefix=GROUP
// RUN: xnn-opt %s --split-input-file -p 'builtin.module(xnn-quantize-weights{scheme=restricted})' | FileCheck %s --check-prefix=R8
// RUN: xnn-opt %s --split-input-file -p 'builtin.module(xnn-quantize-weights{bits=4 scheme=restricted})' | FileCheck %s --check-prefix=R4
// RUN: xnn-opt %s --split-input-file -p 'builtin.module(xnn-quantize-weights{bits=4 group-size=32 scheme=restricted})' | FileCheck %s --check-prefix=RGROUP
// The output verifies and round-trips through stock mlir-opt with the plugin.
// RUN: mlir-opt %s %irdl_files --load-pass-plugin=%mlir_opt_plugin --split-input-file \
// RUN:   --pass-pipeline='builtin.module(xnn-quantize-weights{bits=4 group-size=32})' | FileCheck %s --check-prefix=GROUP
// DOC: a linear quantized

// torchao's scheme, per channel, int8: scale = max|w| / 127.5 per row
// (4 / 127.5; torch.finfo(f32).smallest_normal for a row of zeros);
// q = round-half-even(w * (1 / scale)), clamped to [-128, 127]:
// 4 -> 127.5 -> 128 -> 127 (0x7F), -2 -> -63.75 -> -64 (0xC0), 1 -> 32, 0.5 -> 16 (0x10).
// CHECK-LABEL: func.func @linear
// CHECK: %[[S:.*]]:2 = "edge.choose_qparams_per_token_asymmetric"(%arg0) : (tensor<2x64xf32>) -> (tensor<2x1xf32>, tensor<2x1xi64>)
// CHECK: %[[Q:.*]] = "edge.quantize_per_token"(%arg0, %[[S]]#0, %[[S]]#1) {quant_max = 127 : i64, quant_min = -128 : i64}
// CHECK: %[[XD:.*]] = "edge.dequantize_per_token"(%[[Q]], %[[S]]#0, %[[S]]#1) {quant_max = 127 : i64, quant_min = -128 : i64}
// CHECK: %[[WQ:.*]] = "edge.constant"() {value = dense<"0x7FC0002010{{(10)*(00)*}}"> : tensor<2x64xi8>}
// CHECK: %[[WS:.*]] = "edge.constant"() {value = dense<[0.0313725509, 1.17549435E-38]> : tensor<2xf32>}
// CHECK: %[[WD:.*]] = "edge.dequantize_per_channel"(%[[WQ]], %[[WS]]) {axis = 0 : i64, quant_max = 127 : i64, quant_min = -128 : i64} : (tensor<2x64xi8>, tensor<2xf32>) -> tensor<2x64xf32>
// CHECK: %[[Y:.*]] = "edge.linear"(%[[XD]], %[[WD]]) : (tensor<2x64xf32>, tensor<2x64xf32>) -> tensor<2x2xf32>
// CHECK: return %[[Y]]
// int4: scale = 4 / 7.5; 4 -> 7.5 -> 8 -> 7, -2 -> -3.75 -> -4 (0xFC), 1 -> 1.875 -> 2, 0.5 -> 1.
// INT4-LABEL: func.func @linear
// INT4: "edge.constant"() {value = dense<"0x07FC00020101{{(01)*(00)*}}"> : tensor<2x64xi8>}
// INT4: "edge.constant"() {value = dense<[0.533333361, 1.17549435E-38]> : tensor<2xf32>}
// INT4: "edge.dequantize_per_channel"({{.*}}) {axis = 0 : i64, quant_max = 7 : i64, quant_min = -8 : i64}
// Group scales are rounded to the nearest bf16 (what ExecuTorch hands XNNPACK):
// 4 / 7.5 -> 0.53515625, 0.5 / 7.5 -> 0.0668945313; the integers come from
// the f32 scales, as torchao's (0.5 -> 7.5 -> 8 -> 7 in the second group).
// GROUP-LABEL: func.func @linear
// GROUP: "edge.constant"() {value = dense<"0x07FC0002{{(01)+(07)+(00)+}}"> : tensor<2x64xi8>}
// GROUP: "edge.constant"() {value = dense<{{\[}}[0.53515625, 0.0668945313], [1.17549435E-38, 1.17549435E-38]]> : tensor<2x2xf32>}
// GROUP: "edge.dequantize_per_channel_group"({{.*}}) {group_size = 32 : i64, quant_max = 7 : i64, quant_min = -8 : i64} : (tensor<2x64xi8>, tensor<2x2xf32>) -> tensor<2x64xf32>
// The restricted scheme: scale = max|w| / 127 (1 for a zero row);
// q = round-half-even(w / scale): 4 -> 127, -2 -> -64, 1 -> 32, 0.5 -> 16.
// R8-LABEL: func.func @linear
// R8: "edge.constant"() {value = dense<"0x7FC0002010{{(10)*(00)*}}"> : tensor<2x64xi8>}
// R8: "edge.constant"() {value = dense<[0.0314960629, 1.000000e+00]> : tensor<2xf32>}
// int4: scale = 4 / 7 (rounded up in f32): -2 -> -3.4999999 -> -3 (0xFD).
// R4-LABEL: func.func @linear
// R4: "edge.constant"() {value = dense<"0x07FD00020101{{(01)*(00)*}}"> : tensor<2x64xi8>}
// R4: "edge.dequantize_per_channel"({{.*}}) {axis = 0 : i64, quant_max = 7 : i64, quant_min = -8 : i64}
// Its group scales are rounded up to bf16: 4 / 7 -> 0.57421875.
// RGROUP-LABEL: func.func @linear
// RGROUP: "edge.constant"() {value = dense<{{\[}}[0.57421875, 0.0717773438], [1.000000e+00, 1.000000e+00]]> : tensor<2x2xf32>}
// RGROUP: "edge.dequantize_per_channel_group"({{.*}}) {group_size = 32 : i64, quant_max = 7 : i64, quant_min = -8 : i64} : (tensor<2x64xi8>, tensor<2x2xf32>) -> tensor<2x64xf32>
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

// A biased nn.Linear imports as addmm(bias, x, W^T) with W^T a constant
// [K, N] (the importer folds the transpose): the weight is transposed here,
// the bias stays the FC bias. The same integers as @linear.
// CHECK-LABEL: func.func @addmm_linear
// CHECK: %[[B:.*]] = "edge.constant"() {value = dense<[2.500000e-01, -1.000000e+00]> : tensor<2xf32>}
// CHECK: %[[XD:.*]] = "edge.dequantize_per_token"
// CHECK: %[[WQ:.*]] = "edge.constant"() {value = dense<"0x7FC0002010{{(10)*(00)*}}"> : tensor<2x64xi8>}
// CHECK: %[[WD:.*]] = "edge.dequantize_per_channel"(%[[WQ]], %{{.*}}) {axis = 0 : i64, quant_max = 127 : i64, quant_min = -128 : i64} : (tensor<2x64xi8>, tensor<2xf32>) -> tensor<2x64xf32>
// CHECK: %[[Y:.*]] = "edge.linear"(%[[XD]], %[[WD]], %[[B]]) : (tensor<3x64xf32>, tensor<2x64xf32>, tensor<2xf32>) -> tensor<3x2xf32>
// CHECK-NOT: edge.addmm
// CHECK: return %[[Y]]
// GROUP-LABEL: func.func @addmm_linear
// GROUP: "edge.dequantize_per_channel_group"
// GROUP-NOT: edge.addmm
func.func @addmm_linear(%x: tensor<3x64xf32>) -> tensor<3x2xf32> {
  %b = "edge.constant"() {value = dense<[0.25, -1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %w = "edge.constant"() {value = dense<[[4.0, 0.0], [-2.0, 0.0], [0.0, 0.0], [1.0, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0]]> : tensor<64x2xf32>} : () -> tensor<64x2xf32>
  %y = "edge.addmm"(%b, %x, %w) : (tensor<2xf32>, tensor<3x64xf32>, tensor<64x2xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// -----

// The transpose left in the graph (a permute or a transpose of the constant
// [N, K]) is looked through, and goes with the float weight.
// CHECK-LABEL: func.func @addmm_permuted
// CHECK-NOT: edge.permute
// CHECK: "edge.constant"() {value = dense<"0x7FC0002010{{(10)*(00)*}}"> : tensor<2x64xi8>}
// CHECK: "edge.linear"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<3x64xf32>, tensor<2x64xf32>, tensor<2xf32>) -> tensor<3x2xf32>
// CHECK-NOT: edge.transpose
// CHECK: "edge.constant"() {value = dense<"0x7FC0002010{{(10)*(00)*}}"> : tensor<2x64xi8>}
// CHECK: "edge.linear"(%{{.*}}, %{{.*}}) : (tensor<3x64xf32>, tensor<2x64xf32>) -> tensor<3x2xf32>
// CHECK-NOT: edge.mm
func.func @addmm_permuted(%x: tensor<3x64xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %b = "edge.constant"() {value = dense<[0.25, -1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %w = "edge.constant"() {value = dense<[[4.0, -2.0, 0.0, 1.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %wt = "edge.permute"(%w) {dims = array<i64: 1, 0>} : (tensor<2x64xf32>) -> tensor<64x2xf32>
  %y = "edge.addmm"(%b, %x, %wt) : (tensor<2xf32>, tensor<3x64xf32>, tensor<64x2xf32>) -> tensor<3x2xf32>
  %w2 = "edge.constant"() {value = dense<[[4.0, -2.0, 0.0, 1.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<2x64xf32>} : () -> tensor<2x64xf32>
  %wt2 = "edge.transpose"(%w2) {dim0 = -1 : i64, dim1 = 0 : i64} : (tensor<2x64xf32>) -> tensor<64x2xf32>
  %z = "edge.mm"(%x, %wt2) : (tensor<3x64xf32>, tensor<64x2xf32>) -> tensor<3x2xf32>
  return %y, %z : tensor<3x2xf32>, tensor<3x2xf32>
}

// -----

// beta and alpha: alpha folds into the weight before it is quantized
// (2 * W: scale 8 / 127.5, the same integers), beta into the constant bias,
// a [1, N] row here: fl(0.5 * [0.25, -1]) as the FC bias [N].
// CHECK-LABEL: func.func @addmm_beta_alpha
// CHECK: %[[B:.*]] = "edge.constant"() {value = dense<[1.250000e-01, -5.000000e-01]> : tensor<2xf32>}
// CHECK: "edge.constant"() {value = dense<"0x7FC0002010{{(10)*(00)*}}"> : tensor<2x64xi8>}
// CHECK: "edge.constant"() {value = dense<[6.274510e-02, 1.17549435E-38]> : tensor<2xf32>}
// CHECK: "edge.linear"(%{{.*}}, %{{.*}}, %[[B]]) : (tensor<3x64xf32>, tensor<2x64xf32>, tensor<2xf32>) -> tensor<3x2xf32>
func.func @addmm_beta_alpha(%x: tensor<3x64xf32>) -> tensor<3x2xf32> {
  %b = "edge.constant"() {value = dense<[[0.25, -1.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %w = "edge.constant"() {value = dense<[[4.0, 0.0], [-2.0, 0.0], [0.0, 0.0], [1.0, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0], [0.5, 0.0]]> : tensor<64x2xf32>} : () -> tensor<64x2xf32>
  %y = "edge.addmm"(%b, %x, %w) {alpha = 2.0 : f64, beta = 0.5 : f64} : (tensor<1x2xf32>, tensor<3x64xf32>, tensor<64x2xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// -----

// A bias that is not a constant row ([M, N] at run time here, bf16) is
// added after the quantized linear, in f32; beta = 0 drops the bias.
// CHECK-LABEL: func.func @addmm_bias_after
// CHECK: %[[Y:.*]] = "edge.linear"(%{{.*}}, %{{.*}}) : (tensor<3x64xf32>, tensor<2x64xf32>) -> tensor<3x2xf32>
// CHECK: %[[B32:.*]] = "edge.to_copy"(%arg1) {dtype = f32} : (tensor<3x2xbf16>) -> tensor<3x2xf32>
// CHECK: %[[S:.*]] = "edge.add"(%[[Y]], %[[B32]]) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK: "edge.to_copy"(%[[S]]) {dtype = bf16} : (tensor<3x2xf32>) -> tensor<3x2xbf16>
// CHECK: %[[Z:.*]] = "edge.linear"(%{{.*}}, %{{.*}}) : (tensor<3x64xf32>, tensor<2x64xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: "edge.to_copy"(%[[Z]]) {dtype = bf16}
// CHECK-NOT: edge.addmm
func.func @addmm_bias_after(%x: tensor<3x64xbf16>, %b: tensor<3x2xbf16>) -> (tensor<3x2xbf16>, tensor<3x2xbf16>) {
  %w = "edge.constant"() {value = dense<0.25> : tensor<64x2xbf16>} : () -> tensor<64x2xbf16>
  %y = "edge.addmm"(%b, %x, %w) : (tensor<3x2xbf16>, tensor<3x64xbf16>, tensor<64x2xbf16>) -> tensor<3x2xbf16>
  %z = "edge.addmm"(%b, %x, %w) {beta = 0.0 : f64} : (tensor<3x2xbf16>, tensor<3x64xbf16>, tensor<64x2xbf16>) -> tensor<3x2xbf16>
  return %y, %z : tensor<3x2xbf16>, tensor<3x2xbf16>
}
