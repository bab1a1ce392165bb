// RUN: xnn-opt %s --split-input-file --xnn-simplify-batch-matmuls | FileCheck %s

// DOC: attention over a grouped-query KV cache
// Decode attention as HuggingFace writes it, lowered: one KV head read by four
// query heads (repeat_kv: a unit axis, concatenations of one value, a reshape)
// and K transposed for q @ k^T. The scores read the cache once, with
// transpose_b, the four heads as four rows of one product; so do the outputs.
// CHECK-LABEL: func.func private @gqa_decode
// CHECK-NOT: "xnn.concatenate"
// CHECK-NOT: "xnn.static_transpose"
// CHECK: %[[Q:.*]] = "xnn.static_reshape"(%arg0) : (tensor<4x1x8xf32>) -> tensor<1x4x8xf32>
// CHECK: %[[K:.*]] = "xnn.static_reshape"(%arg1) : (tensor<1x1x16x8xf32>) -> tensor<1x16x8xf32>
// CHECK: %[[S:.*]] = "xnn.batch_matrix_multiply"(%[[Q]], %[[K]]) {transpose_b = true} : (tensor<1x4x8xf32>, tensor<1x16x8xf32>) -> tensor<1x4x16xf32>
// CHECK: %[[S4:.*]] = "xnn.static_reshape"(%[[S]]) : (tensor<1x4x16xf32>) -> tensor<4x1x16xf32>
// CHECK: %[[P:.*]] = "xnn.softmax"(%[[S4]])
// CHECK: %[[P1:.*]] = "xnn.static_reshape"(%[[P]]) : (tensor<4x1x16xf32>) -> tensor<1x4x16xf32>
// CHECK: %[[V:.*]] = "xnn.static_reshape"(%arg2) : (tensor<1x1x16x8xf32>) -> tensor<1x16x8xf32>
// CHECK: %[[O:.*]] = "xnn.batch_matrix_multiply"(%[[P1]], %[[V]]) : (tensor<1x4x16xf32>, tensor<1x16x8xf32>) -> tensor<1x4x8xf32>
// CHECK: %[[O4:.*]] = "xnn.static_reshape"(%[[O]]) : (tensor<1x4x8xf32>) -> tensor<4x1x8xf32>
// CHECK: return %[[O4]]
func.func private @gqa_decode(%q: tensor<4x1x8xf32>, %k: tensor<1x1x16x8xf32>, %v: tensor<1x1x16x8xf32>) -> tensor<4x1x8xf32> attributes {xnn.delegate} {
  %k5 = "xnn.static_reshape"(%k) : (tensor<1x1x16x8xf32>) -> tensor<1x1x1x16x8xf32>
  %k2 = "xnn.concatenate"(%k5, %k5) {axis = 2 : i64} : (tensor<1x1x1x16x8xf32>, tensor<1x1x1x16x8xf32>) -> tensor<1x1x2x16x8xf32>
  %k4 = "xnn.concatenate"(%k2, %k2) {axis = 2 : i64} : (tensor<1x1x2x16x8xf32>, tensor<1x1x2x16x8xf32>) -> tensor<1x1x4x16x8xf32>
  %kr = "xnn.static_reshape"(%k4) : (tensor<1x1x4x16x8xf32>) -> tensor<1x4x16x8xf32>
  %kt = "xnn.static_transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x4x16x8xf32>) -> tensor<1x4x8x16xf32>
  %kb = "xnn.static_reshape"(%kt) : (tensor<1x4x8x16xf32>) -> tensor<4x8x16xf32>
  %s = "xnn.batch_matrix_multiply"(%q, %kb) : (tensor<4x1x8xf32>, tensor<4x8x16xf32>) -> tensor<4x1x16xf32>
  %p = "xnn.softmax"(%s) : (tensor<4x1x16xf32>) -> tensor<4x1x16xf32>
  %v5 = "xnn.static_reshape"(%v) : (tensor<1x1x16x8xf32>) -> tensor<1x1x1x16x8xf32>
  %v4 = "xnn.concatenate"(%v5, %v5, %v5, %v5) {axis = 2 : i64} : (tensor<1x1x1x16x8xf32>, tensor<1x1x1x16x8xf32>, tensor<1x1x1x16x8xf32>, tensor<1x1x1x16x8xf32>) -> tensor<1x1x4x16x8xf32>
  %vr = "xnn.static_reshape"(%v4) : (tensor<1x1x4x16x8xf32>) -> tensor<4x16x8xf32>
  %o = "xnn.batch_matrix_multiply"(%p, %vr) : (tensor<4x1x16xf32>, tensor<4x16x8xf32>) -> tensor<4x1x8xf32>
  return %o : tensor<4x1x8xf32>
}

