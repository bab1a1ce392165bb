// A quantized linear after a portable op (issue 45, item 6): the forward
// levels put a dequantize of constant weights at level 0, in the first
// delegate, while its linear (after the portable where) is in a later one:
// the lowering then refused the dequantize ("used by something other than a
// quantized linear") and xnn-delegate exited 1. An op computed from constants
// alone now goes to its readers' delegate, and is copied into each delegate
// that reads it when they are several.
// RUN: xnn-opt %s --split-input-file --xnn-partition | FileCheck %s
// RUN: xnn-opt %s --split-input-file --xnn-delegate | FileCheck %s --check-prefix=LOWER

// The weight's dequantize joins its linear in the second delegate; the first
// returns only the where's operand (not a dequantized f32 weight).
// CHECK-LABEL: func.func @after_where
// CHECK: %[[A:.*]] = call @xnn_delegate_0(%arg0) : (tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK: %[[W:.*]] = "edge.where"(%arg1, %[[A]], %arg2)
// CHECK: call @xnn_delegate_1(%[[W]]) : (tensor<1x8xf32>) -> tensor<1x4xf32>
// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK-NOT: edge.dequantize_per_channel
// CHECK: return
// CHECK-LABEL: func.func private @xnn_delegate_1
// CHECK: edge.choose_qparams_per_token_asymmetric
// CHECK: edge.dequantize_per_channel
// CHECK: edge.linear
// LOWER-LABEL: func.func private @xnn_delegate_1
// LOWER: "xnn.convert"(%arg0) : (tensor<1x8xf32>) -> tensor<1x8xi8, "qdint8">
// LOWER: "xnn.fully_connected"({{.*}}) : (tensor<1x8xi8, "qdint8">, tensor<4x8xi8, "qcint8">) -> tensor<1x4xf32>
func.func @after_where(%x: tensor<1x8xf32>, %m: tensor<1x8xi1>, %c: tensor<1x8xf32>) -> tensor<1x4xf32> {
  %a = "edge.neg"(%x) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %sel = "edge.where"(%m, %a, %c) : (tensor<1x8xi1>, tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %s:2 = "edge.choose_qparams_per_token_asymmetric"(%sel) : (tensor<1x8xf32>) -> (tensor<1x1xf32>, tensor<1x1xi64>)
  %q = "edge.quantize_per_token"(%sel, %s#0, %s#1) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<1x8xf32>, tensor<1x1xf32>, tensor<1x1xi64>) -> tensor<1x8xi8>
  %d = "edge.dequantize_per_token"(%q, %s#0, %s#1) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<1x8xi8>, tensor<1x1xf32>, tensor<1x1xi64>) -> tensor<1x8xf32>
  %wq = "edge.constant"() {value = dense<3> : tensor<4x8xi8>} : () -> tensor<4x8xi8>
  %ws = "edge.constant"() {value = dense<0.5> : tensor<4xf32>} : () -> tensor<4xf32>
  %w = "edge.dequantize_per_channel"(%wq, %ws) {axis = 0 : i64, quant_min = -127 : i64, quant_max = 127 : i64} : (tensor<4x8xi8>, tensor<4xf32>) -> tensor<4x8xf32>
  %y = "edge.linear"(%d, %w) : (tensor<1x8xf32>, tensor<4x8xf32>) -> tensor<1x4xf32>
  return %y : tensor<1x4xf32>
}

// -----

// One dequantize read by a linear before the where and one after: each
// delegate gets its own copy (as constants are copied into each reader).
// CHECK-LABEL: func.func @shared_weight
// CHECK: call @xnn_delegate_0(%arg0) : (tensor<1x64xf32>) -> tensor<1x64xf32>
// CHECK: edge.where
// CHECK: call @xnn_delegate_1({{.*}}) : (tensor<1x64xf32>) -> tensor<1x64xf32>
// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: edge.dequantize_per_channel_group
// CHECK: edge.linear
// CHECK-LABEL: func.func private @xnn_delegate_1
// CHECK: edge.dequantize_per_channel_group
// CHECK: edge.linear
// LOWER-LABEL: func.func private @xnn_delegate_0
// LOWER: "xnn.fully_connected"({{.*}}) : (tensor<1x64xi8, "qdint8">, tensor<64x64xi8, "qbint4">) -> tensor<1x64xf32>
// LOWER-LABEL: func.func private @xnn_delegate_1
// LOWER: "xnn.fully_connected"({{.*}}) : (tensor<1x64xi8, "qdint8">, tensor<64x64xi8, "qbint4">) -> tensor<1x64xf32>
func.func @shared_weight(%x: tensor<1x64xf32>, %m: tensor<1x64xi1>, %c: tensor<1x64xf32>) -> tensor<1x64xf32> {
  %wq = "edge.constant"() {value = dense<-5> : tensor<64x64xi8>} : () -> tensor<64x64xi8>
  %ws = "edge.constant"() {value = dense<0.25> : tensor<64x2xf32>} : () -> tensor<64x2xf32>
  %w = "edge.dequantize_per_channel_group"(%wq, %ws) {group_size = 32 : i64, quant_min = -8 : i64, quant_max = 7 : i64} : (tensor<64x64xi8>, tensor<64x2xf32>) -> tensor<64x64xf32>
  %s:2 = "edge.choose_qparams_per_token_asymmetric"(%x) : (tensor<1x64xf32>) -> (tensor<1x1xf32>, tensor<1x1xi64>)
  %q = "edge.quantize_per_token"(%x, %s#0, %s#1) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<1x64xf32>, tensor<1x1xf32>, tensor<1x1xi64>) -> tensor<1x64xi8>
  %d = "edge.dequantize_per_token"(%q, %s#0, %s#1) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<1x64xi8>, tensor<1x1xf32>, tensor<1x1xi64>) -> tensor<1x64xf32>
  %y = "edge.linear"(%d, %w) : (tensor<1x64xf32>, tensor<64x64xf32>) -> tensor<1x64xf32>
  %t = "edge.where"(%m, %y, %c) : (tensor<1x64xi1>, tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<1x64xf32>
  %s2:2 = "edge.choose_qparams_per_token_asymmetric"(%t) : (tensor<1x64xf32>) -> (tensor<1x1xf32>, tensor<1x1xi64>)
  %q2 = "edge.quantize_per_token"(%t, %s2#0, %s2#1) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<1x64xf32>, tensor<1x1xf32>, tensor<1x1xi64>) -> tensor<1x64xi8>
  %d2 = "edge.dequantize_per_token"(%q2, %s2#0, %s2#1) {quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<1x64xi8>, tensor<1x1xf32>, tensor<1x1xi64>) -> tensor<1x64xf32>
  %y2 = "edge.linear"(%d2, %w) : (tensor<1x64xf32>, tensor<64x64xf32>) -> tensor<1x64xf32>
  return %y2 : tensor<1x64xf32>
}

// -----

// The static (qs8) linear's per-tensor weight dequantize, after a where.
// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK-NOT: edge.dequantize_per_tensor
// CHECK: return
// CHECK-LABEL: func.func private @xnn_delegate_1
// CHECK: edge.dequantize_per_tensor
// CHECK: edge.linear
// LOWER-LABEL: func.func private @xnn_delegate_1
// LOWER: "xnn.fully_connected"({{.*}}) : (tensor<2x4xi8, {kind = "qint8", {{.*}}}>, tensor<3x4xi8, "qcint8">) -> tensor<2x3xi8, {kind = "qint8", {{.*}}}>
func.func @static_after_where(%x: tensor<2x4xf32>, %m: tensor<2x4xi1>, %c: tensor<2x4xf32>) -> tensor<2x3xf32> {
  %a = "edge.neg"(%x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %sel = "edge.where"(%m, %a, %c) : (tensor<2x4xi1>, tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %q = "edge.quantize_per_tensor"(%sel) {scale = 0.5 : f64, zero_point = 1 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x4xf32>) -> tensor<2x4xi8>
  %d = "edge.dequantize_per_tensor"(%q) {scale = 0.5 : f64, zero_point = 1 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x4xi8>) -> tensor<2x4xf32>
  %wq = "edge.constant"() {value = dense<[[1, 0, -1, 2], [2, 2, 2, 2], [0, 1, 0, 1]]> : tensor<3x4xi8>} : () -> tensor<3x4xi8>
  %w = "edge.dequantize_per_tensor"(%wq) {scale = 0.5 : f64, zero_point = 0 : i64, quant_min = -127 : i64, quant_max = 127 : i64} : (tensor<3x4xi8>) -> tensor<3x4xf32>
  %y = "edge.linear"(%d, %w) : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  %q2 = "edge.quantize_per_tensor"(%y) {scale = 2.0 : f64, zero_point = 0 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x3xf32>) -> tensor<2x3xi8>
  %d2 = "edge.dequantize_per_tensor"(%q2) {scale = 2.0 : f64, zero_point = 0 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x3xi8>) -> tensor<2x3xf32>
  return %d2 : tensor<2x3xf32>
}
