// xnn-move-cache-writes: readers of a KV-cache write read the written rows
// selected by delegable ops (maximum of the cache and the values, each bounded
// by a minimum with +-inf masks,
// masks from the positions by portable ops); the write only feeds the results.
// RUN: xnn-opt %s --split-input-file --xnn-move-cache-writes | FileCheck %s
// RUN: xnn-opt %s --split-input-file --xnn-move-cache-writes=max-rows=1 | FileCheck %s --check-prefix=ONE
// DOC: KV-cache writes moved out of the delegate's way

// One position (a decode step): one select; the write stays, feeding the result.
// CHECK-LABEL: func.func @decode
// CHECK-SAME: (%[[POS:.*]]: tensor<1xi64>, %[[K:.*]]: tensor<1x2x1x4xf32>, %[[CACHE:.*]]: tensor<1x2x8x4xf32>)
// CHECK-DAG: %[[AR:.*]] = "edge.constant"() {value = dense<{{\[\[\[\[}}0], [1], [2], [3], [4], [5], [6], [7]]]]> : tensor<1x1x8x1xi64>}
// CHECK-DAG: %[[BACK:.*]] = "edge.constant"() {value = dense<{{\[\[\[\[}}-8], {{.*}}, [-1]]]]> : tensor<1x1x8x1xi64>}
// CHECK-DAG: %[[EQ:.*]] = "edge.eq"(%[[AR]], %[[POS]]) : (tensor<1x1x8x1xi64>, tensor<1xi64>) -> tensor<1x1x8x1xi1>
// CHECK-DAG: %[[EQB:.*]] = "edge.eq"(%[[BACK]], %[[POS]])
// CHECK-DAG: %[[HIT:.*]] = "edge.bitwise_or"(%[[EQ]], %[[EQB]])
// CHECK-DAG: %[[NINF:.*]] = "edge.constant"() {value = dense<0xFF800000> : tensor<f32>}
// CHECK-DAG: %[[PINF:.*]] = "edge.constant"() {value = dense<0x7F800000> : tensor<f32>}
// CHECK-DAG: %[[KEEP:.*]] = "edge.where"(%[[HIT]], %[[NINF]], %[[PINF]]) : ({{.*}}) -> tensor<1x1x8x1xf32>
// CHECK-DAG: %[[PUT:.*]] = "edge.where"(%[[HIT]], %[[PINF]], %[[NINF]]) : ({{.*}}) -> tensor<1x1x8x1xf32>
// CHECK: %[[A:.*]] = "edge.minimum"(%[[CACHE]], %[[KEEP]]) : (tensor<1x2x8x4xf32>, tensor<1x1x8x1xf32>) -> tensor<1x2x8x4xf32>
// CHECK: %[[B:.*]] = "edge.minimum"(%[[K]], %[[PUT]]) : (tensor<1x2x1x4xf32>, tensor<1x1x8x1xf32>) -> tensor<1x2x8x4xf32>
// CHECK: %[[SEL:.*]] = "edge.maximum"(%[[A]], %[[B]])
// CHECK: %[[NEW:.*]] = "edge.index_put"(%[[CACHE]], %[[K]], %[[POS]])
// CHECK: %[[ATT:.*]] = "edge.relu"(%[[SEL]])
// CHECK: return %[[ATT]], %[[NEW]]
func.func @decode(%pos: tensor<1xi64>, %k: tensor<1x2x1x4xf32>, %cache: tensor<1x2x8x4xf32>)
    -> (tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>) {
  %new = "edge.index_put"(%cache, %k, %pos) {indexed_dims = array<i64: 2>} : (tensor<1x2x8x4xf32>, tensor<1x2x1x4xf32>, tensor<1xi64>) -> tensor<1x2x8x4xf32>
  %att = "edge.relu"(%new) : (tensor<1x2x8x4xf32>) -> tensor<1x2x8x4xf32>
  return %att, %new : tensor<1x2x8x4xf32>, tensor<1x2x8x4xf32>
}

// -----

