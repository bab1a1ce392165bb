// xnn-fold-constant-converts: dtype converts of constants evaluated at compile
// time (bit-exact RNE), chains, shared constants, splat / dense /
// dense_resource payloads, int <-> float, layout-changing converts, and
// cancellation of lossless bf16/f16 -> f32 round trips on activations.
// Input constants are written as f32 bit patterns (hex); the expected value
// of every folded element is noted with its bit pattern.
// RUN: xnn-opt %s --xnn-fold-constant-converts | FileCheck %s
// RUN: xnn-opt %s --pass-pipeline='builtin.module(func.func(xnn-fold-constant-converts))' | FileCheck %s
// Folding twice changes nothing more.
// RUN: xnn-opt %s --xnn-fold-constant-converts | xnn-opt --xnn-fold-constant-converts | FileCheck %s

// f32 -> bf16: 1.0 -> 3F80; 3F808000 (tie, even below) -> 3F80; 3F818000
// (tie, odd below) -> 3F82 = 1.015625; 3F808001 -> 3F81 = 1.0078125; BF818000
// -> BF82 (negative tie); 7F7F7FFF -> 7F7F (max finite 3.38953e38); 7F7F8000
// (overflow tie) -> 7F80 (Inf); 00010000 -> 0001 (smallest subnormal
// 9.18355e-41); 00008000 (tie) -> 0000; -0.0 -> 8000; NaNs: 7FC00001 -> 7FC0,
// 7F800001 (would truncate to Inf) -> 7FC0, FFA00000 -> FFE0 (quiet, sign and
// top payload kept), 7FFFFFFF -> 7FFF, 7FD20000 -> 7FD2.
// CHECK-LABEL: func.func @bf16_rounding
// CHECK-NEXT: %[[C:.*]] = "edge.constant"() {value = dense<[1.000000e+00, 1.000000e+00, 1.015630e+00, 1.007810e+00, -1.015630e+00, 3.389530e+38, 0x7F80, 9.183550e-41, 0.000000e+00, -0.000000e+00, 0x7FC0, 0x7FC0, 0xFFE0, 0x7FFF, 0x7FD2]> : tensor<15xbf16>} : () -> tensor<15xbf16>
// CHECK-NEXT: return %[[C]]
func.func @bf16_rounding() -> tensor<15xbf16> {
  %0 = "edge.constant"() {value = dense<[0x3F800000, 0x3F808000, 0x3F818000, 0x3F808001, 0xBF818000, 0x7F7F7FFF, 0x7F7F8000, 0x00010000, 0x00008000, 0x80000000, 0x7FC00001, 0x7F800001, 0xFFA00000, 0x7FFFFFFF, 0x7FD20000]> : tensor<15xf32>} : () -> tensor<15xf32>
  %1 = "edge.to_copy"(%0) {dtype = bf16} : (tensor<15xf32>) -> tensor<15xbf16>
  return %1 : tensor<15xbf16>
}

// f32 -> f16: 1.0 -> 3C00; 3F801000 (tie, even below) -> 3C00; 3F803000
// (tie, odd below) -> 3C02 = 1.00195; 477FE000 (65504, max finite) -> 7BFF;
// 477FEFFF -> 7BFF; 477FF000 (65520) -> 7C00 (Inf); 33800000 (2^-24) -> 0001
// (smallest subnormal 5.96046e-08); 33000000 (2^-25, tie) -> 0000; 33000001
// -> 0001; 33C00000 (tie) -> 0002; 387FE000 (tie below the smallest normal)
// -> 0400 = 6.10352e-05; -0.0 -> 8000; NaNs: 7FC00001 -> 7E00, 7F800001 ->
// 7E00, FFA00000 -> FF00, 7FD20000 -> 7E90.
// CHECK-LABEL: func.func @f16_rounding
// CHECK-NEXT: %[[C:.*]] = "edge.constant"() {value = dense<[1.000000e+00, 1.000000e+00, 1.001950e+00, 6.550400e+04, 6.550400e+04, 0x7C00, 5.960460e-08, 0.000000e+00, 5.960460e-08, 1.192090e-07, 6.103520e-05, -0.000000e+00, 0x7E00, 0x7E00, 0xFF00, 0x7E90]> : tensor<16xf16>} : () -> tensor<16xf16>
// CHECK-NEXT: return %[[C]]
func.func @f16_rounding() -> tensor<16xf16> {
  %0 = "edge.constant"() {value = dense<[0x3F800000, 0x3F801000, 0x3F803000, 0x477FE000, 0x477FEFFF, 0x477FF000, 0x33800000, 0x33000000, 0x33000001, 0x33C00000, 0x387FE000, 0x80000000, 0x7FC00001, 0x7F800001, 0xFFA00000, 0x7FD20000]> : tensor<16xf32>} : () -> tensor<16xf32>
  %1 = "edge.to_copy"(%0) {dtype = f16} : (tensor<16xf32>) -> tensor<16xf16>
  return %1 : tensor<16xf16>
}

