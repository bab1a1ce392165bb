// edge.sdpa without a mask, with is_causal or with a float additive mask is
// delegated, decomposed in f32: batch matmul with k transposed, scale, an
// added causal constant (0 / -inf) or the mask, softmax, batch matmul; rounded
// once for f16/bf16. With a mask, rows whose scores are all -inf give zeros
// (ATen's _safe_softmax; XNNPACK's softmax gives NaN) and a NaN score makes
// its row NaN, as in the reference. Delegated against the reference kernel
// (ATen's math semantics) on random inputs: f32 within assert_close's
// tolerances, f16 and bf16 too; the emitted C equals the runtime. A constant
// boolean mask is folded into an additive one (true 0, false -inf); a
// boolean mask computed at run time becomes where(mask, 0, -inf) in q's type,
// as ATen's math path makes it: that where stays portable (with its reason),
// the sdpa is delegated.
// RUN: xnn-opt %s --xnn-delegate --xnn-stats -o %t.mlir 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: FileCheck %s --check-prefix=LOWER --input-file=%t.mlir
// RUN: xnn-run %t.mlir --compare %s --seed 3 | FileCheck %s
// RUN: xnn-run %t.mlir --compare %s --seed 4 --func causal_f16 | FileCheck %s --check-prefix=F16
// RUN: xnn-run %t.mlir --compare %s --seed 5 --func causal_bf16 --atol 0 --rtol 0 | FileCheck %s --check-prefix=BF16
// RUN: xnn-run %t.mlir --compare %s --seed 7 --func masked | FileCheck %s --check-prefix=MASKED
// RUN: xnn-run %t.mlir --compare %s --seed 8 --func masked_rows | FileCheck %s --check-prefix=ROWS
// RUN: xnn-run %t.mlir --seed 8 --func masked_rows | FileCheck %s --check-prefix=ROWVALUES
// RUN: xnn-run %t.mlir --compare %s --seed 9 --func masked_bf16 --atol 0 --rtol 0 | FileCheck %s --check-prefix=MBF16
// RUN: xnn-run %t.mlir --compare %s --seed 10 --func const_bool_mask | FileCheck %s --check-prefix=BOOL
// RUN: xnn-run %t.mlir --seed 10 --func const_bool_mask | FileCheck %s --check-prefix=BOOLVALUES
// RUN: xnn-run %t.mlir --compare %s --seed 11 --func bool_mask | FileCheck %s --check-prefix=RTBOOL
// RUN: xnn-run %t.mlir --compare %s --seed 12 --func bool_mask_bf16 --atol 0 --rtol 0 | FileCheck %s --check-prefix=RTBOOL16
// RUN: xnn-run %t.mlir --compare %s --seed 13 --func compared_mask | FileCheck %s --check-prefix=CMPMASK
// RUN: xnn-translate --xnn-to-c %t.mlir -o %t.c
// RUN: %cc -std=c11 -Wall -Wextra -Werror %t.c %xnnmlir_src/examples/run_delegate.c $(cat %xnnmlir_obj_root/share/xnnmlir/xnnpack.flags) -o %t.bin
// RUN: xnn-run %t.mlir --func xnn_delegate_0 --seed 6 --output-dir %t.io > /dev/null
// RUN: %t.bin %t.io 0 | FileCheck %s --check-prefix=C

// STATS: xnn-stats: delegate segments: 10
// STATS: xnn-stats: portable ops: 4
// STATS: sdpa.mlir:{{[0-9]+}}:8: remark: edge.where stays portable: where selects by an i1 mask
// STATS: xnn-stats:   edge.sdpa: 12 delegated, 0 portable (100.0%)