// -----

// Two KV heads, two query heads each, and a prefill of 3 rows: batch g * 2 + r
// of the scores reads KV head g; A's rows regroup as [2, 2 * 3, E].
// CHECK-LABEL: func.func private @two_groups
// CHECK: %[[Q:.*]] = "xnn.static_reshape"(%arg0) : (tensor<4x3x8xf32>) -> tensor<2x6x8xf32>
// CHECK: %[[K:.*]] = "xnn.static_reshape"(%arg1) : (tensor<1x2x16x8xf32>) -> tensor<2x16x8xf32>
// CHECK: %[[S:.*]] = "xnn.batch_matrix_multiply"(%[[Q]], %[[K]]) {transpose_b = true} : (tensor<2x6x8xf32>, tensor<2x16x8xf32>) -> tensor<2x6x16xf32>
// CHECK: "xnn.static_reshape"(%[[S]]) : (tensor<2x6x16xf32>) -> tensor<4x3x16xf32>
func.func private @two_groups(%q: tensor<4x3x8xf32>, %k: tensor<1x2x16x8xf32>) -> tensor<4x3x16xf32> attributes {xnn.delegate} {
  %k5 = "xnn.static_reshape"(%k) : (tensor<1x2x16x8xf32>) -> tensor<1x2x1x16x8xf32>
  %k2 = "xnn.concatenate"(%k5, %k5) {axis = 2 : i64} : (tensor<1x2x1x16x8xf32>, tensor<1x2x1x16x8xf32>) -> tensor<1x2x2x16x8xf32>
  %kr = "xnn.static_reshape"(%k2) : (tensor<1x2x2x16x8xf32>) -> tensor<1x4x16x8xf32>
  %kt = "xnn.static_transpose"(%kr) {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x4x16x8xf32>) -> tensor<1x4x8x16xf32>
  %kb = "xnn.static_reshape"(%kt) : (tensor<1x4x8x16xf32>) -> tensor<4x8x16xf32>
  %s = "xnn.batch_matrix_multiply"(%q, %kb) : (tensor<4x3x8xf32>, tensor<4x8x16xf32>) -> tensor<4x3x16xf32>
  return %s : tensor<4x3x16xf32>
}

// -----

