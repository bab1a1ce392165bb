// bf16 roundings after a linear layer whose input is clamped: with weights of
// 0.5 the bound on |x| (lib/Emit/AbsBounds.c) is small and the rounding takes
// the unscaled form; with weights of 2^120 the results pass 2^112, where that
// form would overflow: xnn-simplify-roundings folds the scaled form's 2^-17
// into the weights (input_scale on the rounding, whose input is then bounded
// by 2^111). A product by 2^120 that is no linear layer keeps the scaled form
// (bound INFINITY, no input_scale). All equal the reference interpreter bit
// for bit, live and in emitted C.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xnn-opt %s --xnn-delegate -o %t/lowered.mlir
// RUN: xnn-translate --xnn-to-c %t/lowered.mlir -o %t/model.c
// RUN: FileCheck %s --input-file=%t/model.c
// RUN: xnn-run %t/lowered.mlir --seed 3 --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-run %t/lowered.mlir --seed 3 --output-dir %t/io > /dev/null
// RUN: %cc -std=c11 %t/model.c %xnnmlir_src/examples/run_delegate.c $(cat %xnnmlir_obj_root/share/xnnmlir/xnnpack.flags) -o %t/model
// RUN: %t/model %t/io 0 | FileCheck %s --check-prefix=C
// CMP: output 0: bf16[2, 4] {{.*}} bitwise=equal
// CMP: output 1: bf16[2, 4] {{.*}} bitwise=equal
// CMP: output 2: bf16[2, 8] {{.*}} bitwise=equal
// C: output 0: {{.*}} bitwise equal
// C: output 1: {{.*}} bitwise equal
// C: output 2: {{.*}} bitwise equal

// CHECK: s = xnnmlir_define_convert_f32_to_bf16_rne(subgraph, 2, (const size_t[]){2, 4}, t[{{[0-9]+}}], t[{{[0-9]+}}], 28.{{[0-9]+}}f, 1.0f, 0);
// CHECK: s = xnnmlir_define_convert_f32_to_bf16_rne(subgraph, 2, (const size_t[]){2, 4}, t[{{[0-9]+}}], t[{{[0-9]+}}], {{[0-9.]+}}e+32f, 7.62939453e-06f, 0);
// CHECK: s = xnnmlir_define_convert_f32_to_bf16_rne(subgraph, 2, (const size_t[]){2, 8}, t[{{[0-9]+}}], t[{{[0-9]+}}], INFINITY, 1.0f, 0);
func.func @forward(%x: tensor<2x8xbf16>) -> (tensor<2x4xbf16>, tensor<2x4xbf16>, tensor<2x8xbf16>) {
  %c = "edge.hardtanh"(%x) {min_val = -6.0 : f64, max_val = 6.0 : f64} : (tensor<2x8xbf16>) -> tensor<2x8xbf16>
  %w = "edge.constant"() {value = dense<0.5> : tensor<4x8xbf16>} : () -> tensor<4x8xbf16>
  %b = "edge.constant"() {value = dense<[1.0, -2.0, 3.0, -4.0]> : tensor<4xbf16>} : () -> tensor<4xbf16>
  %y = "edge.linear"(%c, %w, %b) : (tensor<2x8xbf16>, tensor<4x8xbf16>, tensor<4xbf16>) -> tensor<2x4xbf16>
  %big = "edge.constant"() {value = dense<0x7B80> : tensor<4x8xbf16>} : () -> tensor<4x8xbf16>
  %z = "edge.linear"(%c, %big) : (tensor<2x8xbf16>, tensor<4x8xbf16>) -> tensor<2x4xbf16>
  %k = "edge.constant"() {value = dense<0x7B80> : tensor<2x8xbf16>} : () -> tensor<2x8xbf16>
  %m = "edge.mul"(%c, %k) : (tensor<2x8xbf16>, tensor<2x8xbf16>) -> tensor<2x8xbf16>
  return %y, %z, %m : tensor<2x4xbf16>, tensor<2x4xbf16>, tensor<2x8xbf16>
}
