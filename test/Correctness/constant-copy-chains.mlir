// A dtype convert after a copy of a constant: an identity copy folds away with
// the convert (xnn-fold-constant-converts); after a layout copy both are
// delegated and computed exactly.
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-run %t.mlir --func identity_copy --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func layout_copy --compare %s | FileCheck %s --check-prefix=CMP
// CMP: output 0: {{.*}} bitwise=equal {{.*}} ok

// CHECK-LABEL: func.func @identity_copy
// CHECK-NEXT: "edge.constant"() {value = dense<7.500000e-01> : tensor<1x2x8x1xf16>}
func.func @identity_copy() -> tensor<1x2x8x1xf16> {
  %c = "edge.constant"() {value = dense<0.75> : tensor<1x2x8x1xbf16>} : () -> tensor<1x2x8x1xbf16>
  %0 = "edge.to_copy"(%c) {dtype = bf16, memory_format = "preserve"} : (tensor<1x2x8x1xbf16>) -> tensor<1x2x8x1xbf16>
  %1 = "edge.to_dim_order_copy"(%0) {dtype = f16, dim_order = array<i64: 0, 1, 2, 3>} : (tensor<1x2x8x1xbf16>) -> tensor<1x2x8x1xf16>
  return %1 : tensor<1x2x8x1xf16>
}

// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: "xnn.constant"() {value = dense<7.500000e-01> : tensor<1x2x8x1xbf16>}
// CHECK-NOT: "edge.
func.func @layout_copy() -> tensor<1x2x8x1xf16> {
  %c = "edge.constant"() {value = dense<0.75> : tensor<1x2x8x1xbf16>} : () -> tensor<1x2x8x1xbf16>
  %0 = "edge.to_copy"(%c) {dtype = bf16, memory_format = "channels_last"} : (tensor<1x2x8x1xbf16>) -> tensor<1x2x8x1xbf16>
  %1 = "edge.to_dim_order_copy"(%0) {dtype = f16, dim_order = array<i64: 0, 1, 2, 3>} : (tensor<1x2x8x1xbf16>) -> tensor<1x2x8x1xf16>
  return %1 : tensor<1x2x8x1xf16>
}
