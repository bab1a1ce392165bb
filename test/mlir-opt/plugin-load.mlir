// Stock mlir-opt loads this project's passes through the C++ shim plugin and
// runs them by name; MLIR's plugin loader ignores failures silently, so the
// checks below only pass if the pass really ran (it adds nothing on valid IR,
// so the pipeline dump and the verifier's diagnostic prove it is there).
// RUN: mlir-opt %s %irdl_files --load-pass-plugin=%mlir_opt_plugin \
// RUN:   --pass-pipeline='builtin.module(xnn-verify,func.func(cse))' --dump-pass-pipeline -o /dev/null 2>&1 \
// RUN:   | FileCheck %s
// RUN: not mlir-opt %s %irdl_files --load-pass-plugin=%mlir_opt_plugin \
// RUN:   --pass-pipeline='builtin.module(xnn-verify{bogus=1})' 2>&1 | FileCheck %s --check-prefix=OPTION

// CHECK: xnn-verify
// CHECK: cse
// OPTION: no such option 'bogus' for pass 'xnn-verify'

func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// The whole delegate pipeline through stock mlir-opt, with options.
// RUN: mlir-opt %xnnmlir_src/examples/mlp_bf16.mlir %irdl_files --load-pass-plugin=%mlir_opt_plugin \
// RUN:   --pass-pipeline='builtin.module(xnn-delegate{fold-dtype-converts=true})' | FileCheck %s --check-prefix=DELEGATE
// DELEGATE: call @xnn_delegate_0
// DELEGATE: func.func private @xnn_delegate_0
// DELEGATE: "xnn.fully_connected"

// Every project pass loaded into mlir-opt starts with the edge/xnn rule checks
// (mlir-opt runs none of its own): IR they reject never reaches the pass.
// RUN: not mlir-opt %S/Inputs/too-large-type.mlir %irdl_files --load-pass-plugin=%mlir_opt_plugin \
// RUN:   --pass-pipeline='builtin.module(xnn-delegate)' 2>&1 | FileCheck %s --check-prefix=RULES
// RULES: too-large-type.mlir:2:8: error: 'edge.relu' op operand #0 ('x') type 'tensor<1x3x9223372036854775807x4xf32>' is too large
