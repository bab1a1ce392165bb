// The statically quantized linear (ExecuTorch's qs8 linear, issue 32): per-tensor
// q/dq around the input and the output, int8 weights per channel or per tensor,
// an f32 bias quantized to int32 at input scale x weight scale.
// RUN: xnn-opt %s --split-input-file --xnn-delegate --xnn-stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: xnn-opt %s --split-input-file --xnn-delegate | FileCheck %s

// Two chained linears: the first's quantized output is the second's input (no
// convert between them); the relu is the first's output bound; the per-tensor
// weight repeats its scale per channel; bias 1.0 at scale 0.5 * 0.25 is 8.
// STATS: xnn-stats: delegate segments: 1
// STATS: xnn-stats: portable ops: 0
// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: %[[X:.*]] = "xnn.convert"(%arg0) : (tensor<2x4xf32>) -> tensor<2x4xi8, {kind = "qint8", scale = 5.000000e-01 : f32, zero_point = 1 : i64}>
// CHECK: %[[W1:.*]] = "xnn.constant"() {scale = dense<[2.500000e-01, 1.250000e-01, 2.500000e-01]> : tensor<3xf32>, value = {{.*}}} : () -> tensor<3x4xi8, "qcint8">
// CHECK: %[[B1:.*]] = "xnn.constant"() {scale = dense<[1.250000e-01, 6.250000e-02, 1.250000e-01]> : tensor<3xf32>, value = dense<[8, 16, -8]> : tensor<3xi32>} : () -> tensor<3xi32, "qcint32">
// CHECK: %[[Y1:.*]] = "xnn.fully_connected"(%[[X]], %[[W1]], %[[B1]]) {output_min = 0.000000e+00 : f64} : ({{.*}}) -> tensor<2x3xi8, {kind = "qint8", scale = 1.000000e+00 : f32, zero_point = -128 : i64}>
// CHECK: %[[W2:.*]] = "xnn.constant"() {scale = dense<5.000000e-01> : tensor<2xf32>, value = {{.*}}} : () -> tensor<2x3xi8, "qcint8">
// CHECK: %[[Y2:.*]] = "xnn.fully_connected"(%[[Y1]], %[[W2]]) : ({{.*}}) -> tensor<2x2xi8, {kind = "qint8", scale = 2.000000e+00 : f32, zero_point = 0 : i64}>
// CHECK: %[[R:.*]] = "xnn.convert"(%[[Y2]]) : ({{.*}}) -> tensor<2x2xf32>
// CHECK: return %[[R]]
func.func @chain(%x: tensor<2x4xf32>) -> tensor<2x2xf32> {
  %q = "edge.quantize_per_tensor"(%x) {scale = 0.5 : f64, zero_point = 1 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x4xf32>) -> tensor<2x4xi8>
  %d = "edge.dequantize_per_tensor"(%q) {scale = 0.5 : f64, zero_point = 1 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x4xi8>) -> tensor<2x4xf32>
  %w1q = "edge.constant"() {value = dense<[[1, 2, 3, 4], [-1, -2, -3, -4], [5, 6, 7, 8]]> : tensor<3x4xi8>} : () -> tensor<3x4xi8>
  %w1s = "edge.constant"() {value = dense<[0.25, 0.125, 0.25]> : tensor<3xf32>} : () -> tensor<3xf32>
  %w1 = "edge.dequantize_per_channel"(%w1q, %w1s) {axis = 0 : i64, quant_min = -127 : i64, quant_max = 127 : i64} : (tensor<3x4xi8>, tensor<3xf32>) -> tensor<3x4xf32>
  %b1 = "edge.constant"() {value = dense<[1.0, 1.0, -1.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %y1 = "edge.linear"(%d, %w1, %b1) : (tensor<2x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %r1 = "edge.relu"(%y1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %q1 = "edge.quantize_per_tensor"(%r1) {scale = 1.0 : f64, zero_point = -128 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x3xf32>) -> tensor<2x3xi8>
  %d1 = "edge.dequantize_per_tensor"(%q1) {scale = 1.0 : f64, zero_point = -128 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x3xi8>) -> tensor<2x3xf32>
  %w2q = "edge.constant"() {value = dense<[[1, 0, -1], [2, 2, 2]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %w2 = "edge.dequantize_per_tensor"(%w2q) {scale = 0.5 : f64, zero_point = 0 : i64, quant_min = -127 : i64, quant_max = 127 : i64} : (tensor<2x3xi8>) -> tensor<2x3xf32>
  %y2 = "edge.linear"(%d1, %w2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  %q2 = "edge.quantize_per_tensor"(%y2) {scale = 2.0 : f64, zero_point = 0 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x2xf32>) -> tensor<2x2xi8>
  %d2 = "edge.dequantize_per_tensor"(%q2) {scale = 2.0 : f64, zero_point = 0 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<2x2xi8>) -> tensor<2x2xf32>
  return %d2 : tensor<2x2xf32>
}

// -----

// A q/dq pair alone: two converts inside the delegate.
// STATS: xnn-stats: delegate segments: 1
// STATS: xnn-stats: portable ops: 0
// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: "xnn.convert"(%arg0) : (tensor<8xf32>) -> tensor<8xi8, {kind = "qint8", scale = 1.000000e-01 : f32, zero_point = -3 : i64}>
// CHECK: "xnn.convert"({{.*}}) -> tensor<8xf32>
func.func @pair(%x: tensor<8xf32>) -> tensor<8xf32> {
  %q = "edge.quantize_per_tensor"(%x) {scale = 0.1 : f64, zero_point = -3 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<8xf32>) -> tensor<8xi8>
  %d = "edge.dequantize_per_tensor"(%q) {scale = 0.1 : f64, zero_point = -3 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<8xi8>) -> tensor<8xf32>
  return %d : tensor<8xf32>
}

// -----

// A range XNNPACK's qint8 lacks, and an i8 result read by the caller: portable, located.
// STATS: xnn-stats: delegate segments: 0
// STATS-DAG: static-quant-linear.mlir:[[# @LINE + 4]]:8: remark: edge.quantize_per_tensor stays portable: per-tensor quantization range is not [-128, 127]
// STATS-DAG: static-quant-linear.mlir:[[# @LINE + 4]]:8: remark: edge.dequantize_per_tensor stays portable: per-tensor quantization range is not [-128, 127]
// STATS-DAG: static-quant-linear.mlir:[[# @LINE + 4]]:8: remark: edge.quantize_per_tensor stays portable: read by something other than a dequantize_per_tensor of its parameters
func.func @range(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xi8>) {
  %q = "edge.quantize_per_tensor"(%x) {scale = 0.1 : f64, zero_point = 0 : i64, quant_min = -127 : i64, quant_max = 127 : i64} : (tensor<8xf32>) -> tensor<8xi8>
  %d = "edge.dequantize_per_tensor"(%q) {scale = 0.1 : f64, zero_point = 0 : i64, quant_min = -127 : i64, quant_max = 127 : i64} : (tensor<8xi8>) -> tensor<8xf32>
  %p = "edge.quantize_per_tensor"(%x) {scale = 0.1 : f64, zero_point = 0 : i64, quant_min = -128 : i64, quant_max = 127 : i64} : (tensor<8xf32>) -> tensor<8xi8>
  return %d, %p : tensor<8xf32>, tensor<8xi8>
}
