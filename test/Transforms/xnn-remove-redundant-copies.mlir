// xnn-remove-redundant-copies: ExecuTorch's RemoveRedundantCopyPass with the
// dtype fix. Inputs are written as xnn-tag-channels-last would leave them
// (xnn.layout tags, argument attributes, inserted memory-format copies), so the
// test does not depend on that pass. Ports of ExecuTorch's
// test_remove_redundant_copy_pass.py (float variants) and test_to_copy.py.
// RUN: xnn-opt %s --xnn-remove-redundant-copies | FileCheck %s --check-prefixes=CHECK,MOD
// Idempotent, and the same on a func.func anchor (which does not reach the
// function of the nested module).
// RUN: xnn-opt %s --xnn-remove-redundant-copies | xnn-opt --xnn-remove-redundant-copies | FileCheck %s --check-prefixes=CHECK,MOD
// RUN: xnn-opt %s --pass-pipeline='builtin.module(func.func(xnn-remove-redundant-copies))' | FileCheck %s

// DOC: a pair of copies that cancel
// ImplicitRedundantOpRemoval: x -> to(CL) -> upsample -> to(contig) -> conv.
// The tagger inserts to(CL) before the conv and to(contig) after it; the user
// to(contig) and the inserted to(CL) cancel. (edge has no upsample: a
// layout-following op tagged NHWC stands in for it.) 2 copies remain.
// CHECK-LABEL: func.func @implicit_redundant_op_removal
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x3x3xf32>, %[[W:.*]]: tensor<3x3x3x3xf32>)
// CHECK-NEXT: %[[CL:.*]] = "edge.to_copy"(%[[X]]) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NEXT: %[[UP:.*]] = "edge.relu"(%[[CL]]) {xnn.layout = "NHWC"}
// CHECK-NEXT: %[[CONV:.*]] = "edge.conv2d"(%[[UP]], %[[W]])
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[CONV]]) {memory_format = "contiguous"}
// CHECK-NEXT: return %[[OUT]]
func.func @implicit_redundant_op_removal(%x: tensor<1x3x3x3xf32>, %w: tensor<3x3x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %0 = "edge.to_copy"(%x) {memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %1 = "edge.relu"(%0) {xnn.layout = "NHWC"} : (tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %2 = "edge.to_copy"(%1) {memory_format = "contiguous"} : (tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %3 = "edge.to_copy"(%2) {memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %4 = "edge.conv2d"(%3, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>, xnn.layout = "NHWC"} : (tensor<1x3x3x3xf32>, tensor<3x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %5 = "edge.to_copy"(%4) {memory_format = "contiguous"} : (tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  return %5 : tensor<1x3x3x3xf32>
}
// DOC-END

// DOC: copies around two convs
// QuantizableRedundantCopy (float variant): channels_last input ->
// conv1 -> to(contig) -> conv2. The user to(contig) and the to(CL) inserted
// before conv2 cancel; only the output NHWC -> NCHW copy stays: 1 copy.
// CHECK-LABEL: func.func @quantizable_redundant_copy
// CHECK-SAME: (%[[X:[^:]*]]: tensor<1x3x32x32xf32> {xnn.layout = "NHWC"}
// CHECK-NEXT: %[[C1:.*]] = "edge.conv2d"(%[[X]],
// CHECK-NEXT: %[[C2:.*]] = "edge.conv2d"(%[[C1]],
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[C2]]) {memory_format = "contiguous"}
// CHECK-NEXT: return %[[OUT]]
func.func @quantizable_redundant_copy(%x: tensor<1x3x32x32xf32> {xnn.layout = "NHWC"}, %w1: tensor<16x3x3x3xf32>, %w2: tensor<16x16x3x3xf32>) -> tensor<1x16x32x32xf32> {
  %0 = "edge.conv2d"(%x, %w1) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>, xnn.layout = "NHWC"} : (tensor<1x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x32x32xf32>
  %1 = "edge.to_copy"(%0) {memory_format = "contiguous"} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %2 = "edge.to_copy"(%1) {memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %3 = "edge.conv2d"(%2, %w2) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>, xnn.layout = "NHWC"} : (tensor<1x16x32x32xf32>, tensor<16x16x3x3xf32>) -> tensor<1x16x32x32xf32>
  %4 = "edge.to_copy"(%3) {memory_format = "contiguous"} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  return %4 : tensor<1x16x32x32xf32>
}
// DOC-END

// ComplexQuantizableRedundantCopy (float variant): channels_last input ->
// conv1 -> relu -> to(contig) -> to(CL) -> to(contig) -> conv2 -> to(CL) ->
// to(contig) -> conv3, with the tagger's to(CL) before conv2 and conv3 and
// to(contig) at the output. Everything but the output copy goes: 1 copy.
// CHECK-LABEL: func.func @complex_quantizable_redundant_copy
// CHECK-SAME: (%[[X:[^:]*]]: tensor<1x3x32x32xf32> {xnn.layout = "NHWC"}
// CHECK-NEXT: %[[C1:.*]] = "edge.conv2d"(%[[X]],
// CHECK-NEXT: %[[R:.*]] = "edge.relu"(%[[C1]])
// CHECK-NEXT: %[[C2:.*]] = "edge.conv2d"(%[[R]],
// CHECK-NEXT: %[[C3:.*]] = "edge.conv2d"(%[[C2]],
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[C3]]) {memory_format = "contiguous"}
// CHECK-NEXT: return %[[OUT]]
func.func @complex_quantizable_redundant_copy(%x: tensor<1x3x32x32xf32> {xnn.layout = "NHWC"}, %w1: tensor<16x3x3x3xf32>, %w2: tensor<16x16x3x3xf32>, %w3: tensor<8x16x3x3xf32>) -> tensor<1x8x32x32xf32> {
  %0 = "edge.conv2d"(%x, %w1) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>, xnn.layout = "NHWC"} : (tensor<1x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x32x32xf32>
  %1 = "edge.relu"(%0) {xnn.layout = "NHWC"} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %2 = "edge.to_copy"(%1) {memory_format = "contiguous"} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %3 = "edge.to_copy"(%2) {memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %4 = "edge.to_copy"(%3) {memory_format = "contiguous"} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %5 = "edge.to_copy"(%4) {memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %6 = "edge.conv2d"(%5, %w2) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>, xnn.layout = "NHWC"} : (tensor<1x16x32x32xf32>, tensor<16x16x3x3xf32>) -> tensor<1x16x32x32xf32>
  %7 = "edge.to_copy"(%6) {memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %8 = "edge.to_copy"(%7) {memory_format = "contiguous"} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %9 = "edge.to_copy"(%8) {memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %10 = "edge.conv2d"(%9, %w3) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>, xnn.layout = "NHWC"} : (tensor<1x16x32x32xf32>, tensor<8x16x3x3xf32>) -> tensor<1x8x32x32xf32>
  %11 = "edge.to_copy"(%10) {memory_format = "contiguous"} : (tensor<1x8x32x32xf32>) -> tensor<1x8x32x32xf32>
  return %11 : tensor<1x8x32x32xf32>
}

// test_to_copy.py: to(channels_last) then Linear(3, 3) on (1,3,3,3). The
// tagger brings the linear's input back to NCHW: the pair cancels, 0 copies.
// CHECK-LABEL: func.func @to_channels_last_then_linear
// CHECK-SAME: (%[[X:[^:]*]]: tensor<1x3x3x3xf32>, %[[W:[^:]*]]: tensor<3x3xf32>)
// CHECK-NEXT: %[[L:.*]] = "edge.linear"(%[[X]], %[[W]])
// CHECK-NEXT: return %[[L]]
func.func @to_channels_last_then_linear(%x: tensor<1x3x3x3xf32>, %w: tensor<3x3xf32>) -> tensor<1x3x3x3xf32> {
  %0 = "edge.to_copy"(%x) {memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %1 = "edge.to_copy"(%0) {memory_format = "contiguous"} : (tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %2 = "edge.linear"(%1, %w) : (tensor<1x3x3x3xf32>, tensor<3x3xf32>) -> tensor<1x3x3x3xf32>
  return %2 : tensor<1x3x3x3xf32>
}

// test_to_copy.py: to(contiguous) then Conv2d(3, 3, 3) on (1,3,6,6). The user
// copy is a no-op on an NCHW input and goes; the tagger's input and output
// copies stay: 2 copies.
// CHECK-LABEL: func.func @to_contiguous_then_conv
// CHECK-SAME: (%[[X:[^:]*]]: tensor<1x3x6x6xf32>
// CHECK-NEXT: %[[CL:.*]] = "edge.to_copy"(%[[X]]) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NEXT: %[[C:.*]] = "edge.conv2d"(%[[CL]],
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[C]]) {memory_format = "contiguous"}
// CHECK-NEXT: return %[[OUT]]
func.func @to_contiguous_then_conv(%x: tensor<1x3x6x6xf32>, %w: tensor<3x3x3x3xf32>) -> tensor<1x3x4x4xf32> {
  %0 = "edge.to_copy"(%x) {memory_format = "contiguous"} : (tensor<1x3x6x6xf32>) -> tensor<1x3x6x6xf32>
  %1 = "edge.to_copy"(%0) {memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x3x6x6xf32>) -> tensor<1x3x6x6xf32>
  %2 = "edge.conv2d"(%1, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>, xnn.layout = "NHWC"} : (tensor<1x3x6x6xf32>, tensor<3x3x3x3xf32>) -> tensor<1x3x4x4xf32>
  %3 = "edge.to_copy"(%2) {memory_format = "contiguous"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %3 : tensor<1x3x4x4xf32>
}

// test_to_copy.py: int32 (1,3,6,6) .to(float, memory_format=channels_last)
// then conv. The convert also changes layout and the conv reads it directly:
// it stays, as does the output copy: 2 copies.
// CHECK-LABEL: func.func @int32_to_float_channels_last_then_conv
// CHECK-NEXT: %[[CV:.*]] = "edge.to_copy"(%{{.*}}) {dtype = f32, memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x3x6x6xi32>) -> tensor<1x3x6x6xf32>
// CHECK-NEXT: %[[C:.*]] = "edge.conv2d"(%[[CV]],
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[C]]) {memory_format = "contiguous"}
// CHECK-NEXT: return %[[OUT]]
func.func @int32_to_float_channels_last_then_conv(%x: tensor<1x3x6x6xi32>, %w: tensor<3x3x3x3xf32>) -> tensor<1x3x4x4xf32> {
  %0 = "edge.to_copy"(%x) {dtype = f32, memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x3x6x6xi32>) -> tensor<1x3x6x6xf32>
  %1 = "edge.conv2d"(%0, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>, xnn.layout = "NHWC"} : (tensor<1x3x6x6xf32>, tensor<3x3x3x3xf32>) -> tensor<1x3x4x4xf32>
  %2 = "edge.to_copy"(%1) {memory_format = "contiguous"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %2 : tensor<1x3x4x4xf32>
}

// test_to_copy.py: int16 (1,3,3,3) .to(float, memory_format=channels_last)
// then linear (edge has no i16: i64 here). The tagger's to(contig) before the
// linear must NOT cancel against the dtype-changing copy (ExecuTorch's dtype
// bug: the pair guard checks both copies): 2 copies.
// CHECK-LABEL: func.func @int_to_float_channels_last_then_linear
// CHECK-NEXT: %[[CV:.*]] = "edge.to_copy"(%{{.*}}) {dtype = f32, memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x3x3x3xi64>) -> tensor<1x3x3x3xf32>
// CHECK-NEXT: %[[NC:.*]] = "edge.to_copy"(%[[CV]]) {memory_format = "contiguous"}
// CHECK-NEXT: %[[L:.*]] = "edge.linear"(%[[NC]],
// CHECK-NEXT: return %[[L]]
func.func @int_to_float_channels_last_then_linear(%x: tensor<1x3x3x3xi64>, %w: tensor<3x3xf32>) -> tensor<1x3x3x3xf32> {
  %0 = "edge.to_copy"(%x) {dtype = f32, memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x3x3x3xi64>) -> tensor<1x3x3x3xf32>
  %1 = "edge.to_copy"(%0) {memory_format = "contiguous"} : (tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %2 = "edge.linear"(%1, %w) : (tensor<1x3x3x3xf32>, tensor<3x3xf32>) -> tensor<1x3x3x3xf32>
  return %2 : tensor<1x3x3x3xf32>
}

// test_to_copy.py: (quantized) conv -> to(contiguous) -> conv2 on (1,3,9,9),
// float variant: the user copy and the tagger's to(CL) before conv2 cancel;
// the input and output copies stay: 2 copies.
// CHECK-LABEL: func.func @conv_to_contiguous_conv
// CHECK-SAME: (%[[X:[^:]*]]: tensor<1x3x9x9xf32>
// CHECK-NEXT: %[[CL:.*]] = "edge.to_copy"(%[[X]]) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NEXT: %[[C1:.*]] = "edge.conv2d"(%[[CL]],
// CHECK-NEXT: %[[C2:.*]] = "edge.conv2d"(%[[C1]],
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[C2]]) {memory_format = "contiguous"}
// CHECK-NEXT: return %[[OUT]]
func.func @conv_to_contiguous_conv(%x: tensor<1x3x9x9xf32>, %w: tensor<3x3x3x3xf32>) -> tensor<1x3x9x9xf32> {
  %0 = "edge.to_copy"(%x) {memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x3x9x9xf32>) -> tensor<1x3x9x9xf32>
  %1 = "edge.conv2d"(%0, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>, xnn.layout = "NHWC"} : (tensor<1x3x9x9xf32>, tensor<3x3x3x3xf32>) -> tensor<1x3x9x9xf32>
  %2 = "edge.to_copy"(%1) {memory_format = "contiguous"} : (tensor<1x3x9x9xf32>) -> tensor<1x3x9x9xf32>
  %3 = "edge.to_copy"(%2) {memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x3x9x9xf32>) -> tensor<1x3x9x9xf32>
  %4 = "edge.conv2d"(%3, %w) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>, xnn.layout = "NHWC"} : (tensor<1x3x9x9xf32>, tensor<3x3x3x3xf32>) -> tensor<1x3x9x9xf32>
  %5 = "edge.to_copy"(%4) {memory_format = "contiguous"} : (tensor<1x3x9x9xf32>) -> tensor<1x3x9x9xf32>
  return %5 : tensor<1x3x9x9xf32>
}

// PR TestDtypeConvertToCopy: fp32->fp16, fp16->fp32, fp32->bf16, bf16->fp32,
// fp16->bf16 on (2,3), as to_dim_order_copy (dim-order ops on): every convert
// survives (they are NCHW in, NCHW out: same layout, but they change dtype).
// CHECK-LABEL: func.func @dtype_converts_survive
// CHECK-NEXT: "edge.to_dim_order_copy"(%{{.*}}) {dim_order = array<i64: 0, 1>, dtype = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
// CHECK-NEXT: "edge.to_dim_order_copy"(%{{.*}}) {dim_order = array<i64: 0, 1>, dtype = f32} : (tensor<2x3xf16>) -> tensor<2x3xf32>
// CHECK-NEXT: "edge.to_dim_order_copy"(%{{.*}}) {dim_order = array<i64: 0, 1>, dtype = bf16} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
// CHECK-NEXT: "edge.to_dim_order_copy"(%{{.*}}) {dim_order = array<i64: 0, 1>, dtype = f32} : (tensor<2x3xbf16>) -> tensor<2x3xf32>
// CHECK-NEXT: "edge.to_dim_order_copy"(%{{.*}}) {dim_order = array<i64: 0, 1>, dtype = bf16} : (tensor<2x3xf16>) -> tensor<2x3xbf16>
// CHECK-NEXT: return
func.func @dtype_converts_survive(%a: tensor<2x3xf32>, %h: tensor<2x3xf16>, %b: tensor<2x3xbf16>) -> (tensor<2x3xf16>, tensor<2x3xf32>, tensor<2x3xbf16>, tensor<2x3xf32>, tensor<2x3xbf16>) {
  %0 = "edge.to_dim_order_copy"(%a) {dim_order = array<i64: 0, 1>, dtype = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
  %1 = "edge.to_dim_order_copy"(%h) {dim_order = array<i64: 0, 1>, dtype = f32} : (tensor<2x3xf16>) -> tensor<2x3xf32>
  %2 = "edge.to_dim_order_copy"(%a) {dim_order = array<i64: 0, 1>, dtype = bf16} : (tensor<2x3xf32>) -> tensor<2x3xbf16>
  %3 = "edge.to_dim_order_copy"(%b) {dim_order = array<i64: 0, 1>, dtype = f32} : (tensor<2x3xbf16>) -> tensor<2x3xf32>
  %4 = "edge.to_dim_order_copy"(%h) {dim_order = array<i64: 0, 1>, dtype = bf16} : (tensor<2x3xf16>) -> tensor<2x3xbf16>
  return %0, %1, %2, %3, %4 : tensor<2x3xf16>, tensor<2x3xf32>, tensor<2x3xbf16>, tensor<2x3xf32>, tensor<2x3xbf16>
}

// PR TestDtypeConvertToCopy: Parameter(3,3).to(fp16) then x + p: the
// constant's convert survives this pass (xnn-fold-constant-converts folds it).
// CHECK-LABEL: func.func @parameter_to_fp16
// CHECK: %[[P:.*]] = "edge.to_dim_order_copy"(%{{.*}}) {dim_order = array<i64: 0, 1>, dtype = f16} : (tensor<3x3xf32>) -> tensor<3x3xf16>
// CHECK-NEXT: "edge.add"(%{{.*}}, %[[P]])
func.func @parameter_to_fp16(%x: tensor<3x3xf16>) -> tensor<3x3xf16> {
  %p = "edge.constant"() {value = dense<1.5> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %0 = "edge.to_dim_order_copy"(%p) {dim_order = array<i64: 0, 1>, dtype = f16} : (tensor<3x3xf32>) -> tensor<3x3xf16>
  %1 = "edge.add"(%x, %0) : (tensor<3x3xf16>, tensor<3x3xf16>) -> tensor<3x3xf16>
  return %1 : tensor<3x3xf16>
}

// PR TestDtypeConvertToCopy: x.to(dtype=fp16, memory_format=channels_last)
// on (1,3,4,4): changes dtype and layout, survives.
// CHECK-LABEL: func.func @fp16_channels_last
// CHECK-NEXT: "edge.to_dim_order_copy"(%{{.*}}) {dim_order = array<i64: 0, 2, 3, 1>, dtype = f16, xnn.layout = "NHWC"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf16>
func.func @fp16_channels_last(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf16> {
  %0 = "edge.to_dim_order_copy"(%x) {dim_order = array<i64: 0, 2, 3, 1>, dtype = f16, xnn.layout = "NHWC"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf16>
  return %0 : tensor<1x3x4x4xf16>
}

// Regression missing from the PR: a real convert between two delegated ops,
// next to a same-layout copy. The same-layout copy goes, the convert stays.
// CHECK-LABEL: func.func @convert_next_to_same_layout_copy
// CHECK-SAME: (%[[X:[^:]*]]: tensor<2x3xbf16>)
// CHECK-NEXT: %[[R:.*]] = "edge.relu"(%[[X]])
// CHECK-NEXT: %[[CV:.*]] = "edge.to_copy"(%[[R]]) {dtype = f32} : (tensor<2x3xbf16>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[S:.*]] = "edge.sigmoid"(%[[CV]])
// CHECK-NEXT: return %[[S]]
func.func @convert_next_to_same_layout_copy(%x: tensor<2x3xbf16>) -> tensor<2x3xf32> {
  %0 = "edge.relu"(%x) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %1 = "edge.to_copy"(%0) {memory_format = "contiguous"} : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  %2 = "edge.to_copy"(%1) {dtype = f32} : (tensor<2x3xbf16>) -> tensor<2x3xf32>
  %3 = "edge.sigmoid"(%2) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %3 : tensor<2x3xf32>
}

// 4-D convert inside an NHWC region: an NCHW->NHWC copy, a dtype-only convert
// of it (keeps NHWC), and a pure copy. Only the pure copy goes.
// CHECK-LABEL: func.func @nhwc_region_convert
// CHECK-NEXT: %[[CL:.*]] = "edge.to_copy"(%{{.*}}) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NEXT: %[[CV:.*]] = "edge.to_copy"(%[[CL]]) {dtype = f16, xnn.layout = "NHWC"}
// CHECK-NEXT: %[[R:.*]] = "edge.relu"(%[[CV]])
// CHECK-NEXT: return %[[R]]
func.func @nhwc_region_convert(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf16> {
  %0 = "edge.to_copy"(%x) {memory_format = "channels_last", xnn.layout = "NHWC"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %1 = "edge.to_copy"(%0) {dtype = f16, xnn.layout = "NHWC"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf16>
  %2 = "edge.to_copy"(%1) : (tensor<1x3x4x4xf16>) -> tensor<1x3x4x4xf16>
  %3 = "edge.relu"(%2) {xnn.layout = "NHWC"} : (tensor<1x3x4x4xf16>) -> tensor<1x3x4x4xf16>
  return %3 : tensor<1x3x4x4xf16>
}

// Dtype-changing pairs never cancel, whichever copy converts; also not a
// same-layout copy whose input is itself a (layout-changing) convert: the
// contiguous copy of an NHWC convert really changes the layout.
// CHECK-LABEL: func.func @dtype_pairs_do_not_cancel
// CHECK-NEXT: %[[A:.*]] = "edge.to_copy"(%{{.*}}) {dtype = f16, memory_format = "channels_last"}
// CHECK-NEXT: %[[B:.*]] = "edge.to_copy"(%[[A]]) {dtype = f32, memory_format = "contiguous"}
// CHECK-NEXT: %[[C:.*]] = "edge.to_copy"(%{{.*}}) {memory_format = "channels_last"}
// CHECK-NEXT: %[[D:.*]] = "edge.to_copy"(%[[C]]) {dtype = f16, memory_format = "contiguous"}
// CHECK-NEXT: %[[E:.*]] = "edge.to_dim_order_copy"(%{{.*}}) {dim_order = array<i64: 0, 2, 3, 1>, dtype = bf16}
// CHECK-NEXT: %[[F:.*]] = "edge.to_dim_order_copy"(%[[E]]) {dim_order = array<i64: 0, 1, 2, 3>}
// CHECK-NEXT: return %[[B]], %[[D]], %[[F]]
func.func @dtype_pairs_do_not_cancel(%x: tensor<1x3x4x4xf32>) -> (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf16>, tensor<1x3x4x4xbf16>) {
  %0 = "edge.to_copy"(%x) {dtype = f16, memory_format = "channels_last"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf16>
  %1 = "edge.to_copy"(%0) {dtype = f32, memory_format = "contiguous"} : (tensor<1x3x4x4xf16>) -> tensor<1x3x4x4xf32>
  %2 = "edge.to_copy"(%x) {memory_format = "channels_last"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %3 = "edge.to_copy"(%2) {dtype = f16, memory_format = "contiguous"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf16>
  %4 = "edge.to_dim_order_copy"(%x) {dim_order = array<i64: 0, 2, 3, 1>, dtype = bf16} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xbf16>
  %5 = "edge.to_dim_order_copy"(%4) {dim_order = array<i64: 0, 1, 2, 3>} : (tensor<1x3x4x4xbf16>) -> tensor<1x3x4x4xbf16>
  return %1, %3, %5 : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf16>, tensor<1x3x4x4xbf16>
}

// A dtype attribute equal to the input type is no dtype change: such a copy
// is a pure copy. Dim-order pairs cancel like memory-format pairs.
// CHECK-LABEL: func.func @dim_order_pair_and_same_dtype
// CHECK-SAME: (%[[X:[^:]*]]: tensor<1x3x4x4xf32>)
// CHECK-NEXT: return %[[X]], %[[X]]
func.func @dim_order_pair_and_same_dtype(%x: tensor<1x3x4x4xf32>) -> (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) {
  %0 = "edge.to_dim_order_copy"(%x) {dim_order = array<i64: 0, 2, 3, 1>} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %1 = "edge.to_dim_order_copy"(%0) {dim_order = array<i64: 0, 1, 2, 3>} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %2 = "edge.to_copy"(%x) {dtype = f32, memory_format = "preserve"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %1, %2 : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>
}

// The first copy of a pair has another user: nothing cancels (the second copy
// changes the layout of its input). Same-layout copies: channels_last of an
// NHWC-tagged value or an NHWC argument, contiguous of a rank-2 value.
// CHECK-LABEL: func.func @pair_with_other_user_and_same_layout
// CHECK-SAME: (%[[X:[^:]*]]: tensor<1x3x4x4xf32>, %[[Y:[^:]*]]: tensor<1x3x4x4xf32> {xnn.layout = "NHWC"}, %[[Z:[^:]*]]: tensor<2x3xf32>)
// CHECK-NEXT: %[[CL:.*]] = "edge.to_copy"(%[[X]]) {memory_format = "channels_last"}
// CHECK-NEXT: %[[NC:.*]] = "edge.to_copy"(%[[CL]]) {memory_format = "contiguous"}
// CHECK-NEXT: %[[R:.*]] = "edge.relu"(%[[CL]]) {xnn.layout = "NHWC"}
// CHECK-NEXT: return %[[NC]], %[[R]], %[[R]], %[[Y]], %[[Z]]
func.func @pair_with_other_user_and_same_layout(%x: tensor<1x3x4x4xf32>, %y: tensor<1x3x4x4xf32> {xnn.layout = "NHWC"}, %z: tensor<2x3xf32>) -> (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<2x3xf32>) {
  %0 = "edge.to_copy"(%x) {memory_format = "channels_last"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %1 = "edge.to_copy"(%0) {memory_format = "contiguous"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %2 = "edge.relu"(%0) {xnn.layout = "NHWC"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %3 = "edge.to_copy"(%2) {memory_format = "channels_last"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %4 = "edge.to_copy"(%y) {memory_format = "channels_last"} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %5 = "edge.to_copy"(%z) {memory_format = "contiguous"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %1, %2, %3, %4, %5 : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<2x3xf32>
}

// Other dim orders are left alone (no layout to compare); dead copies that
// keep the layout go, a dead convert stays; nested regions are visited.
// CHECK-LABEL: func.func @other_orders_dead_and_nested
// CHECK-NEXT: %[[T:.*]] = "edge.to_dim_order_copy"(%{{.*}}) {dim_order = array<i64: 1, 0>}
// CHECK-NEXT: %[[U:.*]] = "edge.to_dim_order_copy"(%[[T]]) {dim_order = array<i64: 1, 0>}
// CHECK-NEXT: "edge.to_copy"(%{{.*}}) {dtype = f16}
// CHECK-NEXT: return %[[U]]
// MOD-LABEL: func.func private @nested_module_func
// MOD-SAME: (%[[X:[^:]*]]: tensor<2x3xf32>)
// MOD-NEXT: return %[[X]]
func.func @other_orders_dead_and_nested(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "edge.to_dim_order_copy"(%x) {dim_order = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "edge.to_dim_order_copy"(%0) {dim_order = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "edge.to_copy"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "edge.to_copy"(%x) {dtype = f16} : (tensor<2x3xf32>) -> tensor<2x3xf16>
  return %1 : tensor<2x3xf32>
}
module @inner {
  func.func private @nested_module_func(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = "edge.to_copy"(%x) {memory_format = "contiguous"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}
