// Bounds on |x| before a bf16 rounding, by interval arithmetic through the
// delegate (lib/Emit/AbsBounds.c): the rounding helper takes the unscaled form
// (3 passes) where the bound is within 2^111, the scaled form (5) elsewhere.
// test/Correctness/bf16-rounding-bounds.mlir runs both against the reference.
// RUN: xnn-translate --xnn-to-c %s -o %t.c
// RUN: FileCheck %s --input-file=%t.c

// clamp(x, -6, 6) -> fully connected (|w| row sums 4, |b| <= 4): (6 * 4 + 4)
// times the f32 summation growth; then a multiply and an add by constants;
// weights of 2^110 give more than 2^111: no bound. A delegate input has none.
// CHECK-LABEL: xnn_delegate_0 (@chain)
// CHECK: xnnmlir_define_round_f32_to_bf16_rne(subgraph, 2, (const size_t[]){2, 4}, t[{{[0-9]+}}], t[{{[0-9]+}}], 28.0000{{[0-9]*}}f, 1.0f, 0);
// CHECK: xnnmlir_define_round_f32_to_bf16_rne(subgraph, 2, (const size_t[]){2, 4}, t[{{[0-9]+}}], t[{{[0-9]+}}], 57.{{[0-9]*}}f, 1.0f, 0);
// CHECK: xnnmlir_define_round_f32_to_bf16_rne(subgraph, 2, (const size_t[]){2, 4}, t[{{[0-9]+}}], t[{{[0-9]+}}], INFINITY, 1.0f, 0);
// CHECK: xnnmlir_define_round_f32_to_bf16_rne(subgraph, 2, (const size_t[]){2, 8}, t[{{[0-9]+}}], t[{{[0-9]+}}], INFINITY, 1.0f, 0);
func.func private @chain(%x: tensor<2x8xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x8xf32>) attributes {xnn.delegate} {
  %c = "xnn.unary"(%x) {kind = "clamp", min = -6.0 : f64, max = 6.0 : f64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %w = "xnn.constant"() {value = dense<[[0.5, -0.5, 0.5, -0.5, 0.5, -0.5, 0.5, -0.5], [0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 4.0], [1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<4x8xf32>} : () -> tensor<4x8xf32>
  %b = "xnn.constant"() {value = dense<[1.0, -2.0, 3.0, -4.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %y = "xnn.fully_connected"(%c, %w, %b) : (tensor<2x8xf32>, tensor<4x8xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %r = "xnn.convert"(%y) {round_to_bf16 = true} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %two = "xnn.constant"() {value = dense<2.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %m = "xnn.binary"(%r, %two) {kind = "multiply"} : (tensor<2x4xf32>, tensor<1xf32>) -> tensor<2x4xf32>
  %one = "xnn.constant"() {value = dense<-1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %a = "xnn.binary"(%m, %one) {kind = "add"} : (tensor<2x4xf32>, tensor<1xf32>) -> tensor<2x4xf32>
  %ra = "xnn.convert"(%a) {round_to_bf16 = true} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %big = "xnn.constant"() {value = dense<0x76800000> : tensor<4x8xf32>} : () -> tensor<4x8xf32>
  %z = "xnn.fully_connected"(%c, %big) : (tensor<2x8xf32>, tensor<4x8xf32>) -> tensor<2x4xf32>
  %rz = "xnn.convert"(%z) {round_to_bf16 = true} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %rx = "xnn.convert"(%x) {round_to_bf16 = true} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %s = "xnn.binary"(%rz, %ra) {kind = "add"} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %s, %ra, %rx : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x8xf32>
}