// Two caches written at the same positions share the masks; three positions
// (a prefill) are three selects in order, so a repeated position's last value
// wins as in index_put; i32 positions, bf16 caches; values broadcast over heads.
// CHECK-LABEL: func.func @prefill
// CHECK-COUNT-2: dense<{{.*}}> : tensor<1x1x8x1xi32>
// CHECK: %[[P0:.*]] = "edge.slice"(%arg0) {dim = 0 : i64, end = 1 : i64, start = 0 : i64, step = 1 : i64} : (tensor<3xi32>) -> tensor<1xi32>
// CHECK-NOT: tensor<1x1x8x1xi32>}
// CHECK: "edge.eq"(%{{.*}}, %[[P0]])
// CHECK: %[[V0:.*]] = "edge.slice"(%arg1) {dim = 2 : i64, end = 1 : i64, start = 0 : i64, step = 1 : i64}
// CHECK: "edge.minimum"(%[[V0]],
// CHECK: "edge.maximum"
// CHECK: "edge.slice"(%arg0) {dim = 0 : i64, end = 2 : i64, start = 1 : i64
// CHECK: "edge.maximum"
// CHECK: "edge.slice"(%arg0) {dim = 0 : i64, end = 3 : i64, start = 2 : i64
// CHECK: "edge.maximum"
// CHECK: "edge.index_put"(%arg2,
// CHECK-NOT: "edge.eq"
// CHECK-COUNT-3: "edge.maximum"
// CHECK: "edge.index_put"(%arg3,
// ONE-LABEL: func.func @prefill
// ONE-NOT: edge.maximum
func.func @prefill(%pos: tensor<3xi32>, %kv: tensor<1x1x3x4xbf16>, %kc: tensor<1x2x8x4xbf16>, %vc: tensor<1x2x8x4xbf16>)
    -> (tensor<1x2x8x4xbf16>, tensor<1x2x8x4xbf16>, tensor<1x2x8x4xbf16>) {
  %k = "edge.index_put"(%kc, %kv, %pos) {indexed_dims = array<i64: 2>} : (tensor<1x2x8x4xbf16>, tensor<1x1x3x4xbf16>, tensor<3xi32>) -> tensor<1x2x8x4xbf16>
  %v = "edge.index_put"(%vc, %kv, %pos) {indexed_dims = array<i64: 2>} : (tensor<1x2x8x4xbf16>, tensor<1x1x3x4xbf16>, tensor<3xi32>) -> tensor<1x2x8x4xbf16>
  %s = "edge.add"(%k, %v) : (tensor<1x2x8x4xbf16>, tensor<1x2x8x4xbf16>) -> tensor<1x2x8x4xbf16>
  return %s, %k, %v : tensor<1x2x8x4xbf16>, tensor<1x2x8x4xbf16>, tensor<1x2x8x4xbf16>
}

// -----

// Left alone: a write only returned; accumulate; two index tensors; an
// integer cache.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: edge.maximum
// CHECK-NOT: edge.eq
// CHECK: return
func.func @left_alone(%pos: tensor<1xi64>, %k: tensor<1x1x4xf32>, %c: tensor<1x8x4xf32>, %ci: tensor<1x8x4xi32>, %ki: tensor<1x1x4xi32>, %k1: tensor<1x4xf32>)
    -> (tensor<1x8x4xf32>, tensor<1x8x4xf32>, tensor<1x8x4xf32>, tensor<1x8x4xf32>, tensor<1x8x4xi32>) {
  %only = "edge.index_put"(%c, %k, %pos) {indexed_dims = array<i64: 1>} : (tensor<1x8x4xf32>, tensor<1x1x4xf32>, tensor<1xi64>) -> tensor<1x8x4xf32>
  %acc = "edge.index_put"(%c, %k, %pos) {indexed_dims = array<i64: 1>, accumulate = true} : (tensor<1x8x4xf32>, tensor<1x1x4xf32>, tensor<1xi64>) -> tensor<1x8x4xf32>
  %r1 = "edge.relu"(%acc) : (tensor<1x8x4xf32>) -> tensor<1x8x4xf32>
  %two = "edge.index_put"(%c, %k1, %pos, %pos) {indexed_dims = array<i64: 0, 1>} : (tensor<1x8x4xf32>, tensor<1x4xf32>, tensor<1xi64>, tensor<1xi64>) -> tensor<1x8x4xf32>
  %r2 = "edge.relu"(%two) : (tensor<1x8x4xf32>) -> tensor<1x8x4xf32>
  %int = "edge.index_put"(%ci, %ki, %pos) {indexed_dims = array<i64: 1>} : (tensor<1x8x4xi32>, tensor<1x1x4xi32>, tensor<1xi64>) -> tensor<1x8x4xi32>
  %r3 = "edge.abs"(%int) : (tensor<1x8x4xi32>) -> tensor<1x8x4xi32>
  return %only, %r1, %r2, %acc, %r3 : tensor<1x8x4xf32>, tensor<1x8x4xf32>, tensor<1x8x4xf32>, tensor<1x8x4xf32>, tensor<1x8x4xi32>
}
