// Elided parameters (dense_resource<__elided__>) of batch_norm, layer_norm
// and addmm: the pipeline delegates the same structure as with data, the
// compile-time results (batch_norm's scale and shift, addmm's scaled filter
// and bias) stay elided with the type their data would have, and running the
// result is a located error, not a crash.
// RUN: xnn-opt %s --xnn-delegate --xnn-stats -o %t.mlir 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: FileCheck %s < %t.mlir
// RUN: not xnn-run %t.mlir --func bn 2>&1 | FileCheck %s --check-prefix=EXEC
// STATS: xnn-stats: delegate segments: 3
// STATS: xnn-stats: portable ops: 0
// EXEC: error: 'xnn.constant' op constant data unavailable: constant payload is elided

// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: "xnn.convolution_2d"
// CHECK: "xnn.constant"() {value = dense_resource<__elided__> : tensor<4xf32>}
// CHECK: "xnn.constant"() {value = dense_resource<__elided__> : tensor<4xf32>}
// CHECK: "xnn.binary"({{.*}}) {kind = "multiply"} : (tensor<1x6x6x4xf32>, tensor<4xf32>)
// CHECK: "xnn.binary"({{.*}}) {kind = "add"{{.*}}} : (tensor<1x6x6x4xf32>, tensor<4xf32>)
func.func @bn(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x6x6xf32> {
  %w = "edge.constant"() {value = dense_resource<__elided__> : tensor<4x3x3x3xf32>} : () -> tensor<4x3x3x3xf32>
  %c = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  %g = "edge.constant"() {value = dense_resource<__elided__> : tensor<4xf32>} : () -> tensor<4xf32>
  %b = "edge.constant"() {value = dense<0.5> : tensor<4xf32>} : () -> tensor<4xf32>
  %m = "edge.constant"() {value = dense_resource<__elided__> : tensor<4xf32>} : () -> tensor<4xf32>
  %v = "edge.constant"() {value = dense_resource<__elided__> : tensor<4xf32>} : () -> tensor<4xf32>
  %y = "edge.batch_norm"(%c, %g, %b, %m, %v) {eps = 1.0e-5 : f64} : (tensor<1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// CHECK-LABEL: func.func private @xnn_delegate_1
// CHECK: "xnn.constant"() {value = dense_resource<__elided__> : tensor<16xf32>}
// CHECK: "xnn.binary"({{.*}}) {kind = "multiply"} : (tensor<2x16xf32>, tensor<16xf32>)
func.func @ln_bf16(%x: tensor<2x16xbf16>) -> tensor<2x16xbf16> {
  %w = "edge.constant"() {value = dense_resource<__elided__> : tensor<16xbf16>} : () -> tensor<16xbf16>
  %y = "edge.layer_norm"(%x, %w) {normalized_shape = array<i64: 16>, eps = 1.0e-5 : f64} : (tensor<2x16xbf16>, tensor<16xbf16>) -> tensor<2x16xbf16>
  return %y : tensor<2x16xbf16>
}

// alpha = 2 would fold into the filter, beta = 0.5 into the bias: elided,
// transposed and reshaped as the data would be.
// CHECK-LABEL: func.func private @xnn_delegate_2
// CHECK-DAG: "xnn.constant"() {value = dense_resource<__elided__> : tensor<8xf32>}
// CHECK-DAG: "xnn.constant"() {value = dense_resource<__elided__> : tensor<8x16xf32>}
// CHECK: "xnn.fully_connected"({{.*}}) : (tensor<2x16xf32>, tensor<8x16xf32>, tensor<8xf32>) -> tensor<2x8xf32>
func.func @addmm(%a: tensor<2x16xf32>) -> tensor<2x8xf32> {
  %b = "edge.constant"() {value = dense_resource<__elided__> : tensor<16x8xf32>} : () -> tensor<16x8xf32>
  %c = "edge.constant"() {value = dense_resource<__elided__> : tensor<1x8xf32>} : () -> tensor<1x8xf32>
  %y = "edge.addmm"(%c, %a, %b) {alpha = 2.0 : f64, beta = 0.5 : f64} : (tensor<1x8xf32>, tensor<2x16xf32>, tensor<16x8xf32>) -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}
