// xnn-tag-channels-last beyond ExecuTorch's tests: dtype-only copies,
// explicit layout copies, reductions, pools, constants, binary-op
// reconvergence, function argument / result layouts, other dialects' ops.
// RUN: xnn-opt %s --split-input-file --xnn-tag-channels-last | FileCheck %s
// RUN: xnn-opt %s --split-input-file --xnn-tag-channels-last --xnn-tag-channels-last | FileCheck %s

// A dtype-only copy (no memory_format) between two convs keeps its input's
// layout: it stays NHWC, no copy around it (ExecuTorch tags it NCHW and
// transposes twice; with the PR, its main raises KeyError).
// CHECK-LABEL: func.func @conv_dtype_copy_conv(
// CHECK-NEXT: %[[IN:.*]] = "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK: %[[C1:.*]] = "edge.conv2d"(%[[IN]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"} : {{.*}} -> tensor<1x1x6x6xf16>
// CHECK-NEXT: %[[F:.*]] = "edge.to_copy"(%[[C1]]) {dtype = f32, xnn.layout = "NHWC"} : (tensor<1x1x6x6xf16>) -> tensor<1x1x6x6xf32>
// CHECK-NEXT: %[[C2:.*]] = "edge.conv2d"(%[[F]], %{{.*}}) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[C2]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[OUT]]
func.func @conv_dtype_copy_conv(%x: tensor<1x1x6x6xf16>) -> tensor<1x1x6x6xf32> {
  %wh = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf16>} : () -> tensor<1x1x3x3xf16>
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.conv2d"(%x, %wh) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf16>, tensor<1x1x3x3xf16>) -> tensor<1x1x6x6xf16>
  %1 = "edge.to_copy"(%0) {dtype = f32} : (tensor<1x1x6x6xf16>) -> tensor<1x1x6x6xf32>
  %2 = "edge.conv2d"(%1, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  return %2 : tensor<1x1x6x6xf32>
}

// -----

