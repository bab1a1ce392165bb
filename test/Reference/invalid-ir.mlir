// Invalid IR that only the project's verifier rejects (IRDL accepts it).
// With --no-verify it still fails cleanly in the interpreter (which verifies every op it runs).
// RUN: not xnn-ref-test %s --func=bad_broadcast --input='1,2,3;1,2' --no-verify 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: {{.*}}invalid-ir.mlir:[[# @LINE + 2]]:8: error: 'edge.add' op operand shapes 3 and 2 are not broadcast-compatible
func.func @bad_broadcast(%a: tensor<3xf32>, %b: tensor<2xf32>) -> tensor<3xf32> {
  %0 = "edge.add"(%a, %b) : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
// Without --no-verify the tool's own verification reports it first.
// RUN: not xnn-ref-test %s --func=bad_broadcast --input='1,2,3;1,2' 2>&1 | FileCheck %s --check-prefix=VER
// VER: invalid-ir.mlir:[[# @LINE - 5]]:8: error: 'edge.add' op operand shapes 3 and 2 are not broadcast-compatible

