// Expected diagnostics: every designator form, substring and regex matches.
// RUN: xnn-opt %s --split-input-file --verify-diagnostics
// Missing and unexpected diagnostics make the run fail, with located reports.
// RUN: not xnn-opt %S/Inputs/diag-mismatch.mlir --split-input-file --verify-diagnostics 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISMATCH
// only-expected ignores diagnostics nobody expected, but not missing ones.
// RUN: not xnn-opt %S/Inputs/diag-mismatch.mlir --split-input-file --verify-diagnostics=only-expected 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONLY
// Without the flag the same errors are printed, located, with the source line.
// RUN: not xnn-opt %S/Inputs/diag-mismatch.mlir --split-input-file 2>&1 | FileCheck %s --check-prefix=PLAIN

// MISMATCH: diag-mismatch.mlir:3:8: error: unexpected error: {{.*}}edge.nosuchop
// MISMATCH: diag-mismatch.mlir:9:4: error: expected error "this is never emitted" was not produced
// ONLY-NOT: unexpected error
// ONLY: diag-mismatch.mlir:9:4: error: expected error "this is never emitted" was not produced
// PLAIN: diag-mismatch.mlir:3:8: error: unregistered operation 'edge.nosuchop'
// PLAIN-NEXT: {{^}}  %0 = "edge.nosuchop"(%a)
// PLAIN-NEXT: {{^       \^$}}

func.func @plus_one(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unregistered operation 'edge.bogus'}}
  %0 = "edge.bogus"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @minus_one(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.bogus"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error @-1 {{unregistered operation}}
  return %0 : tensor<4xf32>
}

// -----

func.func @above(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.bogus"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error @above {{does not allow unknown operations}}
  return %0 : tensor<4xf32>
}

// -----

func.func @below(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{edge.bogus}}
  %0 = "edge.bogus"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @regex(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error-re @+1 {{unregistered operation 'edge.{{[a-z]+}}' found}}
  %0 = "edge.bogus"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @same_line(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "edge.bogus"(%a) : (tensor<4xf32>) -> tensor<4xf32> // expected-error {{edge.bogus}}
  return %0 : tensor<4xf32>
}
