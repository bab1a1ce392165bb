// Elided weights (dense_resource<__elided__>, what mlir-opt
// --mlir-elide-elementsattrs-if-larger prints) lower like real ones: the
// lowered constant stays elided, with the type its data would have (layout
// permuted, dtype widened), so the structure and segments are those of the
// model with data. Running it is a located error, not a crash.
// RUN: xnn-opt %s --xnn-delegate --xnn-stats -o %t.mlir 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: FileCheck %s < %t.mlir
// RUN: not xnn-run %t.mlir --func conv 2>&1 | FileCheck %s --check-prefix=EXEC
// STATS: xnn-stats: delegate segments: 3
// STATS: xnn-stats: portable ops: 0
// EXEC: error: 'xnn.constant' op constant data unavailable: constant payload is elided (dense_resource<__elided__> : tensor<4x5x3x3xf32>)

// OIHW -> OHWI for XNNPACK's convolution.
// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: "xnn.constant"() {value = dense_resource<__elided__> : tensor<4x5x3x3xf32>}
// CHECK: "xnn.convolution_2d"
func.func @conv(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x6x8xf32> {
  %w = "edge.constant"() {value = dense_resource<__elided__> : tensor<4x3x5x3xf32>} : () -> tensor<4x3x5x3xf32>
  %b = "edge.constant"() {value = dense_resource<__elided__> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "edge.conv2d"(%x, %w, %b) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x5x3xf32>, tensor<4xf32>) -> tensor<1x4x6x8xf32>
  return %0 : tensor<1x4x6x8xf32>
}

// bf16 weights the lowering widens to f32 at compile time: elided in f32.
// CHECK-LABEL: func.func private @xnn_delegate_1
// CHECK: "xnn.constant"() {value = dense_resource<__elided__> : tensor<8x16xf32>}
// CHECK: "xnn.fully_connected"
func.func @linear_bf16(%x: tensor<2x16xbf16>) -> tensor<2x8xbf16> {
  %w = "edge.constant"() {value = dense_resource<__elided__> : tensor<8x16xbf16>} : () -> tensor<8x16xbf16>
  %0 = "edge.linear"(%x, %w) : (tensor<2x16xbf16>, tensor<8x16xbf16>) -> tensor<2x8xbf16>
  return %0 : tensor<2x8xbf16>
}

// Gemma's RMSNorm scale, x * (1 + w), with w elided.
// CHECK-LABEL: func.func private @xnn_delegate_2
// CHECK: "xnn.constant"() {value = dense_resource<__elided__> : tensor<8xf32>}
// CHECK: "xnn.binary"({{.*}}) {kind = "add"}
func.func @one_plus_weight(%x: tensor<8xf32>) -> tensor<8xf32> {
  %w = "edge.constant"() {value = dense_resource<__elided__> : tensor<8xf32>} : () -> tensor<8xf32>
  %one = "edge.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "edge.add"(%w, %one) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %1 = "edge.mul"(%x, %0) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}