// DOC: a chain of constant converts
// Chain f32 const -> f16 -> f32 -> bf16 folds step by step (double rounding
// is the program's semantics): 3F809000 -> f16 3C04 (tie to even) -> f32
// 3F808000 -> bf16 3F80 = 1.0, while the direct f32 -> bf16 gives 3F81. The
// intermediate constants and the original are erased.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[D:.*]] = "edge.constant"() {value = dense<[1.007810e+00, 1.015630e+00]> : tensor<2xbf16>}
// CHECK-NEXT: %[[C:.*]] = "edge.constant"() {value = dense<[1.000000e+00, 1.015630e+00]> : tensor<2xbf16>}
// CHECK-NEXT: return %[[C]], %[[D]]
func.func @chain() -> (tensor<2xbf16>, tensor<2xbf16>) {
  %0 = "edge.constant"() {value = dense<[0x3F809000, 0x3F818000]> : tensor<2xf32>} : () -> tensor<2xf32>
  %1 = "edge.to_copy"(%0) {dtype = f16} : (tensor<2xf32>) -> tensor<2xf16>
  %2 = "edge.to_dim_order_copy"(%1) {dtype = f32} : (tensor<2xf16>) -> tensor<2xf32>
  %3 = "edge.to_copy"(%2) {dtype = bf16} : (tensor<2xf32>) -> tensor<2xbf16>
  %4 = "edge.to_copy"(%0) {dtype = bf16} : (tensor<2xf32>) -> tensor<2xbf16>
  return %3, %4 : tensor<2xbf16>, tensor<2xbf16>
}
// DOC-END

// DOC: a constant shared by several converts
// Shared constant: two converts to f16 share one new constant, bf16 gets its
// own; the original stays for its other user. Other attributes are kept.
// CHECK-LABEL: func.func @shared
// CHECK-NEXT: %[[P:.*]] = "edge.constant"() {{.*}} : tensor<3x3xf32>, xnn.name = "p"}
// CHECK-NEXT: %[[H:.*]] = "edge.constant"() {value = dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00], [7.000000e+00, 8.000000e+00, 9.000000e+00]]> : tensor<3x3xf16>, xnn.name = "p"}
// CHECK-NEXT: %[[B:.*]] = "edge.constant"() {{.*}} : tensor<3x3xbf16>, xnn.name = "p"}
// CHECK-NEXT: %[[A:.*]] = "edge.add"(%{{.*}}, %[[P]])
// CHECK-NEXT: return %[[H]], %[[H]], %[[B]], %[[A]]
func.func @shared(%x: tensor<3x3xf32>) -> (tensor<3x3xf16>, tensor<3x3xf16>, tensor<3x3xbf16>, tensor<3x3xf32>) {
  %p = "edge.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]> : tensor<3x3xf32>, xnn.name = "p"} : () -> tensor<3x3xf32>
  %0 = "edge.to_copy"(%p) {dtype = f16} : (tensor<3x3xf32>) -> tensor<3x3xf16>
  %1 = "edge.to_dim_order_copy"(%p) {dim_order = array<i64: 0, 1>, dtype = f16} : (tensor<3x3xf32>) -> tensor<3x3xf16>
  %2 = "edge.to_copy"(%p) {dtype = bf16} : (tensor<3x3xf32>) -> tensor<3x3xbf16>
  %3 = "edge.add"(%x, %p) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0, %1, %2, %3 : tensor<3x3xf16>, tensor<3x3xf16>, tensor<3x3xbf16>, tensor<3x3xf32>
}
// DOC-END