// LOWER-LABEL: func.func private @xnn_delegate_0
// LOWER: "xnn.batch_matrix_multiply"(%{{.*}}, %{{.*}}) {transpose_b = true} : (tensor<2x3x5x8xf32>, tensor<2x3x7x8xf32>) -> tensor<2x3x5x7xf32>
// LOWER: "xnn.binary"(%{{.*}}, %{{.*}}) {kind = "multiply"}
// LOWER: "xnn.softmax"(%{{.*}}) : (tensor<2x3x5x7xf32>) -> tensor<2x3x5x7xf32>
// LOWER: "xnn.batch_matrix_multiply"(%{{.*}}, %{{.*}}) : (tensor<2x3x5x7xf32>, tensor<2x3x7x4xf32>) -> tensor<2x3x5x4xf32>
// LOWER: "xnn.constant"() {value = dense<{{.*}}0xFF800000{{.*}}> : tensor<1x1x5x7xf32>}
// LOWER: "xnn.binary"(%{{.*}}, %{{.*}}) {kind = "add"} : (tensor<2x3x5x7xf32>, tensor<1x1x5x7xf32>) -> tensor<2x3x5x7xf32>

// CHECK: output 0: f32[2, 3, 5, 4] {{.*}} ok
// CHECK: output 1: f32[2, 3, 5, 4] {{.*}} ok
// CHECK: output 2: f32[2, 3, 5, 4] {{.*}} ok
func.func @forward(%q: tensor<2x3x5x8xf32>, %k: tensor<2x3x7x8xf32>, %v: tensor<2x3x7x4xf32>) -> (tensor<2x3x5x4xf32>, tensor<2x3x5x4xf32>, tensor<2x3x5x4xf32>) {
  %0 = "edge.sdpa"(%q, %k, %v) : (tensor<2x3x5x8xf32>, tensor<2x3x7x8xf32>, tensor<2x3x7x4xf32>) -> tensor<2x3x5x4xf32>
  %1 = "edge.sdpa"(%q, %k, %v) {is_causal = true} : (tensor<2x3x5x8xf32>, tensor<2x3x7x8xf32>, tensor<2x3x7x4xf32>) -> tensor<2x3x5x4xf32>
  %2 = "edge.sdpa"(%q, %k, %v) {scale = 0.7 : f64, is_causal = true} : (tensor<2x3x5x8xf32>, tensor<2x3x7x8xf32>, tensor<2x3x7x4xf32>) -> tensor<2x3x5x4xf32>
  return %0, %1, %2 : tensor<2x3x5x4xf32>, tensor<2x3x5x4xf32>, tensor<2x3x5x4xf32>
}

// F16: output 0: f16[4, 6, 16] {{.*}} ok
func.func @causal_f16(%q: tensor<4x6x16xf16>, %k: tensor<4x6x16xf16>, %v: tensor<4x6x16xf16>) -> tensor<4x6x16xf16> {
  %0 = "edge.sdpa"(%q, %k, %v) {is_causal = true} : (tensor<4x6x16xf16>, tensor<4x6x16xf16>, tensor<4x6x16xf16>) -> tensor<4x6x16xf16>
  return %0 : tensor<4x6x16xf16>
}

// BF16: output 0: bf16[1, 2, 8, 32] max_abs=0 max_rel=0 bitwise=equal
func.func @causal_bf16(%q: tensor<1x2x8x32xbf16>, %k: tensor<1x2x8x32xbf16>, %v: tensor<1x2x8x32xbf16>) -> tensor<1x2x8x32xbf16> {
  %0 = "edge.sdpa"(%q, %k, %v) {is_causal = true} : (tensor<1x2x8x32xbf16>, tensor<1x2x8x32xbf16>, tensor<1x2x8x32xbf16>) -> tensor<1x2x8x32xbf16>
  return %0 : tensor<1x2x8x32xbf16>
}

// MASKED: output 0: f32[1, 4, 8] {{.*}} ok
func.func @masked(%q: tensor<1x4x8xf32>, %k: tensor<1x4x8xf32>, %v: tensor<1x4x8xf32>, %m: tensor<1x4x4xf32>) -> tensor<1x4x8xf32> {
  %0 = "edge.sdpa"(%q, %k, %v, %m) : (tensor<1x4x8xf32>, tensor<1x4x8xf32>, tensor<1x4x8xf32>, tensor<1x4x4xf32>) -> tensor<1x4x8xf32>
  return %0 : tensor<1x4x8xf32>
}

