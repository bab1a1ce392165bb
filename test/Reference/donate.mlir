// Inputs handed over to the interpreter (xnnMlirReferenceRunDonating, what
// xnn-run --steps does with the state): an edge.index_put that is the last use
// of a donated buffer writes into it (a KV-cache write touches its rows, not the
// whole cache), a donated input returned as it is is moved, and nothing else
// changes: the values are those of the run that copies.

// The cache is read (sum), then written at row 2: in place, after the read.
// RUN: xnn-ref-test %s --func=write_after_read --input='1,2,3,4,5,6,7,8;10,20;2' --donate=0 | FileCheck %s --check-prefix=WAR
// WAR: result #0: tensor<2xf32> = [16, 20]
// WAR-NEXT: result #1: tensor<4x2xf32> = [1, 2, 3, 4, 10, 20, 7, 8]
// WAR-NEXT: result #1 in the buffer of input #0
// WAR-NOT: buffer
// Not donated: the same values, from a copy.
// RUN: xnn-ref-test %s --func=write_after_read --input='1,2,3,4,5,6,7,8;10,20;2' | FileCheck %s --check-prefix=COPY
// COPY: result #0: tensor<2xf32> = [16, 20]
// COPY-NEXT: result #1: tensor<4x2xf32> = [1, 2, 3, 4, 10, 20, 7, 8]
// COPY-NOT: buffer
func.func @write_after_read(%cache: tensor<4x2xf32>, %v: tensor<1x2xf32>, %pos: tensor<1xi64>) -> (tensor<2xf32>, tensor<4x2xf32>) {
  %s = "edge.sum"(%cache) {dims = array<i64: 0>, keepdim = false} : (tensor<4x2xf32>) -> tensor<2xf32>
  %w = "edge.index_put"(%cache, %v, %pos) {indexed_dims = array<i64: 0>} : (tensor<4x2xf32>, tensor<1x2xf32>, tensor<1xi64>) -> tensor<4x2xf32>
  return %s, %w : tensor<2xf32>, tensor<4x2xf32>
}

// The cache is read after the write as well: the write must not touch it (copy).
// RUN: xnn-ref-test %s --func=read_after_write --input='1,2,3,4,5,6,7,8;10,20;-1' --donate=0 | FileCheck %s --check-prefix=RAW
// RAW: result #0: tensor<4x2xf32> = [1, 2, 3, 4, 5, 6, 10, 20]
// RAW-NEXT: result #1: tensor<2xf32> = [16, 20]
// RAW-NOT: buffer
func.func @read_after_write(%cache: tensor<4x2xf32>, %v: tensor<1x2xf32>, %pos: tensor<1xi64>) -> (tensor<4x2xf32>, tensor<2xf32>) {
  %w = "edge.index_put"(%cache, %v, %pos) {indexed_dims = array<i64: 0>} : (tensor<4x2xf32>, tensor<1x2xf32>, tensor<1xi64>) -> tensor<4x2xf32>
  %s = "edge.sum"(%cache) {dims = array<i64: 0>, keepdim = false} : (tensor<4x2xf32>) -> tensor<2xf32>
  return %w, %s : tensor<4x2xf32>, tensor<2xf32>
}

// The written buffer is also the values (x[i] = x): not in place; a donated
// input returned as it is moves into the result (input #1 here).
// RUN: xnn-ref-test %s --func=self_and_pass --input='7;0;4,5' --donate=0,2 | FileCheck %s --check-prefix=SELF
// SELF: result #0: tensor<1xf32> = [7]
// SELF-NEXT: result #1: tensor<2xf32> = [4, 5]
// SELF-NEXT: result #1 in the buffer of input #2
// SELF-NOT: buffer
func.func @self_and_pass(%x: tensor<1xf32>, %i: tensor<1xi64>, %p: tensor<2xf32>) -> (tensor<1xf32>, tensor<2xf32>) {
  %w = "edge.index_put"(%x, %x, %i) {indexed_dims = array<i64: 0>} : (tensor<1xf32>, tensor<1xf32>, tensor<1xi64>) -> tensor<1xf32>
  return %w, %p : tensor<1xf32>, tensor<2xf32>
}

// A failing run consumes donated inputs too (no leak under the sanitizers):
// the position 4 is outside the cache's 4 rows.
// RUN: not xnn-ref-test %s --func=write_after_read --input='1,2,3,4,5,6,7,8;10,20;4' --donate=0,1 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: {{.*}}index 4 is out of bounds
// Bad flags.
// RUN: not xnn-ref-test %s --donate=x 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not xnn-ref-test %s --donate=1, 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: error: bad --donate (input indices separated by ',')
