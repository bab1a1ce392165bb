// xnn-tag-channels-last: the float cases of ExecuTorch's
// backends/xnnpack/test/passes/test_channels_last_tagged_reshape.py.
// Quantized cases (qs8 sequences, ConvRelu qs8, dynamic-quant conv, q/dq
// around copies, dynamic-quant cat / per-channel binary chain), the
// ConvTranspose2d variants and Bilinear2d are not ported: the edge dialect has
// no q/dq, transposed-conv or upsample ops.
// RUN: xnn-opt %s --split-input-file --xnn-tag-channels-last | FileCheck %s
// Anchored on func.func instead of the module: same result.
// RUN: xnn-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(xnn-tag-channels-last))' | FileCheck %s
// Idempotent: a second run finds every layout already in place.
// RUN: xnn-opt %s --split-input-file --xnn-tag-channels-last --xnn-tag-channels-last | FileCheck %s

// DOC: no layout-sensitive op
// OpSequencesAddConv2d(0, 0): no conv, nothing to do.
// CHECK-LABEL: func.func @seq_0x0(
// CHECK-NOT: edge.to_copy
// CHECK-NOT: xnn.layout
// CHECK: return
func.func @seq_0x0(%x: tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32> {
  %0 = "edge.add"(%x, %x) : (tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  return %0 : tensor<1x1x6x6xf32>
}

// -----

// DOC: conv then adds
// OpSequencesAddConv2d(1, 1): conv -> add -> add: 2 copies (in, out).
// CHECK-LABEL: func.func @seq_1x1(
// CHECK-SAME: %[[X:[^:]+]]: tensor<1x1x6x6xf32>
// CHECK-NEXT: %[[IN:.*]] = "edge.to_copy"(%[[X]]) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NEXT: %[[W:.*]] = "edge.constant"() {value = {{.*}}, xnn.layout = "NHWC"}
// CHECK-NEXT: %[[C:.*]] = "edge.conv2d"(%[[IN]], %[[W]]) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[A:.*]] = "edge.add"(%[[C]], %[[C]]) {xnn.layout = "NHWC"}
// CHECK-NEXT: %[[B:.*]] = "edge.add"(%[[A]], %[[A]]) {xnn.layout = "NHWC"}
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[B]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[OUT]]
func.func @seq_1x1(%x: tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %1 = "edge.add"(%0, %0) : (tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  %2 = "edge.add"(%1, %1) : (tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  return %2 : tensor<1x1x6x6xf32>
}

// -----

// OpSequencesAddConv2d(2, 2): the layout is carried through the adds: still 2
// copies. The weight shared by all four convs is tagged once.
// CHECK-LABEL: func.func @seq_2x2(
// CHECK-COUNT-1: "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NOT: edge.to_copy
// CHECK-COUNT-4: "edge.conv2d"
// CHECK-NOT: edge.to_copy
// CHECK: "edge.to_copy"({{.*}}) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NOT: edge.to_copy
// CHECK: return
func.func @seq_2x2(%x: tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %1 = "edge.conv2d"(%0, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %2 = "edge.add"(%1, %1) : (tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  %3 = "edge.conv2d"(%2, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %4 = "edge.conv2d"(%3, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %5 = "edge.add"(%4, %4) : (tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  %6 = "edge.add"(%5, %5) : (tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  return %6 : tensor<1x1x6x6xf32>
}

// -----

// ConvRelu (Conv2d(1, 1, 1) -> relu): relu follows the conv into NHWC.
// CHECK-LABEL: func.func @conv_relu(
// CHECK: %[[IN:.*]] = "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK: %[[C:.*]] = "edge.conv2d"(%[[IN]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[R:.*]] = "edge.relu"(%[[C]]) {xnn.layout = "NHWC"}
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[R]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[OUT]]
func.func @conv_relu(%x: tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x1x1xf32>} : () -> tensor<1x1x1x1xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x6x6xf32>
  %1 = "edge.relu"(%0) : (tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  return %1 : tensor<1x1x6x6xf32>
}

// -----

// Conv2d -> BatchNorm -> Hardtanh -> mean(-1, -2, keepdim): 4 copies. The
// batch norm (here its affine form with 1-D per-W parameters, which broadcast
// only in NCHW) cannot run in NHWC, so the conv result goes back to NCHW;
// the mean over H and W goes to NHWC again; its result back to NCHW.
// CHECK-LABEL: func.func @conv_bn_hardtanh_mean(
// CHECK: %[[IN:.*]] = "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK: %[[C:.*]] = "edge.conv2d"(%[[IN]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[CC:.*]] = "edge.to_copy"(%[[C]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: %[[M:.*]] = "edge.mul"(%[[CC]], %{{.*}}) :
// CHECK-NEXT: %[[A:.*]] = "edge.add"(%[[M]], %{{.*}}) :
// CHECK-NEXT: %[[H:.*]] = "edge.hardtanh"(%[[A]]) {max_val = {{.*}}, min_val = {{[^,]*}}} :
// CHECK-NEXT: %[[HC:.*]] = "edge.to_copy"(%[[H]]) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NEXT: %[[MEAN:.*]] = "edge.mean"(%[[HC]]) {dims = array<i64: -1, -2>, keepdim = true, xnn.layout = "NHWC"}
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[MEAN]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[OUT]]
func.func @conv_bn_hardtanh_mean(%x: tensor<1x1x6x6xf32>) -> tensor<1x1x1x1xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %scale = "edge.constant"() {value = dense<0.5> : tensor<6xf32>} : () -> tensor<6xf32>
  %shift = "edge.constant"() {value = dense<0.25> : tensor<6xf32>} : () -> tensor<6xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %1 = "edge.mul"(%0, %scale) : (tensor<1x1x6x6xf32>, tensor<6xf32>) -> tensor<1x1x6x6xf32>
  %2 = "edge.add"(%1, %shift) : (tensor<1x1x6x6xf32>, tensor<6xf32>) -> tensor<1x1x6x6xf32>
  %3 = "edge.hardtanh"(%2) {min_val = 0.0 : f64, max_val = 6.0 : f64} : (tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  %4 = "edge.mean"(%3) {dims = array<i64: -1, -2>, keepdim = true} : (tensor<1x1x6x6xf32>) -> tensor<1x1x1x1xf32>
  return %4 : tensor<1x1x1x1xf32>
}

// -----

// TwoConvAdd, NCHW inputs: 3 copies (two inputs, one output); the add joins
// two NHWC values.
// CHECK-LABEL: func.func @two_conv_add(
// CHECK-DAG: %[[I1:.*]] = "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-DAG: %[[I2:.*]] = "edge.to_copy"(%arg1) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK: %[[C1:.*]] = "edge.conv2d"(%[[I1]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[C2:.*]] = "edge.conv2d"(%[[I2]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[A:.*]] = "edge.add"(%[[C1]], %[[C2]]) {xnn.layout = "NHWC"}
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[A]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[OUT]]
func.func @two_conv_add(%x1: tensor<1x3x8x8xf32>, %x2: tensor<1x5x8x8xf32>) -> tensor<1x16x8x8xf32> {
  %w1 = "edge.constant"() {value = dense<1.0> : tensor<16x3x3x3xf32>} : () -> tensor<16x3x3x3xf32>
  %w2 = "edge.constant"() {value = dense<1.0> : tensor<16x5x3x3xf32>} : () -> tensor<16x5x3x3xf32>
  %0 = "edge.conv2d"(%x1, %w1) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x8x8xf32>
  %1 = "edge.conv2d"(%x2, %w2) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x5x8x8xf32>, tensor<16x5x3x3xf32>) -> tensor<1x16x8x8xf32>
  %2 = "edge.add"(%0, %1) : (tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %2 : tensor<1x16x8x8xf32>
}

// -----

// TwoConvAdd, both inputs channels_last: only the output copy.
// CHECK-LABEL: func.func @two_conv_add_nhwc_inputs(
// CHECK-NOT: edge.to_copy
// CHECK: "edge.conv2d"(%arg0,
// CHECK-NEXT: "edge.conv2d"(%arg1,
// CHECK-NEXT: %[[A:.*]] = "edge.add"
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[A]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[OUT]]
func.func @two_conv_add_nhwc_inputs(%x1: tensor<1x3x8x8xf32> {xnn.layout = "NHWC"}, %x2: tensor<1x5x8x8xf32> {xnn.layout = "NHWC"}) -> tensor<1x16x8x8xf32> {
  %w1 = "edge.constant"() {value = dense<1.0> : tensor<16x3x3x3xf32>} : () -> tensor<16x3x3x3xf32>
  %w2 = "edge.constant"() {value = dense<1.0> : tensor<16x5x3x3xf32>} : () -> tensor<16x5x3x3xf32>
  %0 = "edge.conv2d"(%x1, %w1) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x8x8xf32>
  %1 = "edge.conv2d"(%x2, %w2) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x5x8x8xf32>, tensor<16x5x3x3xf32>) -> tensor<1x16x8x8xf32>
  %2 = "edge.add"(%0, %1) : (tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %2 : tensor<1x16x8x8xf32>
}

// -----

// TwoConvAdd, mixed input layouts: one input copy, one output copy.
// CHECK-LABEL: func.func @two_conv_add_mixed_inputs(
// CHECK-NEXT: %[[I2:.*]] = "edge.to_copy"(%arg1) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NOT: edge.to_copy
// CHECK: "edge.conv2d"(%arg0,
// CHECK-NEXT: "edge.conv2d"(%[[I2]],
// CHECK-NEXT: %[[A:.*]] = "edge.add"
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[A]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[OUT]]
func.func @two_conv_add_mixed_inputs(%x1: tensor<1x3x8x8xf32> {xnn.layout = "NHWC"}, %x2: tensor<1x5x8x8xf32>) -> tensor<1x16x8x8xf32> {
  %w1 = "edge.constant"() {value = dense<1.0> : tensor<16x3x3x3xf32>} : () -> tensor<16x3x3x3xf32>
  %w2 = "edge.constant"() {value = dense<1.0> : tensor<16x5x3x3xf32>} : () -> tensor<16x5x3x3xf32>
  %0 = "edge.conv2d"(%x1, %w1) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x8x8xf32>
  %1 = "edge.conv2d"(%x2, %w2) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x5x8x8xf32>, tensor<16x5x3x3xf32>) -> tensor<1x16x8x8xf32>
  %2 = "edge.add"(%0, %1) : (tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32>
  return %2 : tensor<1x16x8x8xf32>
}

// -----

// ConvAddConvOutput: conv1 -> add 1.0 -> conv2, returns (conv2, add). The
// scalar (one element) has no layout, so the add stays NHWC; both results get
// their own output copy.
// CHECK-LABEL: func.func @conv_add_conv_output(
// CHECK: %[[IN:.*]] = "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK: %[[C1:.*]] = "edge.conv2d"(%[[IN]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[A:.*]] = "edge.add"(%[[C1]], %{{.*}}) {xnn.layout = "NHWC"}
// CHECK-NEXT: %[[AC:.*]] = "edge.to_copy"(%[[A]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: %[[C2:.*]] = "edge.conv2d"(%[[A]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[CC:.*]] = "edge.to_copy"(%[[C2]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[CC]], %[[AC]]
func.func @conv_add_conv_output(%x: tensor<1x3x8x8xf32>) -> (tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>) {
  %w1 = "edge.constant"() {value = dense<1.0> : tensor<16x3x3x3xf32>} : () -> tensor<16x3x3x3xf32>
  %w2 = "edge.constant"() {value = dense<1.0> : tensor<16x16x3x3xf32>} : () -> tensor<16x16x3x3xf32>
  %one = "edge.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "edge.conv2d"(%x, %w1) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x8x8xf32>
  %1 = "edge.add"(%0, %one) : (tensor<1x16x8x8xf32>, tensor<f32>) -> tensor<1x16x8x8xf32>
  %2 = "edge.conv2d"(%1, %w2) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x16x8x8xf32>, tensor<16x16x3x3xf32>) -> tensor<1x16x8x8xf32>
  return %2, %1 : tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>
}

// -----

// DOC: one NHWC copy shared by two convs
// ThreeOutputsModel: linear(x), conv1(x), conv2(x). The convs share one NHWC
// copy of x (the partner cache); linear reads x as is.
// CHECK-LABEL: func.func @three_outputs(
// CHECK-NEXT: %[[IN:.*]] = "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK: %[[L:.*]] = "edge.linear"(%arg0, %{{.*}}) :
// CHECK-NEXT: %[[C1:.*]] = "edge.conv2d"(%[[IN]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[O1:.*]] = "edge.to_copy"(%[[C1]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: %[[C2:.*]] = "edge.conv2d"(%[[IN]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[O2:.*]] = "edge.to_copy"(%[[C2]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[L]], %[[O1]], %[[O2]]
func.func @three_outputs(%x: tensor<1x3x8x8xf32>) -> (tensor<1x3x8x4xf32>, tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>) {
  %lw = "edge.constant"() {value = dense<1.0> : tensor<4x8xf32>} : () -> tensor<4x8xf32>
  %w1 = "edge.constant"() {value = dense<1.0> : tensor<16x3x3x3xf32>} : () -> tensor<16x3x3x3xf32>
  %w2 = "edge.constant"() {value = dense<2.0> : tensor<16x3x3x3xf32>} : () -> tensor<16x3x3x3xf32>
  %0 = "edge.linear"(%x, %lw) : (tensor<1x3x8x8xf32>, tensor<4x8xf32>) -> tensor<1x3x8x4xf32>
  %1 = "edge.conv2d"(%x, %w1) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x8x8xf32>
  %2 = "edge.conv2d"(%x, %w2) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x8x8xf32>
  return %0, %1, %2 : tensor<1x3x8x4xf32>, tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>
}

// -----

// ThreeOutputsModel with a channels_last input: linear gets the NCHW copy.
// CHECK-LABEL: func.func @three_outputs_nhwc_input(
// CHECK-NEXT: %[[IN:.*]] = "edge.to_copy"(%arg0) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK: %[[L:.*]] = "edge.linear"(%[[IN]], %{{.*}}) :
// CHECK-NEXT: %[[C1:.*]] = "edge.conv2d"(%arg0, %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[O1:.*]] = "edge.to_copy"(%[[C1]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: %[[C2:.*]] = "edge.conv2d"(%arg0, %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[O2:.*]] = "edge.to_copy"(%[[C2]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[L]], %[[O1]], %[[O2]]
func.func @three_outputs_nhwc_input(%x: tensor<1x3x8x8xf32> {xnn.layout = "NHWC"}) -> (tensor<1x3x8x4xf32>, tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>) {
  %lw = "edge.constant"() {value = dense<1.0> : tensor<4x8xf32>} : () -> tensor<4x8xf32>
  %w1 = "edge.constant"() {value = dense<1.0> : tensor<16x3x3x3xf32>} : () -> tensor<16x3x3x3xf32>
  %w2 = "edge.constant"() {value = dense<2.0> : tensor<16x3x3x3xf32>} : () -> tensor<16x3x3x3xf32>
  %0 = "edge.linear"(%x, %lw) : (tensor<1x3x8x8xf32>, tensor<4x8xf32>) -> tensor<1x3x8x4xf32>
  %1 = "edge.conv2d"(%x, %w1) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x8x8xf32>
  %2 = "edge.conv2d"(%x, %w2) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x8x8xf32>
  return %0, %1, %2 : tensor<1x3x8x4xf32>, tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>
}

// -----

// conv -> view(1, 3, 3, -1) -> conv: 4 copies (a pair at the ends, a pair
// around the view, which needs NCHW).
// CHECK-LABEL: func.func @conv_view_conv(
// CHECK-NEXT: %[[IN:.*]] = "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK: %[[C1:.*]] = "edge.conv2d"(%[[IN]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[C1C:.*]] = "edge.to_copy"(%[[C1]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: %[[V:.*]] = "edge.view"(%[[C1C]]) : (tensor<1x3x6x6xf32>) -> tensor<1x3x3x12xf32>
// CHECK-NEXT: %[[VC:.*]] = "edge.to_copy"(%[[V]]) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NEXT: %[[C2:.*]] = "edge.conv2d"(%[[VC]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[C2]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[OUT]]
func.func @conv_view_conv(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x3x12xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<3x3x3x3xf32>} : () -> tensor<3x3x3x3xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<3x3x3x3xf32>) -> tensor<1x3x6x6xf32>
  %1 = "edge.view"(%0) : (tensor<1x3x6x6xf32>) -> tensor<1x3x3x12xf32>
  %2 = "edge.conv2d"(%1, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x3x12xf32>, tensor<3x3x3x3xf32>) -> tensor<1x3x3x12xf32>
  return %2 : tensor<1x3x3x12xf32>
}

// -----

// conv -> view(2, 3, 6, -1) -> conv (the view changes the batch): 4 copies.
// CHECK-LABEL: func.func @conv_view_batch_conv(
// CHECK-COUNT-4: edge.to_copy
// CHECK-NOT: edge.to_copy
// CHECK: return
func.func @conv_view_batch_conv(%x: tensor<1x3x8x8xf32>) -> tensor<2x3x6x3xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<3x3x3x3xf32>} : () -> tensor<3x3x3x3xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<3x3x3x3xf32>) -> tensor<1x3x6x6xf32>
  %1 = "edge.view"(%0) : (tensor<1x3x6x6xf32>) -> tensor<2x3x6x3xf32>
  %2 = "edge.conv2d"(%1, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<2x3x6x3xf32>, tensor<3x3x3x3xf32>) -> tensor<2x3x6x3xf32>
  return %2 : tensor<2x3x6x3xf32>
}