// test_to_copy.py (PR): Parameter(3,3).to(fp16) then x + p. ExecuTorch keeps
// the convert portable; here it folds into an f16 constant.
// CHECK-LABEL: func.func @parameter_to_fp16
// CHECK-NEXT: %[[P:.*]] = "edge.constant"() {value = dense<1.500000e+00> : tensor<3x3xf16>}
// CHECK-NEXT: "edge.add"(%{{.*}}, %[[P]])
func.func @parameter_to_fp16(%x: tensor<3x3xf16>) -> tensor<3x3xf16> {
  %p = "edge.constant"() {value = dense<1.5> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %0 = "edge.to_dim_order_copy"(%p) {dim_order = array<i64: 0, 1>, dtype = f16} : (tensor<3x3xf32>) -> tensor<3x3xf16>
  %1 = "edge.add"(%x, %0) : (tensor<3x3xf16>, tensor<3x3xf16>) -> tensor<3x3xf16>
  return %1 : tensor<3x3xf16>
}

// A convert that also changes the layout: new constant plus a dtype-preserving
// copy of the same kind with the layout attribute (and other attributes). A
// contiguous convert of an NCHW constant needs no copy.
// CHECK-LABEL: func.func @layout_change
// CHECK-NEXT: %[[H:.*]] = "edge.constant"() {value = dense<{{.*}}> : tensor<1x2x1x2xf16>}
// CHECK-NEXT: %[[B:.*]] = "edge.constant"() {value = dense<{{.*}}> : tensor<1x2x1x2xbf16>}
// CHECK-NEXT: %[[HL:.*]] = "edge.to_copy"(%[[H]]) {memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x2x1x2xf16>) -> tensor<1x2x1x2xf16>
// CHECK-NEXT: %[[BL:.*]] = "edge.to_dim_order_copy"(%[[B]]) {dim_order = array<i64: 0, 2, 3, 1>} : (tensor<1x2x1x2xbf16>) -> tensor<1x2x1x2xbf16>
// CHECK-NEXT: return %[[HL]], %[[BL]], %[[B]]
func.func @layout_change() -> (tensor<1x2x1x2xf16>, tensor<1x2x1x2xbf16>, tensor<1x2x1x2xbf16>) {
  %w = "edge.constant"() {value = dense<[[[[1.0, 2.0]], [[3.0, 4.0]]]]> : tensor<1x2x1x2xf32>} : () -> tensor<1x2x1x2xf32>
  %0 = "edge.to_copy"(%w) {dtype = f16, memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x2x1x2xf32>) -> tensor<1x2x1x2xf16>
  %1 = "edge.to_dim_order_copy"(%w) {dim_order = array<i64: 0, 2, 3, 1>, dtype = bf16} : (tensor<1x2x1x2xf32>) -> tensor<1x2x1x2xbf16>
  %2 = "edge.to_copy"(%w) {dtype = bf16, memory_format = "contiguous"} : (tensor<1x2x1x2xf32>) -> tensor<1x2x1x2xbf16>
  return %0, %1, %2 : tensor<1x2x1x2xf16>, tensor<1x2x1x2xbf16>, tensor<1x2x1x2xbf16>
}

// Splat payloads stay splats: 1.5, a NaN (7FC00001 -> f16 7E00), i1 -> f32,
// bf16 -0.0 -> i1 false.
// CHECK-LABEL: func.func @splats
// CHECK-NEXT: "edge.constant"() {value = dense<1.500000e+00> : tensor<2x3xbf16>}
// CHECK-NEXT: "edge.constant"() {value = dense<0x7E00> : tensor<2x3xf16>}
// CHECK-NEXT: "edge.constant"() {value = dense<1.000000e+00> : tensor<4xf32>}
// CHECK-NEXT: "edge.constant"() {value = dense<false> : tensor<4xi1>}
// CHECK-NEXT: return
func.func @splats() -> (tensor<2x3xbf16>, tensor<2x3xf16>, tensor<4xf32>, tensor<4xi1>) {
  %0 = "edge.constant"() {value = dense<1.5> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %1 = "edge.to_copy"(%0) {dtype = bf16} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
  %2 = "edge.constant"() {value = dense<0x7FC00001> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %3 = "edge.to_copy"(%2) {dtype = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
  %4 = "edge.constant"() {value = dense<true> : tensor<4xi1>} : () -> tensor<4xi1>
  %5 = "edge.to_copy"(%4) {dtype = f32} : (tensor<4xi1>) -> tensor<4xf32>
  %6 = "edge.constant"() {value = dense<-0.0> : tensor<4xbf16>} : () -> tensor<4xbf16>
  %7 = "edge.to_copy"(%6) {dtype = i1} : (tensor<4xbf16>) -> tensor<4xi1>
  return %1, %3, %5, %7 : tensor<2x3xbf16>, tensor<2x3xf16>, tensor<4xf32>, tensor<4xi1>
}

// dense_resource payloads (blob = 4 alignment bytes, then little-endian data):
// f32 [3F808001, 7FC00000] -> bf16 [3F81, 7FC0]; bf16 [3F81, FF80] -> f32
// [1.0078125, -Inf]; f16 [3C00, 0001, 7800] -> f32 [1, 2^-24, 32768]; i64
// [16777217, 0xF000000000000005] -> f32 [4B800000 (RNE), -1.1529215e18]. An
// elided payload stays elided in the new type (the structure of the model
// with data); a blob of the wrong size and a missing blob are left alone.
// Converted blobs stay blobs (new keys; their bytes are checked at the end).
// CHECK-LABEL: func.func @resources
// CHECK-NEXT: %[[A:.*]] = "edge.constant"() {value = dense_resource<[[RA:xnn_weight[_0-9]*]]> : tensor<2xbf16>}
// CHECK-NEXT: %[[B:.*]] = "edge.constant"() {value = dense_resource<[[RB:xnn_weight[_0-9]*]]> : tensor<2xf32>}
// CHECK-NEXT: %[[C:.*]] = "edge.constant"() {value = dense_resource<[[RC:xnn_weight[_0-9]*]]> : tensor<3xf32>}
// CHECK-NEXT: %[[EC:.*]] = "edge.constant"() {value = dense_resource<__elided__> : tensor<2xf32>}
// CHECK-NEXT: %[[S:.*]] = "edge.constant"() {value = dense_resource<w_short> : tensor<2xf32>}
// CHECK-NEXT: %[[SC:.*]] = "edge.to_copy"(%[[S]]) {dtype = f16}
// CHECK-NEXT: %[[I:.*]] = "edge.constant"() {value = dense_resource<[[RI:xnn_weight[_0-9]*]]> : tensor<2xf32>}
// CHECK-NEXT: %[[M:.*]] = "edge.constant"() {value = dense_resource<w_missing> : tensor<2xbf16>}
// CHECK-NEXT: %[[MC:.*]] = "edge.to_copy"(%[[M]]) {dtype = f32}
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[EC]], %[[SC]], %[[I]], %[[MC]]
func.func @resources() -> (tensor<2xbf16>, tensor<2xf32>, tensor<3xf32>, tensor<2xf32>, tensor<2xf16>, tensor<2xf32>, tensor<2xf32>) {
  %0 = "edge.constant"() {value = dense_resource<w_f32> : tensor<2xf32>} : () -> tensor<2xf32>
  %1 = "edge.to_copy"(%0) {dtype = bf16} : (tensor<2xf32>) -> tensor<2xbf16>
  %2 = "edge.constant"() {value = dense_resource<w_bf16> : tensor<2xbf16>} : () -> tensor<2xbf16>
  %3 = "edge.to_copy"(%2) {dtype = f32} : (tensor<2xbf16>) -> tensor<2xf32>
  %4 = "edge.constant"() {value = dense_resource<w_f16> : tensor<3xf16>} : () -> tensor<3xf16>
  %5 = "edge.to_copy"(%4) {dtype = f32} : (tensor<3xf16>) -> tensor<3xf32>
  %6 = "edge.constant"() {value = dense_resource<__elided__> : tensor<2xbf16>} : () -> tensor<2xbf16>
  %7 = "edge.to_copy"(%6) {dtype = f32} : (tensor<2xbf16>) -> tensor<2xf32>
  %8 = "edge.constant"() {value = dense_resource<w_short> : tensor<2xf32>} : () -> tensor<2xf32>
  %9 = "edge.to_copy"(%8) {dtype = f16} : (tensor<2xf32>) -> tensor<2xf16>
  %10 = "edge.constant"() {value = dense_resource<w_i64> : tensor<2xi64>} : () -> tensor<2xi64>
  %11 = "edge.to_copy"(%10) {dtype = f32} : (tensor<2xi64>) -> tensor<2xf32>
  %12 = "edge.constant"() {value = dense_resource<w_missing> : tensor<2xbf16>} : () -> tensor<2xbf16>
  %13 = "edge.to_copy"(%12) {dtype = f32} : (tensor<2xbf16>) -> tensor<2xf32>
  return %1, %3, %5, %7, %9, %11, %13 : tensor<2xbf16>, tensor<2xf32>, tensor<3xf32>, tensor<2xf32>, tensor<2xf16>, tensor<2xf32>, tensor<2xf32>
}

// Integer conversions (PyTorch semantics): i64 -> f32 RNE (16777217 ->
// 16777216 = 4B800000); i64 -> bf16 through f32; f32 -> i64 truncates toward
// zero, NaN and out-of-range give INT64_MIN; f32 -> i1 is != 0 (NaN true);
// i32 -> i64 sign-extends; i64 -> i32 wraps; i1 -> f16; f32 -> f16 -> i32
// (65520 -> Inf -> INT32_MIN, -3.9 -> -3.90039 -> -3, 0.5 -> 0).
// CHECK-LABEL: func.func @ints
// CHECK-NEXT: "edge.constant"() {value = dense<[0x4B800000, -3.000000e+00]> : tensor<2xf32>}
// CHECK-NEXT: "edge.constant"() {value = dense<[1.677720e+07, -3.000000e+00]> : tensor<2xbf16>}
// CHECK-NEXT: "edge.constant"() {value = dense<[2, -2, -9223372036854775808, -9223372036854775808, 0]> : tensor<5xi64>}
// CHECK-NEXT: "edge.constant"() {value = dense<[false, true, true]> : tensor<3xi1>}
// CHECK-NEXT: "edge.constant"() {value = dense<[-7, 2147483647]> : tensor<2xi64>}
// CHECK-NEXT: "edge.constant"() {value = dense<[1, -1]> : tensor<2xi32>}
// CHECK-NEXT: "edge.constant"() {value = dense<[1.000000e+00, 0.000000e+00]> : tensor<2xf16>}
// CHECK-NEXT: "edge.constant"() {value = dense<[-2147483648, -3, 0]> : tensor<3xi32>}
// CHECK-NEXT: return
func.func @ints() -> (tensor<2xf32>, tensor<2xbf16>, tensor<5xi64>, tensor<3xi1>, tensor<2xi64>, tensor<2xi32>, tensor<2xf16>, tensor<3xi32>) {
  %0 = "edge.constant"() {value = dense<[16777217, -3]> : tensor<2xi64>} : () -> tensor<2xi64>
  %1 = "edge.to_copy"(%0) {dtype = f32} : (tensor<2xi64>) -> tensor<2xf32>
  %2 = "edge.to_copy"(%0) {dtype = bf16} : (tensor<2xi64>) -> tensor<2xbf16>
  %3 = "edge.constant"() {value = dense<[2.5, -2.5, 0x7FC00000, 1.0e30, -0.75]> : tensor<5xf32>} : () -> tensor<5xf32>
  %4 = "edge.to_copy"(%3) {dtype = i64} : (tensor<5xf32>) -> tensor<5xi64>
  %5 = "edge.constant"() {value = dense<[0.0, 0x7FC00000, -0.5]> : tensor<3xf32>} : () -> tensor<3xf32>
  %6 = "edge.to_copy"(%5) {dtype = i1} : (tensor<3xf32>) -> tensor<3xi1>
  %7 = "edge.constant"() {value = dense<[-7, 2147483647]> : tensor<2xi32>} : () -> tensor<2xi32>
  %8 = "edge.to_copy"(%7) {dtype = i64} : (tensor<2xi32>) -> tensor<2xi64>
  %9 = "edge.constant"() {value = dense<[4294967297, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %10 = "edge.to_copy"(%9) {dtype = i32} : (tensor<2xi64>) -> tensor<2xi32>
  %11 = "edge.constant"() {value = dense<[true, false]> : tensor<2xi1>} : () -> tensor<2xi1>
  %12 = "edge.to_copy"(%11) {dtype = f16} : (tensor<2xi1>) -> tensor<2xf16>
  %13 = "edge.constant"() {value = dense<[0x477FF000, -3.9, 0x3F000000]> : tensor<3xf32>} : () -> tensor<3xf32>
  %14 = "edge.to_copy"(%13) {dtype = f16} : (tensor<3xf32>) -> tensor<3xf16>
  %15 = "edge.to_copy"(%14) {dtype = i32} : (tensor<3xf16>) -> tensor<3xi32>
  return %1, %2, %4, %6, %8, %10, %12, %15 : tensor<2xf32>, tensor<2xbf16>, tensor<5xi64>, tensor<3xi1>, tensor<2xi64>, tensor<2xi32>, tensor<2xf16>, tensor<3xi32>
}

// f16 <-> bf16 through f32: f16 3C03 -> 3F80 (RNE down); 0001 (2^-24) -> 3380
// exact; NaN 7D01 -> 7FE0 (payload kept, quiet). bf16 7F7F -> f16 Inf; 3F81
// -> 3C08 exact; 0001 -> 0000 (underflow).
// CHECK-LABEL: func.func @f16_bf16
// CHECK-NEXT: "edge.constant"() {value = dense<[1.000000e+00, 5.960460e-08, 0x7FE0]> : tensor<3xbf16>}
// CHECK-NEXT: "edge.constant"() {value = dense<[0x7C00, 1.007810e+00, 0.000000e+00]> : tensor<3xf16>}
// CHECK-NEXT: return
func.func @f16_bf16() -> (tensor<3xbf16>, tensor<3xf16>) {
  %0 = "edge.constant"() {value = dense<[0x3C03, 0x0001, 0x7D01]> : tensor<3xf16>} : () -> tensor<3xf16>
  %1 = "edge.to_copy"(%0) {dtype = bf16} : (tensor<3xf16>) -> tensor<3xbf16>
  %2 = "edge.constant"() {value = dense<[0x7F7F, 0x3F81, 0x0001]> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %3 = "edge.to_copy"(%2) {dtype = f16} : (tensor<3xbf16>) -> tensor<3xf16>
  return %1, %3 : tensor<3xbf16>, tensor<3xf16>
}

// DOC: lossless round trips on activations
// Round trips on activations: bf16 -> f32 -> bf16 and f16 -> f32 -> f16
// cancel (also as to_dim_order_copy). Never: f32 -> bf16 -> f32, f32 -> f16 ->
// f32 (lossy), f16 -> bf16 -> f16, an intermediate with another user, a trip
// to another type, a first copy that changes the layout.
// CHECK-LABEL: func.func @round_trips
// CHECK-SAME: (%[[B:[^:]*]]: tensor<2x3xbf16>, %[[H:[^:]*]]: tensor<2x3xf16>, %[[A:[^:]*]]: tensor<2x3xf32>, %[[C:[^:]*]]: tensor<1x2x2x2xbf16>)
// CHECK-NEXT: %[[R0:.*]] = "edge.to_copy"(%[[A]]) {dtype = bf16}
// CHECK-NEXT: %[[R1:.*]] = "edge.to_copy"(%[[R0]]) {dtype = f32}
// CHECK-NEXT: %[[R2:.*]] = "edge.to_copy"(%[[A]]) {dtype = f16}
// CHECK-NEXT: %[[R3:.*]] = "edge.to_copy"(%[[R2]]) {dtype = f32}
// CHECK-NEXT: %[[R4:.*]] = "edge.to_copy"(%[[H]]) {dtype = bf16}
// CHECK-NEXT: %[[R5:.*]] = "edge.to_copy"(%[[R4]]) {dtype = f16}
// CHECK-NEXT: %[[R6:.*]] = "edge.to_copy"(%[[B]]) {dtype = f32}
// CHECK-NEXT: %[[R7:.*]] = "edge.to_copy"(%[[R6]]) {dtype = bf16}
// CHECK-NEXT: %[[R8:.*]] = "edge.to_copy"(%[[B]]) {dtype = f32}
// CHECK-NEXT: %[[R9:.*]] = "edge.to_copy"(%[[R8]]) {dtype = f16}
// CHECK-NEXT: %[[R10:.*]] = "edge.to_copy"(%[[C]]) {dtype = f32, memory_format = "channels_last"}
// CHECK-NEXT: %[[R11:.*]] = "edge.to_copy"(%[[R10]]) {dtype = bf16}
// CHECK-NEXT: return %[[B]], %[[H]], %[[R1]], %[[R3]], %[[R5]], %[[R7]], %[[R6]], %[[R9]], %[[R11]], %[[R4]]
func.func @round_trips(%b: tensor<2x3xbf16>, %h: tensor<2x3xf16>, %a: tensor<2x3xf32>, %c: tensor<1x2x2x2xbf16>) -> (tensor<2x3xbf16>, tensor<2x3xf16>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf16>, tensor<2x3xbf16>, tensor<2x3xf32>, tensor<2x3xf16>, tensor<1x2x2x2xbf16>, tensor<2x3xbf16>) {
  %0 = "edge.to_copy"(%b) {dtype = f32} : (tensor<2x3xbf16>) -> tensor<2x3xf32>
  %1 = "edge.to_copy"(%0) {dtype = bf16} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
  %2 = "edge.to_dim_order_copy"(%h) {dim_order = array<i64: 0, 1>, dtype = f32} : (tensor<2x3xf16>) -> tensor<2x3xf32>
  %3 = "edge.to_dim_order_copy"(%2) {dim_order = array<i64: 0, 1>, dtype = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
  %4 = "edge.to_copy"(%a) {dtype = bf16} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
  %5 = "edge.to_copy"(%4) {dtype = f32} : (tensor<2x3xbf16>) -> tensor<2x3xf32>
  %6 = "edge.to_copy"(%a) {dtype = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
  %7 = "edge.to_copy"(%6) {dtype = f32} : (tensor<2x3xf16>) -> tensor<2x3xf32>
  %8 = "edge.to_copy"(%h) {dtype = bf16} : (tensor<2x3xf16>) -> tensor<2x3xbf16>
  %9 = "edge.to_copy"(%8) {dtype = f16} : (tensor<2x3xbf16>) -> tensor<2x3xf16>
  %10 = "edge.to_copy"(%b) {dtype = f32} : (tensor<2x3xbf16>) -> tensor<2x3xf32>
  %11 = "edge.to_copy"(%10) {dtype = bf16} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
  %12 = "edge.to_copy"(%b) {dtype = f32} : (tensor<2x3xbf16>) -> tensor<2x3xf32>
  %13 = "edge.to_copy"(%12) {dtype = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
  %14 = "edge.to_copy"(%c) {dtype = f32, memory_format = "channels_last"} : (tensor<1x2x2x2xbf16>) -> tensor<1x2x2x2xf32>
  %15 = "edge.to_copy"(%14) {dtype = bf16} : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xbf16>
  return %1, %3, %5, %7, %9, %11, %10, %13, %15, %8 : tensor<2x3xbf16>, tensor<2x3xf16>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf16>, tensor<2x3xbf16>, tensor<2x3xf32>, tensor<2x3xf16>, tensor<1x2x2x2xbf16>, tensor<2x3xbf16>
}
// DOC-END

// DOC: a copy that changes no dtype
// Copies that change no dtype (memory format only) are not this pass's job.
// CHECK-LABEL: func.func @no_dtype_change
// CHECK-NEXT: %[[K:.*]] = "edge.constant"()
// CHECK-NEXT: %[[L:.*]] = "edge.to_copy"(%[[K]]) {memory_format = "channels_last"}
// CHECK-NEXT: return %[[L]]
func.func @no_dtype_change() -> tensor<1x2x1x2xf32> {
  %w = "edge.constant"() {value = dense<2.0> : tensor<1x2x1x2xf32>} : () -> tensor<1x2x1x2xf32>
  %0 = "edge.to_copy"(%w) {memory_format = "channels_last"} : (tensor<1x2x1x2xf32>) -> tensor<1x2x1x2xf32>
  return %0 : tensor<1x2x1x2xf32>
}
// DOC-END

{-#
  dialect_resources: {
    builtin: {
      w_f32: "0x040000000180803F0000C07F",
      w_bf16: "0x02000000813F80FF",
      w_f16: "0x02000000003C01000078",
      w_short: "0x040000000000803F",
      w_i64: "0x08000000010000010000000005000000000000F0"
    }
  }
#-}

// The converted blobs: 16-byte alignment, then the little-endian values.
// CHECK: dialect_resources
// CHECK-DAG: [[RA]]: "0x10000000813FC07F"
// CHECK-DAG: [[RB]]: "0x100000000000813F000080FF"
// CHECK-DAG: [[RC]]: "0x100000000000803F0000803300000047"
// CHECK-DAG: [[RI]]: "0x100000000000804B000080DD"
