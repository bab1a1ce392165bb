// xnn-delegate's per-function steps run one delegate after another in module
// order, threads or not, so blobs made by the lowering are named in that order
// (MLIR numbers repeated keys by creation): delegate 0's filter is xnn_weight,
// delegate 1's xnn_weight_1, as with the single xnn-delegate pass.
// RUN: xnn-opt %s --xnn-delegate -o %t.threads.mlir
// RUN: xnn-opt %s --xnn-delegate --mlir-disable-threading -o %t.one-thread.mlir
// RUN: diff %t.threads.mlir %t.one-thread.mlir
// RUN: FileCheck %s < %t.threads.mlir

// CHECK-LABEL: func.func @forward
// CHECK: call @xnn_delegate_0
// CHECK: "edge.add"{{.*}}xnn.portable_reason
// CHECK: call @xnn_delegate_1
// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: dense_resource<xnn_weight>
// CHECK-LABEL: func.func private @xnn_delegate_1
// CHECK: dense_resource<xnn_weight_1>
func.func @forward(%x: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %w1 = "edge.constant"() {value = dense_resource<w1> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %0 = "edge.conv2d"(%x, %w1) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
  %1 = "edge.add"(%0, %0) {alpha = 2.0 : f64} : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %w2 = "edge.constant"() {value = dense_resource<w2> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %2 = "edge.conv2d"(%1, %w2) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
  return %2 : tensor<1x2x2x2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      w1: "0x040000000000803F000000400000404000008040",
      w2: "0x040000000000A0400000C0400000E04000000041"
    }
  }
#-}
