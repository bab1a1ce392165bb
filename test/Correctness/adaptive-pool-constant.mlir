// adaptive_avg_pool2d of a constant (tagged NHWC, still of its logical type
// when the lowering rechecks the capability): the check reads H and W from the
// logical shape, so the same-size pool (a copy) is delegated, not refused
// with the axes swapped (fuzz seed 258: "from 1x3 to 3x1").
// RUN: xnn-opt %s --xnn-delegate --xnn-stats -o %t.mlir 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: xnn-run %t.mlir --compare %s --atol 0 --rtol 0 | FileCheck %s
// STATS: xnn-stats: portable ops: 0
// CHECK: output 0: bf16[4, 1, 3, 1] max_abs=0 max_rel=0 bitwise=equal
func.func @forward(%x: tensor<4x1x3x1xbf16>) -> tensor<4x1x3x1xbf16> {
  %c = "edge.constant"() {value = dense<"0xF8BE903E983E20BED03E603EE03DA8BE80BD40BEC83ED03E"> : tensor<4x1x3x1xbf16>} : () -> tensor<4x1x3x1xbf16>
  %p = "edge.adaptive_avg_pool2d"(%c) {output_size = array<i64: 3, 1>} : (tensor<4x1x3x1xbf16>) -> tensor<4x1x3x1xbf16>
  %r = "edge.add"(%p, %x) : (tensor<4x1x3x1xbf16>, tensor<4x1x3x1xbf16>) -> tensor<4x1x3x1xbf16>
  return %r : tensor<4x1x3x1xbf16>
}