// -----

// conv -> view(N, -1) -> linear(108 -> 1): 2 copies; view and linear NCHW.
// CHECK-LABEL: func.func @conv_view_linear(
// CHECK-NEXT: %[[IN:.*]] = "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK: %[[C:.*]] = "edge.conv2d"(%[[IN]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[CC:.*]] = "edge.to_copy"(%[[C]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: %[[V:.*]] = "edge.view"(%[[CC]]) : (tensor<1x3x6x6xf32>) -> tensor<1x108xf32>
// CHECK-NEXT: %[[L:.*]] = "edge.linear"(%[[V]], %{{.*}}) : (tensor<1x108xf32>, tensor<1x108xf32>) -> tensor<1x1xf32>
// CHECK-NEXT: return %[[L]]
func.func @conv_view_linear(%x: tensor<1x3x8x8xf32>) -> tensor<1x1xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<3x3x3x3xf32>} : () -> tensor<3x3x3x3xf32>
  %lw = "edge.constant"() {value = dense<1.0> : tensor<1x108xf32>} : () -> tensor<1x108xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<3x3x3x3xf32>) -> tensor<1x3x6x6xf32>
  %1 = "edge.view"(%0) : (tensor<1x3x6x6xf32>) -> tensor<1x108xf32>
  %2 = "edge.linear"(%1, %lw) : (tensor<1x108xf32>, tensor<1x108xf32>) -> tensor<1x1xf32>
  return %2 : tensor<1x1xf32>
}