// The same with to_dim_order_copy without dim_order, and with to_copy
// memory_format = "preserve": both layout-transparent.
// CHECK-LABEL: func.func @conv_dim_order_dtype_copy_conv(
// CHECK-COUNT-1: "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK: %[[D:.*]] = "edge.to_dim_order_copy"(%{{.*}}) {dtype = bf16, xnn.layout = "NHWC"}
// CHECK-NEXT: %[[P:.*]] = "edge.to_copy"(%[[D]]) {dtype = f32, memory_format = "preserve", xnn.layout = "NHWC"}
// CHECK-NEXT: "edge.conv2d"(%[[P]],
// CHECK-NEXT: "edge.to_copy"({{.*}}) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NOT: edge.to_copy
// CHECK: return
func.func @conv_dim_order_dtype_copy_conv(%x: tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %1 = "edge.to_dim_order_copy"(%0) {dtype = bf16} : (tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xbf16>
  %2 = "edge.to_copy"(%1) {dtype = f32, memory_format = "preserve"} : (tensor<1x1x6x6xbf16>) -> tensor<1x1x6x6xf32>
  %3 = "edge.conv2d"(%2, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  return %3 : tensor<1x1x6x6xf32>
}

// -----

// A dtype-only copy outside any NHWC region stays untagged (NCHW); a 2-D one
// too (the gemma case: nothing is NHWC).
// CHECK-LABEL: func.func @dtype_copies_nchw(
// CHECK-NOT: xnn.layout
// CHECK: return
func.func @dtype_copies_nchw(%x: tensor<1x3x4x4xf32>, %y: tensor<2x3xbf16>) -> (tensor<1x3x4x4xf16>, tensor<2x3xf32>) {
  %0 = "edge.to_copy"(%x) {dtype = f16} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf16>
  %1 = "edge.to_dim_order_copy"(%y) {dtype = f32} : (tensor<2x3xbf16>) -> tensor<2x3xf32>
  return %0, %1 : tensor<1x3x4x4xf16>, tensor<2x3xf32>
}

// -----

// Explicit layout changes: to_copy channels_last / to_dim_order_copy
// [0, 2, 3, 1] produce NHWC (the conv needs no copy of its own); contiguous /
// the identity dim_order produce NCHW (the result needs no output copy).
// CHECK-LABEL: func.func @explicit_layout_copies(
// CHECK-NEXT: %[[A:.*]] = "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NEXT: %[[B:.*]] = "edge.to_dim_order_copy"(%arg0) {dim_order = array<i64: 0, 2, 3, 1>, xnn.layout = "NHWC"}
// CHECK: %[[C1:.*]] = "edge.conv2d"(%[[A]],
// CHECK-NEXT: %[[C2:.*]] = "edge.conv2d"(%[[B]],
// CHECK-NEXT: %[[R1:.*]] = "edge.to_copy"(%[[C1]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: %[[R2:.*]] = "edge.to_dim_order_copy"(%[[C2]]) {dim_order = array<i64: 0, 1, 2, 3>, xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[R1]], %[[R2]]
func.func @explicit_layout_copies(%x: tensor<1x1x6x6xf32>) -> (tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>) {
  %0 = "edge.to_copy"(%x) {memory_format = "channels_last"} : (tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  %1 = "edge.to_dim_order_copy"(%x) {dim_order = array<i64: 0, 2, 3, 1>} : (tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %2 = "edge.conv2d"(%0, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %3 = "edge.conv2d"(%1, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %4 = "edge.to_copy"(%2) {memory_format = "contiguous"} : (tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  %5 = "edge.to_dim_order_copy"(%3) {dim_order = array<i64: 0, 1, 2, 3>} : (tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  return %4, %5 : tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>
}

// -----

// mean over [2, 3] needs NHWC; mean over [-1] is layout-following: on an
// NCHW input it stays NCHW, no copy.
// CHECK-LABEL: func.func @mean_hw_vs_last(
// CHECK-NEXT: %[[IN:.*]] = "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NEXT: %[[M1:.*]] = "edge.mean"(%[[IN]]) {dims = array<i64: 2, 3>, keepdim = true, xnn.layout = "NHWC"}
// CHECK-NEXT: %[[O1:.*]] = "edge.to_copy"(%[[M1]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: %[[M2:.*]] = "edge.mean"(%arg0) {dims = array<i64: -1>, keepdim = true} :
// CHECK-NEXT: return %[[O1]], %[[M2]]
func.func @mean_hw_vs_last(%x: tensor<1x3x4x4xf32>) -> (tensor<1x3x1x1xf32>, tensor<1x3x4x1xf32>) {
  %0 = "edge.mean"(%x) {dims = array<i64: 2, 3>, keepdim = true} : (tensor<1x3x4x4xf32>) -> tensor<1x3x1x1xf32>
  %1 = "edge.mean"(%x) {dims = array<i64: -1>, keepdim = true} : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x1xf32>
  return %0, %1 : tensor<1x3x1x1xf32>, tensor<1x3x4x1xf32>
}

// -----

// After a conv: mean over [-1] with keepdim follows into NHWC (4-D result);
// without keepdim its 3-D result has no NHWC form, so its input goes back to
// NCHW. sum over [-2, -1] without keepdim runs in NHWC and yields [N, C]
// (the same bytes in both layouts): untagged, no output copy.
// CHECK-LABEL: func.func @reductions_after_conv(
// CHECK: %[[C:.*]] = "edge.conv2d"(
// CHECK-NEXT: %[[CC:.*]] = "edge.to_copy"(%[[C]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: %[[K:.*]] = "edge.mean"(%[[C]]) {dims = array<i64: -1>, keepdim = true, xnn.layout = "NHWC"}
// CHECK-NEXT: %[[KC:.*]] = "edge.to_copy"(%[[K]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: %[[N:.*]] = "edge.mean"(%[[CC]]) {dims = array<i64: -1>, keepdim = false} :
// CHECK-NEXT: %[[S:.*]] = "edge.sum"(%[[C]]) {dims = array<i64: -2, -1>, keepdim = false} :
// CHECK-NEXT: return %[[KC]], %[[N]], %[[S]]
func.func @reductions_after_conv(%x: tensor<1x1x6x6xf32>) -> (tensor<1x1x6x1xf32>, tensor<1x1x6xf32>, tensor<1x1xf32>) {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %1 = "edge.mean"(%0) {dims = array<i64: -1>, keepdim = true} : (tensor<1x1x6x6xf32>) -> tensor<1x1x6x1xf32>
  %2 = "edge.mean"(%0) {dims = array<i64: -1>, keepdim = false} : (tensor<1x1x6x6xf32>) -> tensor<1x1x6xf32>
  %3 = "edge.sum"(%0) {dims = array<i64: -2, -1>, keepdim = false} : (tensor<1x1x6x6xf32>) -> tensor<1x1xf32>
  return %1, %2, %3 : tensor<1x1x6x1xf32>, tensor<1x1x6xf32>, tensor<1x1xf32>
}

// -----

// Pools run in NHWC; a pool chain needs one copy at each end.
// CHECK-LABEL: func.func @pools(
// CHECK-NEXT: %[[IN:.*]] = "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NEXT: %[[M:.*]] = "edge.max_pool2d"(%[[IN]]) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[A:.*]] = "edge.avg_pool2d"(%[[M]]) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[OUT:.*]] = "edge.to_copy"(%[[A]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[OUT]]
func.func @pools(%x: tensor<1x4x9x9xf32>) -> tensor<1x4x2x2xf32> {
  %0 = "edge.max_pool2d"(%x) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel_size = array<i64: 3, 3>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x9x9xf32>) -> tensor<1x4x4x4xf32>
  %1 = "edge.avg_pool2d"(%0) {kernel_size = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x4xf32>) -> tensor<1x4x2x2xf32>
  return %1 : tensor<1x4x2x2xf32>
}

// -----

// Constants: a 4-D conv weight and a [1, C, 1, 1] scale used in NHWC are
// tagged NHWC (the lowering permutes their data once), never copied. The
// bias (1-D) is left alone.
// CHECK-LABEL: func.func @constants_nhwc(
// CHECK-DAG: %[[W:.*]] = "edge.constant"() {value = {{.*}} : tensor<4x3x3x3xf32>, xnn.layout = "NHWC"}
// CHECK-DAG: %[[B:.*]] = "edge.constant"() {value = {{.*}} : tensor<4xf32>} :
// CHECK-DAG: %[[S:.*]] = "edge.constant"() {value = {{.*}} : tensor<1x4x1x1xf32>, xnn.layout = "NHWC"}
// CHECK: %[[C:.*]] = "edge.conv2d"(%{{.*}}, %[[W]], %[[B]]) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[M:.*]] = "edge.mul"(%[[C]], %[[S]]) {xnn.layout = "NHWC"}
// CHECK-NEXT: "edge.to_copy"(%[[M]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NOT: edge.to_copy
// CHECK: return
func.func @constants_nhwc(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<4x3x3x3xf32>} : () -> tensor<4x3x3x3xf32>
  %b = "edge.constant"() {value = dense<0.5> : tensor<4xf32>} : () -> tensor<4xf32>
  %s = "edge.constant"() {value = dense<2.0> : tensor<1x4x1x1xf32>} : () -> tensor<1x4x1x1xf32>
  %0 = "edge.conv2d"(%x, %w, %b) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
  %1 = "edge.mul"(%0, %s) : (tensor<1x4x8x8xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x8x8xf32>
  return %1 : tensor<1x4x8x8xf32>
}

// -----

// A dynamic conv weight (a function argument) is brought to NHWC by a copy
// like any other value.
// CHECK-LABEL: func.func @dynamic_weight(
// CHECK-DAG: %[[X:.*]] = "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-DAG: %[[W:.*]] = "edge.to_copy"(%arg1) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK: "edge.conv2d"(%[[X]], %[[W]])
func.func @dynamic_weight(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

// Mixed-layout binary ops are reconverged. conv + NCHW 4-D argument: the
// argument goes to NHWC. conv + a constant that an NCHW op already pinned to
// NCHW: the conv result goes to NCHW instead (the constant cannot move).
// CHECK-LABEL: func.func @binary_reconverge(
// CHECK-DAG: %[[YC:.*]] = "edge.to_copy"(%arg1) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-DAG: %[[K:.*]] = "edge.constant"() {value = {{.*}} : tensor<1x1x6x6xf32>} :
// CHECK: %[[KV:.*]] = "edge.add"(%arg1, %[[K]]) :
// CHECK: %[[C:.*]] = "edge.conv2d"(
// CHECK-NEXT: %[[CC:.*]] = "edge.to_copy"(%[[C]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: %[[A:.*]] = "edge.add"(%[[C]], %[[YC]]) {xnn.layout = "NHWC"}
// CHECK-NEXT: %[[AC:.*]] = "edge.to_copy"(%[[A]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: %[[S:.*]] = "edge.sub"(%[[CC]], %[[K]]) :
// CHECK-NEXT: return %[[AC]], %[[S]], %[[KV]]
func.func @binary_reconverge(%x: tensor<1x1x6x6xf32>, %y: tensor<1x1x6x6xf32>) -> (tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>) {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %k = "edge.constant"() {value = dense<3.0> : tensor<1x1x6x6xf32>} : () -> tensor<1x1x6x6xf32>
  %kv = "edge.add"(%y, %k) : (tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %1 = "edge.add"(%0, %y) : (tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  %2 = "edge.sub"(%0, %k) : (tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  return %1, %2, %kv : tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>
}

// -----

// Multi-output function with mixed layouts: result 0 is declared NHWC (the
// conv result is returned as is, the NCHW add result gets a channels_last
// copy), result 1 NCHW (the conv result gets a contiguous copy).
// CHECK-LABEL: func.func @multi_output(
// CHECK: %[[C:.*]] = "edge.conv2d"(
// CHECK-NEXT: %[[CC:.*]] = "edge.to_copy"(%[[C]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: %[[A:.*]] = "edge.add"(%arg1, %arg1) :
// CHECK-NEXT: %[[AC:.*]] = "edge.to_copy"(%[[A]]) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK-NEXT: return %[[C]], %[[CC]], %[[AC]], %[[A]]
func.func @multi_output(%x: tensor<1x1x6x6xf32>, %y: tensor<1x2x3x3xf32>) -> (tensor<1x1x6x6xf32> {xnn.layout = "NHWC"}, tensor<1x1x6x6xf32>, tensor<1x2x3x3xf32> {xnn.layout = "NHWC"}, tensor<1x2x3x3xf32> {xnn.layout = "NCHW"}) {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %1 = "edge.add"(%y, %y) : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %0, %0, %1, %1 : tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// NHWC function argument: a conv reads it directly, a view and the NCHW
// result share one contiguous copy, placed at the top of the body.
// CHECK-LABEL: func.func @nhwc_argument(
// CHECK-NEXT: %[[XC:.*]] = "edge.to_copy"(%arg0) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK: %[[C:.*]] = "edge.conv2d"(%arg0,
// CHECK-NEXT: %[[CC:.*]] = "edge.to_copy"(%[[C]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: %[[V:.*]] = "edge.view"(%[[XC]]) :
// CHECK-NEXT: return %[[CC]], %[[V]], %[[XC]]
// CHECK-NOT: edge.to_copy
func.func @nhwc_argument(%x: tensor<1x1x6x6xf32> {xnn.layout = "NHWC"}) -> (tensor<1x1x6x6xf32>, tensor<36xf32>, tensor<1x1x6x6xf32>) {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %1 = "edge.view"(%x) : (tensor<1x1x6x6xf32>) -> tensor<36xf32>
  return %0, %1, %x : tensor<1x1x6x6xf32>, tensor<36xf32>, tensor<1x1x6x6xf32>
}

// -----

// An NHWC value returned as an NHWC result and an NHWC argument passed
// through unchanged: no copy at all.
// CHECK-LABEL: func.func @nhwc_in_nhwc_out(
// CHECK-NOT: edge.to_copy
// CHECK: return
func.func @nhwc_in_nhwc_out(%x: tensor<1x1x6x6xf32> {xnn.layout = "NHWC"}) -> (tensor<1x1x6x6xf32> {xnn.layout = "NHWC"}, tensor<1x1x6x6xf32> {xnn.layout = "NHWC"}) {
  %0 = "edge.relu"(%x) : (tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  return %0, %x : tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>
}

// -----

// Layout-following ops other than binary: permute, slice, softmax and a
// 3-input cat with an NCHW argument (brought to NHWC) after a conv.
// CHECK-LABEL: func.func @following_ops(
// CHECK-DAG: %[[YC:.*]] = "edge.to_copy"(%arg1) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK: %[[C:.*]] = "edge.conv2d"(
// CHECK-NEXT: %[[P:.*]] = "edge.permute"(%[[C]]) {dims = array<i64: 0, 1, 3, 2>, xnn.layout = "NHWC"}
// CHECK-NEXT: %[[S:.*]] = "edge.slice"(%[[P]]) {{{.*}}xnn.layout = "NHWC"}
// CHECK-NEXT: %[[SM:.*]] = "edge.softmax"(%[[S]]) {dim = 1 : i64, xnn.layout = "NHWC"}
// CHECK-NEXT: %[[CAT:.*]] = "edge.cat"(%[[SM]], %[[YC]], %[[SM]]) {dim = 1 : i64, xnn.layout = "NHWC"}
// CHECK-NEXT: "edge.to_copy"(%[[CAT]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NOT: edge.to_copy
// CHECK: return
func.func @following_ops(%x: tensor<1x1x6x6xf32>, %y: tensor<1x1x6x3xf32>) -> tensor<1x3x6x3xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %1 = "edge.permute"(%0) {dims = array<i64: 0, 1, 3, 2>} : (tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  %2 = "edge.slice"(%1) {dim = 3 : i64, start = 0 : i64, end = 3 : i64, step = 1 : i64} : (tensor<1x1x6x6xf32>) -> tensor<1x1x6x3xf32>
  %3 = "edge.softmax"(%2) {dim = 1 : i64} : (tensor<1x1x6x3xf32>) -> tensor<1x1x6x3xf32>
  %4 = "edge.cat"(%3, %y, %3) {dim = 1 : i64} : (tensor<1x1x6x3xf32>, tensor<1x1x6x3xf32>, tensor<1x1x6x3xf32>) -> tensor<1x3x6x3xf32>
  return %4 : tensor<1x3x6x3xf32>
}

// -----

// Ops of other dialects are opaque: their operands are brought to NCHW (here
// a conv result passed to func.call). A function declaration is skipped.
// Delegate functions are processed like any other.
// CHECK-LABEL: func.func private @ext(
// CHECK-LABEL: func.func private @xnn_delegate_0(
// CHECK-NEXT: %[[IN:.*]] = "edge.to_copy"(%arg0) {memory_format = "channels_last", xnn.layout = "NHWC"}
// CHECK: %[[C:.*]] = "edge.conv2d"(%[[IN]],
// CHECK-NEXT: %[[CC:.*]] = "edge.to_copy"(%[[C]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: return %[[CC]]
// CHECK-LABEL: func.func @caller(
// CHECK: %[[D:.*]] = call @xnn_delegate_0(%arg0)
// CHECK: %[[C:.*]] = "edge.conv2d"(
// CHECK-NEXT: %[[CC:.*]] = "edge.to_copy"(%[[C]]) {memory_format = "contiguous", xnn.layout = "NCHW"}
// CHECK-NEXT: call @ext(%[[CC]])
func.func private @ext(tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
func.func private @xnn_delegate_0(%x: tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32> attributes {xnn.delegate} {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = "edge.conv2d"(%x, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  return %0 : tensor<1x1x6x6xf32>
}
func.func @caller(%x: tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %0 = func.call @xnn_delegate_0(%x) : (tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  %1 = "edge.conv2d"(%0, %w) {stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %2 = func.call @ext(%1) : (tensor<1x1x6x6xf32>) -> tensor<1x1x6x6xf32>
  return %2 : tensor<1x1x6x6xf32>
}