// A [5, 7] mask broadcast over [1, 2, 5, 7] scores. Row 0 all -inf: zeros;
// row 1 keeps one position: v's row 3; row 2 all -FLT_MAX (finite): uniform
// weights, not zeros; row 3 has a NaN: NaN; row 4 mixes -inf and finite.
// ROWS: output 0: f32[1, 2, 5, 3] {{.*}} ok
// ROWVALUES: output 0: f32[1, 2, 5, 3] = [0, 0, 0, {{[-0-9.e]+}}, {{.*}}, nan, nan, nan, {{.*}}, 0, 0, 0, {{.*}}, nan, nan, nan,
func.func @masked_rows(%q: tensor<1x2x5x8xf32>, %k: tensor<1x2x7x8xf32>, %v: tensor<1x2x7x3xf32>) -> tensor<1x2x5x3xf32> {
  %m = "edge.constant"() {value = dense<[
    [0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000, 0xFF800000],
    [0xFF800000, 0xFF800000, 0xFF800000, 0.0, 0xFF800000, 0xFF800000, 0xFF800000],
    [0xFF7FFFFF, 0xFF7FFFFF, 0xFF7FFFFF, 0xFF7FFFFF, 0xFF7FFFFF, 0xFF7FFFFF, 0xFF7FFFFF],
    [0.0, 0.0, 0x7FC00000, 0.0, 0.0, 0.0, 0.0],
    [0.5, 0xFF800000, -2.0, 0xFF800000, 0.0, 0xFF800000, 1.0]]> : tensor<5x7xf32>} : () -> tensor<5x7xf32>
  %0 = "edge.sdpa"(%q, %k, %v, %m) : (tensor<1x2x5x8xf32>, tensor<1x2x7x8xf32>, tensor<1x2x7x3xf32>, tensor<5x7xf32>) -> tensor<1x2x5x3xf32>
  return %0 : tensor<1x2x5x3xf32>
}

// MBF16: output 0: bf16[2, 6, 16] max_abs=0 max_rel=0 bitwise=equal
func.func @masked_bf16(%q: tensor<2x6x16xbf16>, %k: tensor<2x6x16xbf16>, %v: tensor<2x6x16xbf16>, %m: tensor<2x6x6xbf16>) -> tensor<2x6x16xbf16> {
  %0 = "edge.sdpa"(%q, %k, %v, %m) : (tensor<2x6x16xbf16>, tensor<2x6x16xbf16>, tensor<2x6x16xbf16>, tensor<2x6x6xbf16>) -> tensor<2x6x16xbf16>
  return %0 : tensor<2x6x16xbf16>
}

// A boolean mask given at run time: where(mask, 0, -inf) ahead of the
// delegate, the sdpa inside it with that additive mask.
// LOWER-LABEL: func.func @bool_mask
// LOWER: %[[Z:.*]] = "edge.constant"() {value = dense<0.000000e+00> : tensor<f32>}
// LOWER: %[[I:.*]] = "edge.constant"() {value = dense<0xFF800000> : tensor<f32>}
// LOWER: %[[W:.*]] = "edge.where"(%arg3, %[[Z]], %[[I]]) {xnn.portable_reason = {{.*}}} : (tensor<1x4x4xi1>, tensor<f32>, tensor<f32>) -> tensor<1x4x4xf32>
// LOWER: call @xnn_delegate_{{[0-9]+}}(%arg0, %arg1, %arg2, %[[W]])
// RTBOOL: output 0: f32[1, 4, 8] {{.*}} ok
func.func @bool_mask(%q: tensor<1x4x8xf32>, %k: tensor<1x4x8xf32>, %v: tensor<1x4x8xf32>, %m: tensor<1x4x4xi1>) -> tensor<1x4x8xf32> {
  %0 = "edge.sdpa"(%q, %k, %v, %m) : (tensor<1x4x8xf32>, tensor<1x4x8xf32>, tensor<1x4x8xf32>, tensor<1x4x4xi1>) -> tensor<1x4x8xf32>
  return %0 : tensor<1x4x8xf32>
}

