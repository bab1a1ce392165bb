// RUN: xnn-opt %s --split-input-file --xnn-partition | FileCheck %s
// RUN: xnn-opt %s --split-input-file --xnn-partition='fold-dtype-converts=false' | FileCheck %s --check-prefix=NOFOLD

// DOC: everything delegable
// Everything delegable: one segment; the constant moves into it. The
// function records its edge ops per type (constants excepted) for --xnn-stats.
// CHECK-LABEL: func.func @all_delegable
// CHECK-NEXT: %[[R:.*]] = call @xnn_delegate_0(%arg0) : (tensor<2x4xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: return %[[R]]
// CHECK: func.func private @xnn_delegate_0(%arg0: tensor<2x4xf32>) -> tensor<2x3xf32> attributes {xnn.delegate, xnn.edge_ops = {edge.linear = 1 : i64, edge.relu = 1 : i64}} {
// CHECK-NEXT: "edge.constant"
// CHECK-NEXT: "edge.relu"
// CHECK-NEXT: "edge.linear"
// CHECK-NEXT: return
func.func @all_delegable(%x: tensor<2x4xf32>) -> tensor<2x3xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %0 = "edge.relu"(%x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = "edge.linear"(%0, %w) : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// Independent branches share one segment.
// CHECK-LABEL: func.func @branches
// CHECK-NEXT: %[[R:.*]]:2 = call @xnn_delegate_0(%arg0, %arg1)
// CHECK-NOT: call
// CHECK-COUNT-1: attributes {xnn.delegate, xnn.edge_ops = 
func.func @branches(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = "edge.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "edge.sigmoid"(%y) : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// DOC: a portable op cuts the graph
// A portable op between two delegable ones: two segments (one would be a cycle).
// The portable op records why it stays portable.
// CHECK-LABEL: func.func @cut
// CHECK: %[[A:.*]] = call @xnn_delegate_0(%arg0)
// CHECK: %[[E:.*]] = "edge.embedding"(%[[A]], %arg1) {xnn.portable_reason = "embedding is a gather; the pinned XNNPACK has no gather node"}
// CHECK: %[[B:.*]] = call @xnn_delegate_1(%[[E]], %[[A]])
// CHECK: return %[[B]]
// CHECK: func.func private @xnn_delegate_0
// CHECK: "edge.relu"
// CHECK: func.func private @xnn_delegate_1
// CHECK: "edge.add"
func.func @cut(%x: tensor<10x4xf32>, %ids: tensor<10xi64>) -> tensor<10x4xf32> {
  %0 = "edge.relu"(%x) : (tensor<10x4xf32>) -> tensor<10x4xf32>
  %1 = "edge.embedding"(%0, %ids) : (tensor<10x4xf32>, tensor<10xi64>) -> tensor<10x4xf32>
  %2 = "edge.add"(%1, %0) : (tensor<10x4xf32>, tensor<10x4xf32>) -> tensor<10x4xf32>
  return %2 : tensor<10x4xf32>
}

// -----

// Scheduling: a portable user of an early segment output moves after the call;
// a late delegable op that does not depend on the portable op joins the first segment.
// CHECK-LABEL: func.func @schedule
// CHECK-NEXT: %[[C:.*]]:2 = call @xnn_delegate_0(%arg0)
// CHECK-NEXT: %[[P:.*]] = "edge.embedding"(%[[C]]#0, %arg1)
// CHECK-NEXT: return %[[P]], %[[C]]#1
func.func @schedule(%x: tensor<10x4xf32>, %ids: tensor<10xi64>) -> (tensor<10x4xf32>, tensor<10x4xf32>) {
  %0 = "edge.relu"(%x) : (tensor<10x4xf32>) -> tensor<10x4xf32>
  %1 = "edge.embedding"(%0, %ids) : (tensor<10x4xf32>, tensor<10xi64>) -> tensor<10x4xf32>
  %2 = "edge.tanh"(%x) : (tensor<10x4xf32>) -> tensor<10x4xf32>
  return %1, %2 : tensor<10x4xf32>, tensor<10x4xf32>
}

// -----

// DOC: float converts of activations
// Float converts of activations fold into the delegate; with
// fold-dtype-converts=false they stay portable and cut the graph.
// CHECK-LABEL: func.func @converts
// CHECK-NEXT: call @xnn_delegate_0(%arg0)
// CHECK-NEXT: return
// CHECK: "edge.to_copy"(%arg0) {dtype = f32}
// CHECK: "edge.rsqrt"
// CHECK: "edge.to_copy"(%{{.*}}) {dtype = bf16}
// NOFOLD-LABEL: func.func @converts
// NOFOLD-NEXT: "edge.to_copy"(%arg0) {dtype = f32, xnn.portable_reason = "dtype conversion bf16 -> f32 stays portable (fold-dtype-converts=false)"}
// NOFOLD-NEXT: call @xnn_delegate_0
// NOFOLD-NEXT: "edge.to_copy"({{.*}}) {dtype = bf16, xnn.portable_reason = "dtype conversion f32 -> bf16 stays portable (fold-dtype-converts=false)"}
func.func @converts(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = "edge.to_copy"(%x) {dtype = f32} : (tensor<4xbf16>) -> tensor<4xf32>
  %1 = "edge.rsqrt"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "edge.to_copy"(%1) {dtype = bf16} : (tensor<4xf32>) -> tensor<4xbf16>
  return %2 : tensor<4xbf16>
}

// -----

// A convert of a constant is left to xnn-fold-constant-converts; integer ops stay portable.
// CHECK-LABEL: func.func @constant_convert
// CHECK: "edge.to_copy"(%{{.*}}) {dtype = f32, xnn.portable_reason = "dtype conversion bf16 -> f32 of a constant: fold it at compile time (xnn-fold-constant-converts)"}
// CHECK: "edge.abs"(%arg1) {xnn.portable_reason = "operand #0 has element type i64; XNNPACK's float nodes take f32, f16 or bf16"}
func.func @constant_convert(%x: tensor<4xf32>, %i: tensor<4xi64>) -> (tensor<4xf32>, tensor<4xi64>) {
  %c = "edge.constant"() {value = dense<1.0> : tensor<4xbf16>} : () -> tensor<4xbf16>
  %0 = "edge.to_copy"(%c) {dtype = f32} : (tensor<4xbf16>) -> tensor<4xf32>
  %1 = "edge.mul"(%x, %0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "edge.abs"(%i) : (tensor<4xi64>) -> tensor<4xi64>
  return %1, %2 : tensor<4xf32>, tensor<4xi64>
}

// -----

// DOC: refusals and their reasons
// Refusals with their reasons: alpha, softmax axis, slice step.
// CHECK-LABEL: func.func @refusals
// CHECK: "edge.add"(%arg0, %arg0) {alpha = 2.000000e+00 : f64, xnn.portable_reason = "alpha = 2; XNNPACK's add/subtract have no scale (only alpha = 1)"}
// CHECK: "edge.softmax"(%arg0) {dim = 0 : i64, xnn.portable_reason = "softmax over dim 0 of a rank-2 tensor; XNNPACK's softmax is over the innermost dim only (the last, or the channels of a 4-D tensor)"}
// CHECK: "edge.slice"(%arg0) {dim = 1 : i64, end = 4 : i64, start = 0 : i64, step = 2 : i64, xnn.portable_reason = "slice with step 2; XNNPACK's static slice has unit stride only"}
func.func @refusals(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>) {
  %0 = "edge.add"(%x, %x) {alpha = 2.0 : f64} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = "edge.softmax"(%x) {dim = 0 : i64} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %2 = "edge.slice"(%x) {dim = 1 : i64, start = 0 : i64, end = 4 : i64, step = 2 : i64} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return %0, %1, %2 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xf32>
}

// -----

// clamp with both bounds given and one NaN: ATen fills NaN; stays portable.
// min > max and a single NaN bound are delegated.
// CHECK-LABEL: func.func @clamp_nan_bounds
// CHECK: "edge.clamp"(%arg0) {max = 1.000000e+00 : f64, min = 0x7FF8000000000000 : f64, xnn.portable_reason = "clamp with both bounds given and one of them NaN: ATen's result is all NaN, not lowered"}
// CHECK: call @xnn_delegate_0
// CHECK-NOT: xnn.portable_reason
// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK: "edge.clamp"(%arg0) {max = 1.000000e+00 : f64, min = 2.000000e+00 : f64}
// CHECK: "edge.clamp"(%arg0) {max = 0x7FF8000000000000 : f64}
func.func @clamp_nan_bounds(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "edge.clamp"(%x) {min = 0x7FF8000000000000 : f64, max = 1.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "edge.clamp"(%x) {min = 2.0 : f64, max = 1.0 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "edge.clamp"(%x) {max = 0x7FF8000000000000 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// A run-time boolean sdpa mask becomes where(mask, 0, -inf) only where the
// sdpa is then delegated: a rank-2 sdpa stays portable with its own reason and
// its boolean mask, and no where is added.
// CHECK-LABEL: func.func @bool_mask_rank2
// CHECK-NOT: edge.where
// CHECK: "edge.sdpa"(%arg0, %arg0, %arg0, %arg1) {xnn.portable_reason = "sdpa of rank 2; XNNPACK's batch matmul needs a batch dim"}
// CHECK-NOT: edge.where
// CHECK: return
func.func @bool_mask_rank2(%q: tensor<4x8xf32>, %m: tensor<4x4xi1>) -> tensor<4x8xf32> {
  %0 = "edge.sdpa"(%q, %q, %q, %m) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x4xi1>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
