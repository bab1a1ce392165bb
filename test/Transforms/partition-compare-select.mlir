// Comparisons, where and masked_fill stay portable (the pinned XNNPACK has
// no comparison or select node, and no boolean tensors), each with a
// located reason; the delegated ops around them form acyclic segments: the
// relu that only depends on the input joins the first segment, the add after
// the where cannot (it would make segment -> where -> segment a cycle).
// RUN: xnn-opt %s --xnn-delegate --xnn-stats -o %t.mlir 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: xnn-opt %t.mlir --xnn-verify -o %t.verified.mlir
// The delegated module computes what the reference computes (the i1 output exactly).
// RUN: xnn-run %t.mlir --compare %s | FileCheck %s --check-prefix=CMP
// CMP: output 0: f32[2, 8] {{.*}} ok
// CMP: output 1: i1[2, 8] {{.*}} bitwise=equal {{.*}} ok

// CHECK: xnn-stats: delegate segments: 3
// CHECK-NEXT: xnn-stats: delegated ops: 5
// CHECK-NEXT: xnn-stats: portable ops: 4
// CHECK-DAG: xnn-stats: 2 portable because: comparison with an i1 result: the pinned XNNPACK has no comparison node and no boolean tensors
// CHECK-DAG: xnn-stats: 1 portable because: masked_fill selects by an i1 mask: the pinned XNNPACK has no select node
// CHECK-DAG: xnn-stats: 1 portable because: where selects by an i1 mask: the pinned XNNPACK has no select node
// CHECK-DAG: partition-compare-select.mlir:36:8: remark: edge.gt stays portable
// CHECK-DAG: partition-compare-select.mlir:37:8: remark: edge.where stays portable
// CHECK-DAG: partition-compare-select.mlir:39:8: remark: edge.masked_fill stays portable
// CHECK-DAG: partition-compare-select.mlir:40:8: remark: edge.eq stays portable

// IR: func.func @forward
// IR: call @xnn_delegate_0
// IR: "edge.gt"
// IR: "edge.where"
// IR: call @xnn_delegate_1
// IR: "edge.masked_fill"
// IR: "edge.eq"
// IR: call @xnn_delegate_2
func.func @forward(%x: tensor<2x8xf32>, %y: tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2x8xi1>) {
  %zero = "edge.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %0 = "edge.tanh"(%x) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %1 = "edge.gt"(%0, %zero) : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xi1>
  %2 = "edge.where"(%1, %0, %y) : (tensor<2x8xi1>, tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %3 = "edge.add"(%2, %0) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %4 = "edge.masked_fill"(%3, %1) {value = 0xFFF0000000000000 : f64} : (tensor<2x8xf32>, tensor<2x8xi1>) -> tensor<2x8xf32>
  %5 = "edge.eq"(%4, %3) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xi1>
  %6 = "edge.relu"(%y) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %7 = "edge.mul"(%4, %6) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %8 = "edge.softmax"(%7) {dim = 1 : i64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %8, %5 : tensor<2x8xf32>, tensor<2x8xi1>
}
