// edge.index and edge.index_put on the reference kernels (ATen advanced
// indexing; expected values from torch 1.13: torch.ops.aten.index.Tensor /
// index_put with None at the dims not in indexed_dims). Wider coverage
// against torch itself: decoder-ops-vs-torch.test.

// Negative and repeated indices, a [2, 2] index tensor on dim 0 of [3, 4]:
// x[[[-1, 0], [2, -1]]].
// RUN: xnn-ref-test %s --func=gather --input='0,1,2,3,4,5,6,7,8,9,10,11' | FileCheck %s --check-prefix=GA
// GA: result #0: tensor<2x2x4xi64> = [8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11, 8, 9, 10, 11]
func.func @gather(%x: tensor<3x4xi64>) -> tensor<2x2x4xi64> {
  %i = "edge.constant"() {value = dense<[[-1, 0], [2, -1]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %0 = "edge.index"(%x, %i) {indexed_dims = array<i64: 0>} : (tensor<3x4xi64>, tensor<2x2xi64>) -> tensor<2x2x4xi64>
  return %0 : tensor<2x2x4xi64>
}

// Non-consecutive indexed dims (0 and 2) with a rank-0 index broadcast
// against a [2] one: B = [2] goes first, then the non-indexed dim 1;
// and a rank-0 i32 index on the last dim of [3, 2] drops that dim.
// RUN: xnn-ref-test %s --func=nonconsecutive --seed=1 | FileCheck %s --check-prefix=NC
// NC: result #0: tensor<2x3xf32> = [15, 19, 23, 3, 7, 11]
// NC: result #1: tensor<3xf32> = [1, 3, 5]
func.func @nonconsecutive() -> (tensor<2x3xf32>, tensor<3xf32>) {
  %y = "edge.constant"() {value = dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>} : () -> tensor<2x3x4xf32>
  %i = "edge.constant"() {value = dense<[1, -2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %j = "edge.constant"() {value = dense<3> : tensor<i64>} : () -> tensor<i64>
  %0 = "edge.index"(%y, %i, %j) {indexed_dims = array<i64: 0, 2>} : (tensor<2x3x4xf32>, tensor<2xi64>, tensor<i64>) -> tensor<2x3xf32>
  %z = "edge.constant"() {value = dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %k = "edge.constant"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %1 = "edge.index"(%z, %k) {indexed_dims = array<i64: 1>} : (tensor<3x2xf32>, tensor<i32>) -> tensor<3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<3xf32>
}

// index_put with repeated indices: [1, 3, 1, -4, 0] on 5 zeros (-4 is 1),
// values [1, 2, 3, 4, 5]: without accumulate the last write wins (index 1
// gets 4, written by -4), with accumulate index 1 sums 1 + 3 + 4.
// RUN: xnn-ref-test %s --func=put --input='1,2,3,4,5' | FileCheck %s --check-prefix=PUT
// PUT: result #0: tensor<5xf32> = [5, 4, 0, 2, 0]
// PUT: result #1: tensor<5xf32> = [5, 8, 0, 2, 0]
func.func @put(%v: tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>) {
  %x = "edge.constant"() {value = dense<0.0> : tensor<5xf32>} : () -> tensor<5xf32>
  %i = "edge.constant"() {value = dense<[1, 3, 1, -4, 0]> : tensor<5xi64>} : () -> tensor<5xi64>
  %0 = "edge.index_put"(%x, %v, %i) {indexed_dims = array<i64: 0>} : (tensor<5xf32>, tensor<5xf32>, tensor<5xi64>) -> tensor<5xf32>
  %1 = "edge.index_put"(%x, %v, %i) {indexed_dims = array<i64: 0>, accumulate = true} : (tensor<5xf32>, tensor<5xf32>, tensor<5xi64>) -> tensor<5xf32>
  return %0, %1 : tensor<5xf32>, tensor<5xf32>
}

// i1 data and values, broadcasting index tensors [2, 1] x [2]: positions
// (0, 1) = true, (0, 2) = false, (1, 1) = true, (1, 2) = false; accumulate
// on i1 is a logical or.
// RUN: xnn-ref-test %s --func=put_i1 --input='1,0' | FileCheck %s --check-prefix=PI1
// PI1: result #0: tensor<2x4xi1> = [0, 1, 0, 0, 0, 1, 0, 0]
// PI1: result #1: tensor<2x4xi1> = [0, 1, 0, 0, 0, 1, 0, 0]
func.func @put_i1(%v: tensor<2xi1>) -> (tensor<2x4xi1>, tensor<2x4xi1>) {
  %x = "edge.constant"() {value = dense<false> : tensor<2x4xi1>} : () -> tensor<2x4xi1>
  %i = "edge.constant"() {value = dense<[[0], [-1]]> : tensor<2x1xi64>} : () -> tensor<2x1xi64>
  %j = "edge.constant"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "edge.index_put"(%x, %v, %i, %j) {indexed_dims = array<i64: 0, 1>, accumulate = false} : (tensor<2x4xi1>, tensor<2xi1>, tensor<2x1xi64>, tensor<2xi32>) -> tensor<2x4xi1>
  %1 = "edge.index_put"(%x, %v, %i, %j) {indexed_dims = array<i64: 0, 1>, accumulate = true} : (tensor<2x4xi1>, tensor<2xi1>, tensor<2x1xi64>, tensor<2xi32>) -> tensor<2x4xi1>
  return %0, %1 : tensor<2x4xi1>, tensor<2x4xi1>
}

// Out-of-range indices are a located run-time error (exit 1) of
// xnn-ref-test and xnn-run, never a read or write outside the tensor: index
// size counts as out of range, -size - 1 too (ATen: "index 4 is out of bounds
// for dimension 0 with size 4").
// RUN: not xnn-ref-test %s --func=oob_index --input='1;0,4' 2>&1 | FileCheck %s --check-prefix=OOB
// OOB: {{.*}}index.mlir:[[# @LINE + 3]]:8: error: 'edge.index' op index 4 is out of bounds for dimension 0 with size 4 (index tensor #0, element 1)
// OOB-NOT: result
func.func @oob_index(%x: tensor<4x3xf32>, %i: tensor<2xi64>) -> tensor<2x3xf32> {
  %0 = "edge.index"(%x, %i) {indexed_dims = array<i64: 0>} : (tensor<4x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
// RUN: not xnn-ref-test %s --func=oob_index --input='1;-5,0' 2>&1 | FileCheck %s --check-prefix=OOBNEG
// OOBNEG: 'edge.index' op index -5 is out of bounds for dimension 0 with size 4 (index tensor #0, element 0)
// RUN: xnn-ref-test %s --func=oob_index --input='1;-4,3' | FileCheck %s --check-prefix=EDGE
// EDGE: result #0: tensor<2x3xf32> = [1, 1, 1, 1, 1, 1]

// index_put: the second index tensor's element 2 is out of range for dim 2
// (size 3) after the first one's are fine.
// RUN: not xnn-ref-test %s --func=oob_put 2>&1 | FileCheck %s --check-prefix=OOBPUT
// OOBPUT: {{.*}}index.mlir:[[# @LINE + 6]]:8: error: 'edge.index_put' op index 3 is out of bounds for dimension 2 with size 3 (index tensor #1, element 2)
func.func @oob_put() -> tensor<2x2x3xf32> {
  %x = "edge.constant"() {value = dense<0.0> : tensor<2x2x3xf32>} : () -> tensor<2x2x3xf32>
  %v = "edge.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %i = "edge.constant"() {value = dense<[0, 1, 1]> : tensor<3xi64>} : () -> tensor<3xi64>
  %j = "edge.constant"() {value = dense<[0, 2, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
  %0 = "edge.index_put"(%x, %v, %i, %j) {indexed_dims = array<i64: 0, 2>, accumulate = true} : (tensor<2x2x3xf32>, tensor<f32>, tensor<3xi64>, tensor<3xi64>) -> tensor<2x2x3xf32>
  return %0 : tensor<2x2x3xf32>
}
// xnn-run: the same located error, exit 1, no output written.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not xnn-run %s --func=oob_put --output-dir %t/out 2>&1 | FileCheck %s --check-prefix=XR
// RUN: not ls %t/out/output_0.npy
// XR: {{.*}}index.mlir:[[# @LINE - 7]]:8: error: 'edge.index_put' op index 3 is out of bounds for dimension 2 with size 3