// The same in bf16: the additive mask in bf16, results bit-equal.
// LOWER-LABEL: func.func @bool_mask_bf16
// LOWER: "edge.where"(%arg3, %{{.*}}, %{{.*}}) {{.*}} : (tensor<2x1x6x6xi1>, tensor<bf16>, tensor<bf16>) -> tensor<2x1x6x6xbf16>
// RTBOOL16: output 0: bf16[2, 2, 6, 16] {{.*}} bitwise=equal {{.*}} ok
func.func @bool_mask_bf16(%q: tensor<2x2x6x16xbf16>, %k: tensor<2x2x6x16xbf16>, %v: tensor<2x2x6x16xbf16>, %m: tensor<2x1x6x6xi1>) -> tensor<2x2x6x16xbf16> {
  %0 = "edge.sdpa"(%q, %k, %v, %m) : (tensor<2x2x6x16xbf16>, tensor<2x2x6x16xbf16>, tensor<2x2x6x16xbf16>, tensor<2x1x6x6xi1>) -> tensor<2x2x6x16xbf16>
  return %0 : tensor<2x2x6x16xbf16>
}

// A mask compared at run time between delegated projections: the comparison
// and the where stay portable ahead of the attention's delegate.
// LOWER-LABEL: func.func @compared_mask
// LOWER: "edge.gt"
// LOWER: "edge.where"
// LOWER: call @xnn_delegate_{{[0-9]+}}
// LOWER-NOT: "edge.sdpa"
// LOWER: return
// CMPMASK: output 0: f32[1, 2, 4, 8] {{.*}} ok
func.func @compared_mask(%x: tensor<1x2x4x8xf32>, %a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<1x2x4x8xf32> {
  %m = "edge.gt"(%a, %b) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xi1>
  %q = "edge.relu"(%x) : (tensor<1x2x4x8xf32>) -> tensor<1x2x4x8xf32>
  %0 = "edge.sdpa"(%q, %x, %x, %m) : (tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>, tensor<4x4xi1>) -> tensor<1x2x4x8xf32>
  return %0 : tensor<1x2x4x8xf32>
}

// A constant boolean [4, 6] mask (true attends) broadcast over [2, 4, 6]
// scores; row 2 is all false: zeros, as ATen's safe softmax.
// LOWER-LABEL: func.func private @xnn_delegate_9
// LOWER: "xnn.constant"() {value = dense<{{.*}}0xFF800000{{.*}}> : tensor<4x6xf32>}
// BOOL: output 0: f32[2, 4, 3] {{.*}} ok
// BOOLVALUES: output 0: f32[2, 4, 3] = [{{[-0-9.e]+}}, {{[-0-9.e]+}}, {{[-0-9.e]+}}, {{[-0-9.e]+}}, {{[-0-9.e]+}}, {{[-0-9.e]+}}, 0, 0, 0, {{[-0-9.e]+}},
func.func @const_bool_mask(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x3xf32>) -> tensor<2x4x3xf32> {
  %m = "edge.constant"() {value = dense<[
    [true, false, false, false, false, false],
    [true, true, false, true, false, true],
    [false, false, false, false, false, false],
    [true, true, true, true, true, true]]> : tensor<4x6xi1>} : () -> tensor<4x6xi1>
  %0 = "edge.sdpa"(%q, %k, %v, %m) : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x3xf32>, tensor<4x6xi1>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// C: output 0: <f4 480 bytes, bitwise equal, max_abs 0: OK
