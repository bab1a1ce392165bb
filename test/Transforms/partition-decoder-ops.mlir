// The ops a decoder with a KV cache needs (issue 28): sin, cos, ceil and
// floor are delegated (XNNPACK's unary sine, cosine, ceiling and floor; bf16
// sin / cos in f32 and rounded); the bitwise ops, index and index_put stay
// portable, each with a located reason. (Without xnn-move-cache-writes, so
// the write splits the delegate as it would in any other position:
// move-cache-writes.mlir tests the moved form.)
// RUN: xnn-opt %s --xnn-delegate=move-cache-writes=false --xnn-stats -o %t.mlir 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: xnn-opt %t.mlir --xnn-verify -o /dev/null
// The delegated module computes what the reference computes.
// RUN: xnn-run %t.mlir --compare %s --seed 3 | FileCheck %s --check-prefix=CMP
// CMP: output 0: f32[1, 8, 4] {{.*}} ok
// CMP: output 1: f32[1, 8, 4] {{.*}} ok
// CMP: output 2: i1[4, 8] {{.*}} bitwise=equal {{.*}} ok
// CMP: output 3: bf16[2, 4] {{.*}} ok

// CHECK: xnn-stats: delegate segments: 3
// CHECK-NEXT: xnn-stats: delegated ops: 12
// CHECK-NEXT: xnn-stats: portable ops: 7
// CHECK-DAG: xnn-stats: 2 portable because: index gathers by run-time indices: the pinned XNNPACK has no gather node
// CHECK-DAG: xnn-stats: 1 portable because: index_put scatters by run-time indices: the pinned XNNPACK has no scatter node
// CHECK-DAG: xnn-stats: 1 portable because: bitwise_and on i1 / integer tensors: the pinned XNNPACK has no boolean or integer tensors
// CHECK-DAG: xnn-stats: 1 portable because: bitwise_or on i1 / integer tensors: the pinned XNNPACK has no boolean or integer tensors
// CHECK-DAG: xnn-stats: 1 portable because: bitwise_xor on i1 / integer tensors: the pinned XNNPACK has no boolean or integer tensors
// CHECK-DAG: xnn-stats: 1 portable because: bitwise_not on i1 / integer tensors: the pinned XNNPACK has no boolean or integer tensors
// CHECK-DAG: partition-decoder-ops.mlir:57:8: remark: edge.index stays portable
// CHECK-DAG: partition-decoder-ops.mlir:62:10: remark: edge.index_put stays portable
// CHECK-DAG: partition-decoder-ops.mlir:64:9: remark: edge.bitwise_and stays portable
// CHECK-DAG: partition-decoder-ops.mlir:67:9: remark: edge.bitwise_not stays portable
// CHECK-DAG: edge.sin: 2 delegated, 0 portable (100.0%)
// CHECK-DAG: edge.cos: 1 delegated, 0 portable (100.0%)
// CHECK-DAG: edge.ceil: 1 delegated, 0 portable (100.0%)
// CHECK-DAG: edge.floor: 1 delegated, 0 portable (100.0%)