// Left alone: a repeat along an outer batch axis (batch b reads src[b % 2], not
// src[b / 2]), a transpose of other dims, and a copy another op also reads
// (the transpose stays for it; the product reads its source).
// CHECK-LABEL: func.func private @left_alone
// CHECK: %[[C:.*]] = "xnn.concatenate"(%arg1, %arg1) {axis = 0 : i64}
// CHECK: "xnn.batch_matrix_multiply"(%arg0, %[[C]]) : (tensor<4x1x8xf32>, tensor<4x8x16xf32>)
// CHECK: %[[T:.*]] = "xnn.static_transpose"(%arg2) {perm = array<i64: 1, 0, 2>}
// CHECK: "xnn.batch_matrix_multiply"(%arg0, %[[T]])
// CHECK: %[[U:.*]] = "xnn.static_transpose"(%arg3) {perm = array<i64: 0, 2, 1>}
// CHECK: "xnn.batch_matrix_multiply"(%arg0, %arg3) {transpose_b = true}
// CHECK: return {{.*}}, {{.*}}, {{.*}}, %[[U]]
func.func private @left_alone(%a: tensor<4x1x8xf32>, %b: tensor<2x8x16xf32>, %c: tensor<8x4x16xf32>, %d: tensor<4x16x8xf32>) -> (tensor<4x1x16xf32>, tensor<4x1x16xf32>, tensor<4x1x16xf32>, tensor<4x8x16xf32>) attributes {xnn.delegate} {
  %r = "xnn.concatenate"(%b, %b) {axis = 0 : i64} : (tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<4x8x16xf32>
  %0 = "xnn.batch_matrix_multiply"(%a, %r) : (tensor<4x1x8xf32>, tensor<4x8x16xf32>) -> tensor<4x1x16xf32>
  %t = "xnn.static_transpose"(%c) {perm = array<i64: 1, 0, 2>} : (tensor<8x4x16xf32>) -> tensor<4x8x16xf32>
  %1 = "xnn.batch_matrix_multiply"(%a, %t) : (tensor<4x1x8xf32>, tensor<4x8x16xf32>) -> tensor<4x1x16xf32>
  %u = "xnn.static_transpose"(%d) {perm = array<i64: 0, 2, 1>} : (tensor<4x16x8xf32>) -> tensor<4x8x16xf32>
  %2 = "xnn.batch_matrix_multiply"(%a, %u) : (tensor<4x1x8xf32>, tensor<4x8x16xf32>) -> tensor<4x1x16xf32>
  return %0, %1, %2, %u : tensor<4x1x16xf32>, tensor<4x1x16xf32>, tensor<4x1x16xf32>, tensor<4x8x16xf32>
}

// -----

// DOC: ExecuTorch's grouped-query form
// ExecuTorch's llama repeats K and V with repeat_interleave: a gather of KV
// heads 0, 0, 0, 0, 1, 1, 1, 1, which the lowering writes as unit slices of the
// cache, each concatenated four times (in chains of at most five inputs).
// Batch b reads KV head b / 4, as with repeat_kv: the product reads the cache
// itself, four query heads as four rows, and the slices and copies go.
// CHECK-LABEL: func.func private @repeat_interleave
// CHECK-NOT: "xnn.concatenate"
// CHECK-NOT: "xnn.static_slice"
// CHECK: %[[Q:.*]] = "xnn.static_reshape"(%arg0) : (tensor<8x1x8xf32>) -> tensor<2x4x8xf32>
// CHECK: %[[K:.*]] = "xnn.static_reshape"(%arg1) : (tensor<1x2x16x8xf32>) -> tensor<2x16x8xf32>
// CHECK: %[[S:.*]] = "xnn.batch_matrix_multiply"(%[[Q]], %[[K]]) {transpose_b = true} : (tensor<2x4x8xf32>, tensor<2x16x8xf32>) -> tensor<2x4x16xf32>
// CHECK: %[[S8:.*]] = "xnn.static_reshape"(%[[S]]) : (tensor<2x4x16xf32>) -> tensor<8x1x16xf32>
// CHECK: return %[[S8]]
func.func private @repeat_interleave(%q: tensor<8x1x8xf32>, %k: tensor<1x2x16x8xf32>) -> tensor<8x1x16xf32> attributes {xnn.delegate} {
  %k0 = "xnn.static_slice"(%k) {offsets = array<i64: 0, 0, 0, 0>, sizes = array<i64: 1, 1, 16, 8>} : (tensor<1x2x16x8xf32>) -> tensor<1x1x16x8xf32>
  %k1 = "xnn.static_slice"(%k) {offsets = array<i64: 0, 1, 0, 0>, sizes = array<i64: 1, 1, 16, 8>} : (tensor<1x2x16x8xf32>) -> tensor<1x1x16x8xf32>
  %c5 = "xnn.concatenate"(%k0, %k0, %k0, %k0, %k1) {axis = 1 : i64} : (tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>) -> tensor<1x5x16x8xf32>
  %c8 = "xnn.concatenate"(%c5, %k1, %k1, %k1) {axis = 1 : i64} : (tensor<1x5x16x8xf32>, tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>) -> tensor<1x8x16x8xf32>
  %kb = "xnn.static_reshape"(%c8) : (tensor<1x8x16x8xf32>) -> tensor<8x16x8xf32>
  %s = "xnn.batch_matrix_multiply"(%q, %kb) {transpose_b = true} : (tensor<8x1x8xf32>, tensor<8x16x8xf32>) -> tensor<8x1x16xf32>
  return %s : tensor<8x1x16xf32>
}

// -----

// Left alone, each batch not src[b / R]: the heads in another order (1, 1, 0,
// 0), alternating (0, 1, 0, 1: src[b % 2]), runs of unequal length (0, 0, 0,
// 1), and slices that do not take the whole of another dim.
// CHECK-LABEL: func.func private @interleave_left_alone
// CHECK-COUNT-4: "xnn.batch_matrix_multiply"(%arg0, %{{.*}}) {transpose_b = true} : (tensor<4x1x8xf32>, tensor<4x16x8xf32>)
func.func private @interleave_left_alone(%q: tensor<4x1x8xf32>, %k: tensor<1x2x16x8xf32>, %w: tensor<1x2x32x8xf32>) -> (tensor<4x1x16xf32>, tensor<4x1x16xf32>, tensor<4x1x16xf32>, tensor<4x1x16xf32>) attributes {xnn.delegate} {
  %k0 = "xnn.static_slice"(%k) {offsets = array<i64: 0, 0, 0, 0>, sizes = array<i64: 1, 1, 16, 8>} : (tensor<1x2x16x8xf32>) -> tensor<1x1x16x8xf32>
  %k1 = "xnn.static_slice"(%k) {offsets = array<i64: 0, 1, 0, 0>, sizes = array<i64: 1, 1, 16, 8>} : (tensor<1x2x16x8xf32>) -> tensor<1x1x16x8xf32>
  %swapped = "xnn.concatenate"(%k1, %k1, %k0, %k0) {axis = 1 : i64} : (tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>) -> tensor<1x4x16x8xf32>
  %b0 = "xnn.static_reshape"(%swapped) : (tensor<1x4x16x8xf32>) -> tensor<4x16x8xf32>
  %0 = "xnn.batch_matrix_multiply"(%q, %b0) {transpose_b = true} : (tensor<4x1x8xf32>, tensor<4x16x8xf32>) -> tensor<4x1x16xf32>
  %alt = "xnn.concatenate"(%k0, %k1, %k0, %k1) {axis = 1 : i64} : (tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>) -> tensor<1x4x16x8xf32>
  %b1 = "xnn.static_reshape"(%alt) : (tensor<1x4x16x8xf32>) -> tensor<4x16x8xf32>
  %1 = "xnn.batch_matrix_multiply"(%q, %b1) {transpose_b = true} : (tensor<4x1x8xf32>, tensor<4x16x8xf32>) -> tensor<4x1x16xf32>
  %uneven = "xnn.concatenate"(%k0, %k0, %k0, %k1) {axis = 1 : i64} : (tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>) -> tensor<1x4x16x8xf32>
  %b2 = "xnn.static_reshape"(%uneven) : (tensor<1x4x16x8xf32>) -> tensor<4x16x8xf32>
  %2 = "xnn.batch_matrix_multiply"(%q, %b2) {transpose_b = true} : (tensor<4x1x8xf32>, tensor<4x16x8xf32>) -> tensor<4x1x16xf32>
  %w0 = "xnn.static_slice"(%w) {offsets = array<i64: 0, 0, 0, 0>, sizes = array<i64: 1, 1, 16, 8>} : (tensor<1x2x32x8xf32>) -> tensor<1x1x16x8xf32>
  %w1 = "xnn.static_slice"(%w) {offsets = array<i64: 0, 1, 0, 0>, sizes = array<i64: 1, 1, 16, 8>} : (tensor<1x2x32x8xf32>) -> tensor<1x1x16x8xf32>
  %part = "xnn.concatenate"(%w0, %w0, %w1, %w1) {axis = 1 : i64} : (tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>, tensor<1x1x16x8xf32>) -> tensor<1x4x16x8xf32>
  %b3 = "xnn.static_reshape"(%part) : (tensor<1x4x16x8xf32>) -> tensor<4x16x8xf32>
  %3 = "xnn.batch_matrix_multiply"(%q, %b3) {transpose_b = true} : (tensor<4x1x8xf32>, tensor<4x16x8xf32>) -> tensor<4x1x16xf32>
  return %0, %1, %2, %3 : tensor<4x1x16xf32>, tensor<4x1x16xf32>, tensor<4x1x16xf32>, tensor<4x1x16xf32>
}

// -----

// Issue 45 item 11: a view under the transpose is looked through only when it
// keeps the two dims the transpose swaps. x [3, 5] viewed as [5, 3] holds
// other matrices than x: the transpose folds, B reads the view's output. A
// view merging batch dims ([2, 3, 5, 4] as [6, 5, 4]) keeps every matrix: B
// reads x. bf16 as f32.
// CHECK-LABEL: func.func private @transpose_through_views
// CHECK-NOT: "xnn.static_transpose"
// CHECK: %[[V:.*]] = "xnn.static_reshape"(%arg1) : (tensor<3x5xf32>) -> tensor<5x3xf32>
// CHECK: %[[B:.*]] = "xnn.static_reshape"(%[[V]]) : (tensor<5x3xf32>) -> tensor<1x5x3xf32>
// CHECK: "xnn.batch_matrix_multiply"(%arg0, %[[B]]) {transpose_b = true} : (tensor<1x4x3xf32>, tensor<1x5x3xf32>) -> tensor<1x4x5xf32>
// CHECK: %[[W:.*]] = "xnn.static_reshape"(%arg2) : (tensor<6x5xbf16>) -> tensor<2x5x3xbf16>
// CHECK: "xnn.batch_matrix_multiply"(%arg3, %[[W]]) {transpose_b = true} : (tensor<2x4x3xbf16>, tensor<2x5x3xbf16>) -> tensor<2x4x5xbf16>
// CHECK: %[[M:.*]] = "xnn.static_reshape"(%arg4) : (tensor<2x3x5x4xf32>) -> tensor<6x5x4xf32>
// CHECK: "xnn.batch_matrix_multiply"(%arg5, %[[M]]) {transpose_b = true} : (tensor<6x2x4xf32>, tensor<6x5x4xf32>) -> tensor<6x2x5xf32>
func.func private @transpose_through_views(%a: tensor<1x4x3xf32>, %x: tensor<3x5xf32>, %y: tensor<6x5xbf16>, %c: tensor<2x4x3xbf16>, %z: tensor<2x3x5x4xf32>, %d: tensor<6x2x4xf32>) -> (tensor<1x4x5xf32>, tensor<2x4x5xbf16>, tensor<6x2x5xf32>) attributes {xnn.delegate} {
  %v = "xnn.static_reshape"(%x) : (tensor<3x5xf32>) -> tensor<5x3xf32>
  %t = "xnn.static_transpose"(%v) {perm = array<i64: 1, 0>} : (tensor<5x3xf32>) -> tensor<3x5xf32>
  %b = "xnn.static_reshape"(%t) : (tensor<3x5xf32>) -> tensor<1x3x5xf32>
  %0 = "xnn.batch_matrix_multiply"(%a, %b) : (tensor<1x4x3xf32>, tensor<1x3x5xf32>) -> tensor<1x4x5xf32>
  %w = "xnn.static_reshape"(%y) : (tensor<6x5xbf16>) -> tensor<2x5x3xbf16>
  %u = "xnn.static_transpose"(%w) {perm = array<i64: 0, 2, 1>} : (tensor<2x5x3xbf16>) -> tensor<2x3x5xbf16>
  %1 = "xnn.batch_matrix_multiply"(%c, %u) : (tensor<2x4x3xbf16>, tensor<2x3x5xbf16>) -> tensor<2x4x5xbf16>
  %m = "xnn.static_reshape"(%z) : (tensor<2x3x5x4xf32>) -> tensor<6x5x4xf32>
  %s = "xnn.static_transpose"(%m) {perm = array<i64: 0, 2, 1>} : (tensor<6x5x4xf32>) -> tensor<6x4x5xf32>
  %2 = "xnn.batch_matrix_multiply"(%d, %s) : (tensor<6x2x4xf32>, tensor<6x4x5xf32>) -> tensor<6x2x5xf32>
  return %0, %1, %2 : tensor<1x4x5xf32>, tensor<2x4x5xbf16>, tensor<6x2x5xf32>
}

// -----

// The repeated value of a grouped-query B is read through views on the same
// rule: its view [1, 1, 8, 16] as [1, 1, 1, 16, 8] reorders the matrix, so the
// product reads the view (as [1, 16, 8]), not the cache.
// CHECK-LABEL: func.func private @repeat_through_reordering_view
// CHECK-NOT: "xnn.concatenate"
// CHECK: %[[V:.*]] = "xnn.static_reshape"(%arg1) : (tensor<1x1x8x16xf32>) -> tensor<1x1x1x16x8xf32>
// CHECK: %[[Q:.*]] = "xnn.static_reshape"(%arg0) : (tensor<2x1x8xf32>) -> tensor<1x2x8xf32>
// CHECK: %[[K:.*]] = "xnn.static_reshape"(%[[V]]) : (tensor<1x1x1x16x8xf32>) -> tensor<1x16x8xf32>
// CHECK: "xnn.batch_matrix_multiply"(%[[Q]], %[[K]]) {transpose_b = true} : (tensor<1x2x8xf32>, tensor<1x16x8xf32>) -> tensor<1x2x16xf32>
func.func private @repeat_through_reordering_view(%q: tensor<2x1x8xf32>, %k: tensor<1x1x8x16xf32>) -> tensor<2x1x16xf32> attributes {xnn.delegate} {
  %k5 = "xnn.static_reshape"(%k) : (tensor<1x1x8x16xf32>) -> tensor<1x1x1x16x8xf32>
  %k2 = "xnn.concatenate"(%k5, %k5) {axis = 2 : i64} : (tensor<1x1x1x16x8xf32>, tensor<1x1x1x16x8xf32>) -> tensor<1x1x2x16x8xf32>
  %kb = "xnn.static_reshape"(%k2) : (tensor<1x1x2x16x8xf32>) -> tensor<2x16x8xf32>
  %s = "xnn.batch_matrix_multiply"(%q, %kb) {transpose_b = true} : (tensor<2x1x8xf32>, tensor<2x16x8xf32>) -> tensor<2x1x16xf32>
  return %s : tensor<2x1x16xf32>
}
