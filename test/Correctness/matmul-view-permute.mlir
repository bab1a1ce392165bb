// Matmul operands through views and permutes (issue 45, item 11). Lowering
// writes mm/bmm as xnn.batch_matrix_multiply and xnn-simplify-batch-matmuls
// folds a transpose of B's last two dims into transpose_b, looking through
// views. A view is transparent to that fold only when it keeps the two dims
// the transpose swaps (it splits or merges batch dims): a view that reorders
// them (3x5 as 5x3) or folds a batch dim into rows makes other matrices, and
// the product must read the view's output. Each function is compared with
// the reference interpreter, f32 and bf16.
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-run %t.mlir --func mm_view_reorders --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func mm_view_reorders_bf16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func bmm_view_regroups --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func bmm_view_regroups_bf16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func mm_view_merges_batch_into_rows --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func bmm_view_keeps_matrices --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func bmm_view_keeps_matrices_bf16 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t.mlir --func mm_both_operands --compare %s | FileCheck %s --check-prefix=CMP
// CMP: output 0: {{.*}} ok
// CMP-NOT: mismatch

// The issue's graph: x [3, 5] viewed as [5, 3], permuted back to [3, 5]. The
// transpose folds into transpose_b; the view stays (B is the view's output).
// CHECK-LABEL: func.func private @xnn_delegate_0(
// CHECK: %[[V:.*]] = "xnn.static_reshape"(%arg0) : (tensor<3x5xf32>) -> tensor<5x3xf32>
// CHECK: %[[B:.*]] = "xnn.static_reshape"(%[[V]]) : (tensor<5x3xf32>) -> tensor<1x5x3xf32>
// CHECK: "xnn.batch_matrix_multiply"(%{{.*}}, %[[B]]) {transpose_b = true} : (tensor<1x4x3xf32>, tensor<1x5x3xf32>) -> tensor<1x4x5xf32>
func.func @mm_view_reorders(%a: tensor<4x3xf32>, %x: tensor<3x5xf32>) -> tensor<4x5xf32> {
  %v = "edge.view"(%x) : (tensor<3x5xf32>) -> tensor<5x3xf32>
  %p = "edge.permute"(%v) {dims = array<i64: 1, 0>} : (tensor<5x3xf32>) -> tensor<3x5xf32>
  %0 = "edge.mm"(%a, %p) : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// bf16: the view's input is computed in the delegate (tanh), so the chain is
// in f32 (bf16 matmuls run in f32) and meets the fold, as in the issue's graphs.
// CHECK-LABEL: func.func private @xnn_delegate_1(
// CHECK-NOT: "xnn.static_transpose"
// CHECK: %[[V:.*]] = "xnn.static_reshape"(%{{.*}}) : (tensor<3x5xf32>) -> tensor<5x3xf32>
// CHECK: %[[B:.*]] = "xnn.static_reshape"(%[[V]]) : (tensor<5x3xf32>) -> tensor<1x5x3xf32>
// CHECK: "xnn.batch_matrix_multiply"(%{{.*}}, %[[B]]) {transpose_b = true} : (tensor<1x4x3xf32>, tensor<1x5x3xf32>) -> tensor<1x4x5xf32>
func.func @mm_view_reorders_bf16(%a: tensor<4x3xbf16>, %y: tensor<3x5xbf16>) -> tensor<4x5xbf16> {
  %x = "edge.tanh"(%y) : (tensor<3x5xbf16>) -> tensor<3x5xbf16>
  %v = "edge.view"(%x) : (tensor<3x5xbf16>) -> tensor<5x3xbf16>
  %p = "edge.permute"(%v) {dims = array<i64: 1, 0>} : (tensor<5x3xbf16>) -> tensor<3x5xbf16>
  %0 = "edge.mm"(%a, %p) : (tensor<4x3xbf16>, tensor<3x5xbf16>) -> tensor<4x5xbf16>
  return %0 : tensor<4x5xbf16>
}

// The issue's 3-D form: x [6, 5] viewed as [2, 5, 3] (each matrix takes rows
// of two of x's), permuted to [2, 3, 5].
// CHECK-LABEL: func.func private @xnn_delegate_2(
// CHECK: %[[V:.*]] = "xnn.static_reshape"(%arg0) : (tensor<6x5xf32>) -> tensor<2x5x3xf32>
// CHECK: "xnn.batch_matrix_multiply"(%arg1, %[[V]]) {transpose_b = true} : (tensor<2x4x3xf32>, tensor<2x5x3xf32>) -> tensor<2x4x5xf32>
func.func @bmm_view_regroups(%x: tensor<6x5xf32>, %a: tensor<2x4x3xf32>) -> tensor<2x4x5xf32> {
  %v = "edge.view"(%x) : (tensor<6x5xf32>) -> tensor<2x5x3xf32>
  %p = "edge.permute"(%v) {dims = array<i64: 0, 2, 1>} : (tensor<2x5x3xf32>) -> tensor<2x3x5xf32>
  %0 = "edge.bmm"(%a, %p) : (tensor<2x4x3xf32>, tensor<2x3x5xf32>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// CHECK-LABEL: func.func private @xnn_delegate_3(
// CHECK-NOT: "xnn.static_transpose"
// CHECK: %[[V:.*]] = "xnn.static_reshape"(%{{.*}}) : (tensor<6x5xf32>) -> tensor<2x5x3xf32>
// CHECK: "xnn.batch_matrix_multiply"(%{{.*}}, %[[V]]) {transpose_b = true} : (tensor<2x4x3xf32>, tensor<2x5x3xf32>) -> tensor<2x4x5xf32>
func.func @bmm_view_regroups_bf16(%y: tensor<6x5xbf16>, %a: tensor<2x4x3xbf16>) -> tensor<2x4x5xbf16> {
  %x = "edge.tanh"(%y) : (tensor<6x5xbf16>) -> tensor<6x5xbf16>
  %v = "edge.view"(%x) : (tensor<6x5xbf16>) -> tensor<2x5x3xbf16>
  %p = "edge.permute"(%v) {dims = array<i64: 0, 2, 1>} : (tensor<2x5x3xbf16>) -> tensor<2x3x5xbf16>
  %0 = "edge.bmm"(%a, %p) : (tensor<2x4x3xbf16>, tensor<2x3x5xbf16>) -> tensor<2x4x5xbf16>
  return %0 : tensor<2x4x5xbf16>
}

// A view that merges a batch dim into the rows ([2, 3, 4] as [6, 4]): the
// matrix is [6, 4], not two [3, 4]; the view stays.
// CHECK-LABEL: func.func private @xnn_delegate_4(
// CHECK: %[[V:.*]] = "xnn.static_reshape"(%arg0) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
// CHECK: %[[B:.*]] = "xnn.static_reshape"(%[[V]]) : (tensor<6x4xf32>) -> tensor<1x6x4xf32>
// CHECK: "xnn.batch_matrix_multiply"(%{{.*}}, %[[B]]) {transpose_b = true} : (tensor<1x2x4xf32>, tensor<1x6x4xf32>) -> tensor<1x2x6xf32>
func.func @mm_view_merges_batch_into_rows(%x: tensor<2x3x4xf32>, %a: tensor<2x4xf32>) -> tensor<2x6xf32> {
  %v = "edge.view"(%x) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %p = "edge.permute"(%v) {dims = array<i64: 1, 0>} : (tensor<6x4xf32>) -> tensor<4x6xf32>
  %0 = "edge.mm"(%a, %p) : (tensor<2x4xf32>, tensor<4x6xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// Folded through the view: [2, 3, 5, 4] viewed as [6, 5, 4] keeps every
// matrix (it merges batch dims only), so the product reads x itself.
// CHECK-LABEL: func.func private @xnn_delegate_5(
// CHECK-NOT: "xnn.static_transpose"
// CHECK: %[[B:.*]] = "xnn.static_reshape"(%arg0) : (tensor<2x3x5x4xf32>) -> tensor<6x5x4xf32>
// CHECK: "xnn.batch_matrix_multiply"(%arg1, %[[B]]) {transpose_b = true} : (tensor<6x2x4xf32>, tensor<6x5x4xf32>) -> tensor<6x2x5xf32>
func.func @bmm_view_keeps_matrices(%x: tensor<2x3x5x4xf32>, %a: tensor<6x2x4xf32>) -> tensor<6x2x5xf32> {
  %v = "edge.view"(%x) : (tensor<2x3x5x4xf32>) -> tensor<6x5x4xf32>
  %p = "edge.permute"(%v) {dims = array<i64: 0, 2, 1>} : (tensor<6x5x4xf32>) -> tensor<6x4x5xf32>
  %0 = "edge.bmm"(%a, %p) : (tensor<6x2x4xf32>, tensor<6x4x5xf32>) -> tensor<6x2x5xf32>
  return %0 : tensor<6x2x5xf32>
}

// CHECK-LABEL: func.func private @xnn_delegate_6(
// CHECK-NOT: "xnn.static_transpose"
// CHECK: %[[T:.*]] = "xnn.convert"(%{{.*}}) {round_to_bf16 = true} : (tensor<2x3x5x4xf32>) -> tensor<2x3x5x4xf32>
// CHECK: %[[B:.*]] = "xnn.static_reshape"(%[[T]]) : (tensor<2x3x5x4xf32>) -> tensor<6x5x4xf32>
// CHECK: "xnn.batch_matrix_multiply"(%{{.*}}, %[[B]]) {transpose_b = true} : (tensor<6x2x4xf32>, tensor<6x5x4xf32>) -> tensor<6x2x5xf32>
func.func @bmm_view_keeps_matrices_bf16(%y: tensor<2x3x5x4xbf16>, %a: tensor<6x2x4xbf16>) -> tensor<6x2x5xbf16> {
  %x = "edge.tanh"(%y) : (tensor<2x3x5x4xbf16>) -> tensor<2x3x5x4xbf16>
  %v = "edge.view"(%x) : (tensor<2x3x5x4xbf16>) -> tensor<6x5x4xbf16>
  %p = "edge.permute"(%v) {dims = array<i64: 0, 2, 1>} : (tensor<6x5x4xbf16>) -> tensor<6x4x5xbf16>
  %0 = "edge.bmm"(%a, %p) : (tensor<6x2x4xbf16>, tensor<6x4x5xbf16>) -> tensor<6x2x5xbf16>
  return %0 : tensor<6x2x5xbf16>
}

// Left alone: both operands view(permute(view(x))), each outer view
// reordering the permute's output (A has no fold: XNNPACK's batch matmul has
// no transpose_a; B is a view of a transpose, not a transpose).
// CHECK-LABEL: func.func private @xnn_delegate_7(
// CHECK-COUNT-2: "xnn.static_transpose"
// CHECK: "xnn.batch_matrix_multiply"(%{{.*}}, %{{.*}}) : (tensor<1x4x3xf32>, tensor<1x3x5xf32>) -> tensor<1x4x5xf32>
func.func @mm_both_operands(%y: tensor<3x4xf32>, %x: tensor<5x3xf32>) -> tensor<4x5xf32> {
  %u = "edge.view"(%y) : (tensor<3x4xf32>) -> tensor<4x3xf32>
  %q = "edge.permute"(%u) {dims = array<i64: 1, 0>} : (tensor<4x3xf32>) -> tensor<3x4xf32>
  %w = "edge.view"(%q) : (tensor<3x4xf32>) -> tensor<4x3xf32>
  %v = "edge.view"(%x) : (tensor<5x3xf32>) -> tensor<3x5xf32>
  %p = "edge.permute"(%v) {dims = array<i64: 1, 0>} : (tensor<3x5xf32>) -> tensor<5x3xf32>
  %r = "edge.view"(%p) : (tensor<5x3xf32>) -> tensor<3x5xf32>
  %0 = "edge.mm"(%w, %r) : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