// IR: func.func @forward
// IR-DAG: "edge.index"
// IR-DAG: "edge.index_put"
// IR-DAG: "edge.bitwise_and"
// IR-DAG: "edge.bitwise_or"
// IR-DAG: "edge.bitwise_xor"
// IR-DAG: "edge.bitwise_not"
// IR: func.func private @xnn_delegate_0
// IR-DAG: "xnn.unary"(%{{.*}}) {kind = "cosine"} : (tensor<16x4xf32>) -> tensor<16x4xf32>
// IR-DAG: "xnn.unary"(%{{.*}}) {kind = "sine"} : (tensor<16x4xf32>) -> tensor<16x4xf32>
// IR-DAG: "xnn.unary"(%{{.*}}) {kind = "floor"} : (tensor<2x4xbf16>) -> tensor<2x4xbf16>
// IR-DAG: "xnn.unary"(%{{.*}}) {kind = "ceiling"} : (tensor<2x4xbf16>) -> tensor<2x4xbf16>
// bf16 sine runs in f32 between converts.
// IR-DAG: "xnn.unary"(%{{.*}}) {kind = "sine"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
// DOC: decoder ops: rope tables, a KV cache write, masks
func.func @forward(%pos: tensor<1xi64>, %k: tensor<1x1x4xf32>, %cache: tensor<1x8x4xf32>, %m: tensor<4x8xi1>,
                   %n: tensor<8xi1>, %h: tensor<2x4xbf16>)
    -> (tensor<1x8x4xf32>, tensor<1x8x4xf32>, tensor<4x8xi1>, tensor<2x4xbf16>) {
  %freq = "edge.constant"() {value = dense<[[0.0, 0.5, 1.0, 1.5], [2.0, 2.5, 3.0, 3.5], [4.0, 4.5, 5.0, 5.5], [6.0, 6.5, 7.0, 7.5], [8.0, 8.5, 9.0, 9.5], [10.0, 10.5, 11.0, 11.5], [12.0, 12.5, 13.0, 13.5], [14.0, 14.5, 15.0, 15.5], [16.0, 16.5, 17.0, 17.5], [18.0, 18.5, 19.0, 19.5], [20.0, 20.5, 21.0, 21.5], [22.0, 22.5, 23.0, 23.5], [24.0, 24.5, 25.0, 25.5], [26.0, 26.5, 27.0, 27.5], [28.0, 28.5, 29.0, 29.5], [30.0, 30.5, 31.0, 31.5]]> : tensor<16x4xf32>} : () -> tensor<16x4xf32>
  %a = "edge.tanh"(%freq) : (tensor<16x4xf32>) -> tensor<16x4xf32>
  %cos = "edge.cos"(%a) : (tensor<16x4xf32>) -> tensor<16x4xf32>
  %sin = "edge.sin"(%a) : (tensor<16x4xf32>) -> tensor<16x4xf32>
  %c = "edge.index"(%cos, %pos) {indexed_dims = array<i64: 0>} : (tensor<16x4xf32>, tensor<1xi64>) -> tensor<1x4xf32>
  %s = "edge.index"(%sin, %pos) {indexed_dims = array<i64: 0>} : (tensor<16x4xf32>, tensor<1xi64>) -> tensor<1x4xf32>
  %kc = "edge.mul"(%k, %c) : (tensor<1x1x4xf32>, tensor<1x4xf32>) -> tensor<1x1x4xf32>
  %ks = "edge.mul"(%k, %s) : (tensor<1x1x4xf32>, tensor<1x4xf32>) -> tensor<1x1x4xf32>
  %kr = "edge.add"(%kc, %ks) : (tensor<1x1x4xf32>, tensor<1x1x4xf32>) -> tensor<1x1x4xf32>
  %new = "edge.index_put"(%cache, %kr, %pos) {indexed_dims = array<i64: 1>} : (tensor<1x8x4xf32>, tensor<1x1x4xf32>, tensor<1xi64>) -> tensor<1x8x4xf32>
  %att = "edge.relu"(%new) : (tensor<1x8x4xf32>) -> tensor<1x8x4xf32>
  %m1 = "edge.bitwise_and"(%m, %n) : (tensor<4x8xi1>, tensor<8xi1>) -> tensor<4x8xi1>
  %m2 = "edge.bitwise_or"(%m1, %n) : (tensor<4x8xi1>, tensor<8xi1>) -> tensor<4x8xi1>
  %m3 = "edge.bitwise_xor"(%m2, %m) : (tensor<4x8xi1>, tensor<4x8xi1>) -> tensor<4x8xi1>
  %m4 = "edge.bitwise_not"(%m3) : (tensor<4x8xi1>) -> tensor<4x8xi1>
  %f = "edge.floor"(%h) : (tensor<2x4xbf16>) -> tensor<2x4xbf16>
  %g = "edge.ceil"(%f) : (tensor<2x4xbf16>) -> tensor<2x4xbf16>
  %t = "edge.sin"(%g) : (tensor<2x4xbf16>) -> tensor<2x4xbf16>
  return %new, %att, %m4, %t : tensor<1x8x4xf32>, tensor<1x8x4xf32>, tensor<4x8xi1>, tensor<2x4xbf16>
}
