// A dtype convert of a constant that xnn-fold-constant-converts leaves in
// place stays portable with the real reason, not "fold it at compile time"
// (which only stands when the fold pass has not run).
// RUN: xnn-opt %s --xnn-fold-constant-converts --xnn-partition | FileCheck %s
// RUN: xnn-opt %s --xnn-partition | FileCheck %s --check-prefix=NOFOLD

// An elided payload is folded into an elided f16 constant: nothing stays portable.
// CHECK-LABEL: func.func @elided
// CHECK-NOT: edge.to_copy
// CHECK: call @xnn_delegate_0
func.func @elided(%a: tensor<2x4xf16>) -> tensor<2x4xf16> {
  %w = "edge.constant"() {value = dense_resource<__elided__> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %c = "edge.to_copy"(%w) {dtype = f16} : (tensor<2x4xf32>) -> tensor<2x4xf16>
  %0 = "edge.add"(%a, %c) : (tensor<2x4xf16>, tensor<2x4xf16>) -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}

// CHECK-LABEL: func.func @short
// CHECK: "edge.to_copy"{{.*}}xnn.portable_reason = "dtype conversion f32 -> f16 of a constant that cannot be read: constant dense_resource<short_blob> : tensor<2x4xf32>: the blob holds 4 bytes, the type needs 32"
func.func @short(%a: tensor<2x4xf16>) -> tensor<2x4xf16> {
  %w = "edge.constant"() {value = dense_resource<short_blob> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %c = "edge.to_copy"(%w) {dtype = f16} : (tensor<2x4xf32>) -> tensor<2x4xf16>
  %0 = "edge.add"(%a, %c) : (tensor<2x4xf16>, tensor<2x4xf16>) -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}

// Without the fold pass, a readable constant's convert is refused with the hint.
// NOFOLD-LABEL: func.func @readable
// NOFOLD: "edge.to_copy"{{.*}}xnn.portable_reason = "dtype conversion f32 -> f16 of a constant: fold it at compile time (xnn-fold-constant-converts)"
// CHECK-LABEL: func.func @readable
// CHECK-NOT: edge.to_copy
func.func @readable(%a: tensor<2x4xf16>) -> tensor<2x4xf16> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %c = "edge.to_copy"(%w) {dtype = f16} : (tensor<2x4xf32>) -> tensor<2x4xf16>
  %0 = "edge.add"(%a, %c) : (tensor<2x4xf16>, tensor<2x4xf16>) -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}
{-#
  dialect_resources: {
    builtin: {
      short_blob: "0x040000000000803F"
    }
  }
#-}
