// A copy of a constant that the pipeline reduces to the constant itself (a
// channels_last copy, removed inside the delegate as a layout change nobody
// needs) is returned by the delegate as a lowered xnn.constant (copied to the
// output), so xnn-run and xnn-translate take the module the pipeline produced.
// RUN: xnn-opt %s --xnn-delegate -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: xnn-run %t.mlir --compare %s | FileCheck %s --check-prefix=CMP
// RUN: xnn-translate --xnn-to-c %t.mlir -o %t.c
// CMP: output 0: {{.*}} bitwise=equal {{.*}} ok
// CMP: output 1: {{.*}} bitwise=equal {{.*}} ok

// CHECK-LABEL: func.func private @xnn_delegate_0
// CHECK-NOT: "edge.
// CHECK: %[[C:.*]] = "xnn.constant"() {value = dense<5.000000e-01> : tensor<1x2x2x2xf32>}
// CHECK: return %[[C]],
func.func @forward(%x: tensor<2x2xf32>) -> (tensor<1x2x2x2xf32>, tensor<2x2xf32>) {
  %c = "edge.constant"() {value = dense<0.5> : tensor<1x2x2x2xf32>} : () -> tensor<1x2x2x2xf32>
  %0 = "edge.to_copy"(%c) {memory_format = "channels_last"} : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %1 = "edge.add"(%x, %x) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0, %1 : tensor<1x2x2x2xf32>, tensor<2x2xf32>
}
