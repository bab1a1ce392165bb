// Errors are reported with the op name and its location; nothing crashes.
// RUN: not xnn-ref-test %s --func=embedding --input='0,3' 2>&1 | FileCheck %s --check-prefix=EMB
// EMB: {{.*}}errors.mlir:[[# @LINE + 3]]:8: error: 'edge.embedding' op index 3 (at position 1) is out of range [0, 3)
func.func @embedding(%i: tensor<2xi64>) -> tensor<2x2xf32> {
  %w = "edge.constant"() {value = dense<1.0> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %0 = "edge.embedding"(%w, %i) : (tensor<3x2xf32>, tensor<2xi64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
// RUN: not xnn-ref-test %s --func=embedding --input='-1,0' 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: 'edge.embedding' op index -1 (at position 0) is out of range [0, 3)
// RUN: not xnn-ref-test %s --func=embedding_4bit --input='2,-5' 2>&1 | FileCheck %s --check-prefix=EMB4
// EMB4: {{.*}}errors.mlir:[[# @LINE + 4]]:8: error: 'edge.embedding_4bit' op index -5 (at position 1) is out of range [0, 3)
func.func @embedding_4bit(%i: tensor<2xi32>) -> tensor<2x4xf32> {
  %w = "edge.constant"() {value = dense<17> : tensor<3x2xi8>} : () -> tensor<3x2xi8>
  %s = "edge.constant"() {value = dense<0.5> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "edge.embedding_4bit"(%w, %s, %i) {quant_min = -8 : i64, quant_max = 7 : i64} : (tensor<3x2xi8>, tensor<3xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// Input count / shape / dtype mismatches (API checks, forced by the tool).
// RUN: not xnn-ref-test %s --func=embedding --input='0,1' --num-inputs=0 2>&1 | FileCheck %s --check-prefix=CNT
// CNT: {{.*}}errors.mlir:4:1: error: 'func.func' op function @embedding takes 1 inputs, got 0
// RUN: not xnn-ref-test %s --func=embedding --input='0,1' --num-inputs=2 2>&1 | FileCheck %s --check-prefix=CNT2
// CNT2: function @embedding takes 1 inputs, got 2
// RUN: not xnn-ref-test %s --func=embedding --input='0,1,2' --input-types='tensor<3xi64>' 2>&1 | FileCheck %s --check-prefix=SHP
// SHP: 'func.func' op input #0 of @embedding is tensor<3xi64>, expected 'tensor<2xi64>'
// RUN: not xnn-ref-test %s --func=embedding --input='0,1' --input-types='tensor<2xi32>' 2>&1 | FileCheck %s --check-prefix=DT
// DT: input #0 of @embedding is tensor<2xi32>, expected 'tensor<2xi64>'

// Ops the interpreter does not know (here: func.constant / func.call_indirect).
// RUN: not xnn-ref-test %s --func=unsupported --input=1 2>&1 | FileCheck %s --check-prefix=UNS
// UNS: {{.*}}errors.mlir:[[# @LINE + 2]]:8: error: 'func.constant' op is not supported by the reference interpreter
func.func @unsupported(%x: tensor<f32>) -> tensor<f32> {
  %f = constant @recurse : (tensor<f32>) -> tensor<f32>
  %0 = call_indirect %f(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// A delegate holding xnn ops needs a delegate hook.
// RUN: not xnn-ref-test %s --func=xnn_call --input=1 2>&1 | FileCheck %s --check-prefix=XNN
// XNN: {{.*}}errors.mlir:[[# @LINE + 6]]:8: error: 'func.call' op delegate @xnn_delegate_0 contains 'xnn.binary': running xnn ops needs a delegate hook
func.func private @xnn_delegate_0(%a: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  %0 = "xnn.binary"(%a, %a) {kind = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @xnn_call(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = call @xnn_delegate_0(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// Elided constant payloads cannot run.
// RUN: not xnn-ref-test %s --func=elided 2>&1 | FileCheck %s --check-prefix=ELD
// ELD: 'edge.constant' op cannot read the value: dense_resource has no blob (missing from dialect_resources, or elided)
func.func @elided() -> tensor<2xf32> {
  %0 = "edge.constant"() {value = dense_resource<__elided__> : tensor<2xf32>} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// Recursion is bounded.
// RUN: not xnn-ref-test %s --func=recurse --input=1 2>&1 | FileCheck %s --check-prefix=REC
// REC: 'func.call' op call depth exceeds 64
func.func @recurse(%x: tensor<f32>) -> tensor<f32> {
  %0 = call @recurse(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// Tool-level input errors.
// RUN: not xnn-ref-test %s --func=embedding 2>&1 | FileCheck %s --check-prefix=MISS
// MISS: xnn-ref-test: error: no value for input #0 (give --input or --seed)
// RUN: not xnn-ref-test %s --func=embedding --input='1,2,3' 2>&1 | FileCheck %s --check-prefix=NUM
// NUM: xnn-ref-test: error: input #0 has 2 elements, 3 values given
// RUN: not xnn-ref-test %s --func=embedding --input='1,x' 2>&1 | FileCheck %s --check-prefix=MAL
// MAL: xnn-ref-test: error: input #0: malformed value 'x' for i64
// RUN: not xnn-ref-test %s --func=nosuch 2>&1 | FileCheck %s --check-prefix=NOF
// NOF: errors.mlir:1:1: error: no func.func @nosuch in the module

// A dense_resource key without a blob in dialect_resources is an error, not a read of nothing.
// RUN: not xnn-ref-test %s --func=no_blob 2>&1 | FileCheck %s --check-prefix=BLOB
// BLOB: 'edge.constant' op cannot read the value: dense_resource has no blob
func.func @no_blob() -> (tensor<2xf32>, tensor<2xi1>) {
  %0 = "edge.constant"() {value = dense_resource<nosuch> : tensor<2xf32>} : () -> tensor<2xf32>
  %1 = "edge.constant"() {value = dense_resource<nosuch2> : tensor<2xi1>} : () -> tensor<2xi1>
  return %0, %1 : tensor<2xf32>, tensor<2xi1>
}