// -----

// Conv + Cat(dim = 1): cat follows its NHWC inputs (the lowering remaps the
// axis); one shared input copy, one output copy.
// CHECK-LABEL: func.func @conv_cat(
// CHECK-NEXT: %[[IN:.*]] = "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK: %[[C1:.*]] = "edge.conv2d"(%[[IN]],
// CHECK-NEXT: %[[C2:.*]] = "edge.conv2d"(%[[IN]],
// CHECK-NEXT: %[[CAT:.*]] = "edge.cat"(%[[C1]], %[[C2]]) {dim = 1 : i64, xnn.layout = "NHWC"}
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[CAT]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[OUT]]
func.func @conv_cat(%x: tensor<1x3x8x8xf32>) -> tensor<1x12x8x8xf32> {
  %w1 = "edge.constant"() {value = dense<1.0> : tensor<6x3x3x3xf32>} : () -> tensor<6x3x3x3xf32>
  %w2 = "edge.constant"() {value = dense<2.0> : tensor<6x3x3x3xf32>} : () -> tensor<6x3x3x3xf32>
  %0 = "edge.conv2d"(%x, %w1) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<6x3x3x3xf32>) -> tensor<1x6x8x8xf32>
  %1 = "edge.conv2d"(%x, %w2) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<6x3x3x3xf32>) -> tensor<1x6x8x8xf32>
  %2 = "edge.cat"(%0, %1) {dim = 1 : i64} : (tensor<1x6x8x8xf32>, tensor<1x6x8x8xf32>) -> tensor<1x12x8x8xf32>
  return %2 : tensor<1x12x8x8xf32>
}

