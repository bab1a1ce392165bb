// xnn-expand-constant-gathers: a gather by constant positions (a traced
// repeat_kv) becomes slices and a concatenation, which the delegate runs.
// RUN: xnn-opt %s --split-input-file --xnn-expand-constant-gathers | FileCheck %s
// RUN: xnn-opt %s --split-input-file --xnn-expand-constant-gathers=max-positions=3 | FileCheck %s --check-prefix=THREE
// The expanded gather computes what the gather computes, and is delegated.
// RUN: xnn-opt %s --split-input-file --xnn-delegate --xnn-stats -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: xnn-run %t.mlir --func repeat_kv --seed 1 --compare %s | FileCheck %s --check-prefix=CMP
// CMP: output 0: f32[1, 4, 3, 2] max_abs=0 max_rel=0 bitwise=equal
// DOC: constant gathers expanded

// Positions repeated (one slice each distinct one) and negative (from the end).
// CHECK-LABEL: func.func @repeat_kv
// CHECK-NOT: edge.index
// CHECK: %[[S0:.*]] = "edge.slice"(%arg0) {dim = 1 : i64, end = 1 : i64, start = 0 : i64, step = 1 : i64} : (tensor<1x2x3x2xf32>) -> tensor<1x1x3x2xf32>
// CHECK: %[[S1:.*]] = "edge.slice"(%arg0) {dim = 1 : i64, end = 2 : i64, start = 1 : i64, step = 1 : i64}
// CHECK-NOT: edge.slice
// CHECK: %[[CAT:.*]] = "edge.cat"(%[[S0]], %[[S0]], %[[S1]], %[[S1]]) {dim = 1 : i64} : ({{.*}}) -> tensor<1x4x3x2xf32>
// CHECK-NOT: edge.constant
// CHECK: return %[[CAT]]
// THREE-LABEL: func.func @repeat_kv
// THREE: edge.index
// STATS: delegate segments: 1
// STATS-NEXT: delegated ops: 3
// STATS-NEXT: portable ops: 0
func.func @repeat_kv(%x: tensor<1x2x3x2xf32>) -> tensor<1x4x3x2xf32> {
  %i = "edge.constant"() {value = dense<[0, -2, 1, -1]> : tensor<4xi64>} : () -> tensor<4xi64>
  %g = "edge.index"(%x, %i) {indexed_dims = array<i64: 1>} : (tensor<1x2x3x2xf32>, tensor<4xi64>) -> tensor<1x4x3x2xf32>
  return %g : tensor<1x4x3x2xf32>
}

// -----

// One position: a slice alone. An i32 index tensor.
// CHECK-LABEL: func.func @one
// CHECK: %[[S:.*]] = "edge.slice"(%arg0) {dim = 0 : i64, end = 3 : i64, start = 2 : i64, step = 1 : i64} : (tensor<4x5xbf16>) -> tensor<1x5xbf16>
// CHECK-NEXT: return %[[S]]
func.func @one(%x: tensor<4x5xbf16>) -> tensor<1x5xbf16> {
  %i = "edge.constant"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %g = "edge.index"(%x, %i) {indexed_dims = array<i64: 0>} : (tensor<4x5xbf16>, tensor<1xi32>) -> tensor<1x5xbf16>
  return %g : tensor<1x5xbf16>
}

// -----

// Left alone: run-time positions; a position out of range; two index tensors.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-3: "edge.index"
// CHECK-NOT: edge.slice
func.func @left_alone(%x: tensor<4x5xf32>, %p: tensor<2xi64>) -> (tensor<2x5xf32>, tensor<1x5xf32>, tensor<2xf32>) {
  %a = "edge.index"(%x, %p) {indexed_dims = array<i64: 0>} : (tensor<4x5xf32>, tensor<2xi64>) -> tensor<2x5xf32>
  %i = "edge.constant"() {value = dense<4> : tensor<1xi64>} : () -> tensor<1xi64>
  %b = "edge.index"(%x, %i) {indexed_dims = array<i64: 0>} : (tensor<4x5xf32>, tensor<1xi64>) -> tensor<1x5xf32>
  %j = "edge.constant"() {value = dense<[0, 1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %c = "edge.index"(%x, %j, %j) {indexed_dims = array<i64: 0, 1>} : (tensor<4x5xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<2xf32>
  return %a, %b, %c : tensor<2x5xf32>, tensor<1x5xf32>, tensor<2xf32>
}