// -----

// Float form of DynamicQuantPerChannelBinaryChain: act * scale[1,8,1,1] +
// bias[1,8,1,1] -> relu -> conv. The chain before the conv stays NCHW (its
// constants are not tagged); one copy before the conv, one after.
// CHECK-LABEL: func.func @binary_chain_conv(
// CHECK-NOT: xnn.layout = "NHWC"} : () -> tensor<1x8x1x1xf32>
// CHECK: %[[M:.*]] = "edge.mul"(%arg0, %{{.*}}) :
// CHECK-NEXT: %[[A:.*]] = "edge.add"(%[[M]], %{{.*}}) :
// CHECK-NEXT: %[[R:.*]] = "edge.relu"(%[[A]]) :
// CHECK-NEXT: %[[RC:.*]] = "edge.to_copy"(%[[R]]) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NEXT: %[[C:.*]] = "edge.conv2d"(%[[RC]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[C]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[OUT]]
func.func @binary_chain_conv(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %scale = "edge.constant"() {value = dense<0.5> : tensor<1x8x1x1xf32>} : () -> tensor<1x8x1x1xf32>
  %bias = "edge.constant"() {value = dense<0.25> : tensor<1x8x1x1xf32>} : () -> tensor<1x8x1x1xf32>
  %w = "edge.constant"() {value = dense<1.0> : tensor<8x8x3x3xf32>} : () -> tensor<8x8x3x3xf32>
  %0 = "edge.mul"(%x, %scale) : (tensor<1x8x8x8xf32>, tensor<1x8x1x1xf32>) -> tensor<1x8x8x8xf32>
  %1 = "edge.add"(%0, %bias) : (tensor<1x8x8x8xf32>, tensor<1x8x1x1xf32>) -> tensor<1x8x8x8xf32>
  %2 = "edge.relu"(%1) : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %3 = "edge.conv2d"(%2, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x8x8x8xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x8x8xf32>
  return %3 : tensor<1x8x8x8xf32>
}

// -----

// LinearConv: linear(4 -> 3) then conv: 2 copies around the conv.
// CHECK-LABEL: func.func @linear_conv(
// CHECK: %[[L:.*]] = "edge.linear"(%arg0, %{{.*}}) :
// CHECK-NEXT: %[[LC:.*]] = "edge.to_copy"(%[[L]]) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NEXT: %[[C:.*]] = "edge.conv2d"(%[[LC]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[C]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[OUT]]
func.func @linear_conv(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x4x3xf32> {
  %lw = "edge.constant"() {value = dense<1.0> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %w = "edge.constant"() {value = dense<1.0> : tensor<3x3x3x3xf32>} : () -> tensor<3x3x3x3xf32>
  %0 = "edge.linear"(%x, %lw) : (tensor<1x3x4x4xf32>, tensor<3x4xf32>) -> tensor<1x3x4x3xf32>
  %1 = "edge.conv2d"(%0, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x4x3xf32>, tensor<3x3x3x3xf32>) -> tensor<1x3x4x3xf32>
  return %1 : tensor<1x3x4x3xf32>
}

// -----

// ConvLinear: conv then linear: the conv result goes back to NCHW for linear.
// CHECK-LABEL: func.func @conv_linear(
// CHECK-NEXT: %[[IN:.*]] = "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK: %[[C:.*]] = "edge.conv2d"(%[[IN]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[CC:.*]] = "edge.to_copy"(%[[C]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: %[[L:.*]] = "edge.linear"(%[[CC]], %{{.*}}) :
// CHECK-NEXT: return %[[L]]
func.func @conv_linear(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x4x5xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<3x3x3x3xf32>} : () -> tensor<3x3x3x3xf32>
  %lw = "edge.constant"() {value = dense<1.0> : tensor<5x4xf32>} : () -> tensor<5x4xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x4x4xf32>, tensor<3x3x3x3xf32>) -> tensor<1x3x4x4xf32>
  %1 = "edge.linear"(%0, %lw) : (tensor<1x3x4x4xf32>, tensor<5x4xf32>) -> tensor<1x3x4x5xf32>
  return %1 : tensor<1x3x4x5xf32>
}

// -----

// LinearConvDimSwap: linear -> to(channels_last) -> to(contiguous) -> conv.
// The user copies are layout changes (tagged); the conv still needs its own
// NHWC copy (xnn-remove-redundant-copies folds the chain later).
// CHECK-LABEL: func.func @linear_conv_dim_swap(
// CHECK: %[[L:.*]] = "edge.linear"(%arg0, %{{.*}}) :
// CHECK-NEXT: %[[U1:.*]] = "edge.to_copy"(%[[L]]) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NEXT: %[[U2:.*]] = "edge.to_copy"(%[[U1]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: %[[U2C:.*]] = "edge.to_copy"(%[[U2]]) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NEXT: %[[C:.*]] = "edge.conv2d"(%[[U2C]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[C]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[OUT]]
func.func @linear_conv_dim_swap(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x4x3xf32> {
  %lw = "edge.constant"() {value = dense<1.0> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %w = "edge.constant"() {value = dense<1.0> : tensor<3x3x3x3xf32>} : () -> tensor<3x3x3x3xf32>
  %0 = "edge.linear"(%x, %lw) : (tensor<1x3x4x4xf32>, tensor<3x4xf32>) -> tensor<1x3x4x3xf32>
  %1 = "edge.to_copy"(%0) {memory_format = "channels_last"} : (tensor<1x3x4x3xf32>) -> tensor<1x3x4x3xf32>
  %2 = "edge.to_copy"(%1) {memory_format = "contiguous"} : (tensor<1x3x4x3xf32>) -> tensor<1x3x4x3xf32>
  %3 = "edge.conv2d"(%2, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x4x3xf32>, tensor<3x3x3x3xf32>) -> tensor<1x3x4x3xf32>
  return %3 : tensor<1x3x4x3xf32>
}

// -----

// No 4-D value, no layout attribute, no layout copy: nothing can be tagged,
// the function is left exactly as it was (the pass skips the walk).
// CHECK-LABEL: func.func @no_four_d(
// CHECK-NOT: xnn.layout
// CHECK: %[[W:.*]] = "edge.constant"() {value = dense<1.000000e+00> : tensor<8x8xf32>}
// CHECK-NEXT: %[[L:.*]] = "edge.linear"(%arg0, %[[W]])
// CHECK-NEXT: %[[C:.*]] = "edge.to_copy"(%[[L]]) {dtype = bf16}
// CHECK-NEXT: %[[T:.*]] = "edge.tanh"(%[[C]])
// CHECK-NEXT: return %[[T]]
// CHECK-NOT: xnn.layout
func.func @no_four_d(%x: tensor<2x8xf32>) -> tensor<2x8xbf16> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<8x8xf32>} : () -> tensor<8x8xf32>
  %0 = "edge.linear"(%x, %w) : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
  %1 = "edge.to_copy"(%0) {dtype = bf16} : (tensor<2x8xf32>) -> tensor<2x8xbf16>
  %2 = "edge.tanh"(%1) : (tensor<2x8xbf16>) -> tensor<2x8xbf16>
  return %2 : tensor<2x8xbf16>
}

// -----

// A layout copy on a 2-D value still runs the rules (and is tagged).
// CHECK-LABEL: func.func @two_d_layout_copy(
// CHECK: "edge.to_copy"(%arg0) {memory_format = "contiguous", xnn.layout = "NCHW"}
func.func @two_d_layout_copy(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = "edge.to_copy"(%x) {memory_format = "contiguous"} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
