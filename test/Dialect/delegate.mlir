// Delegate function rules (SPEC 3.3): a delegate is a private func.func with
// the unit attribute xnn.delegate and a body of edge.*/xnn.* ops and
// func.return only; xnn ops are legal only inside delegates.
// RUN: xnn-opt %s --split-input-file --verify-diagnostics

// DOC: a delegate and its call
// A well-formed delegate and its call site.
func.func private @xnn_delegate_0(%a: tensor<4xf32>, %b: tensor<4xbf16>) -> tensor<4xf32> attributes {xnn.delegate} {
  %0 = "xnn.convert"(%b) : (tensor<4xbf16>) -> tensor<4xf32>
  %1 = "edge.add"(%a, %0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "xnn.binary"(%1, %a) {kind = "multiply"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}
func.func @main(%a: tensor<4xf32>, %b: tensor<4xbf16>) -> tensor<4xf32> {
  %0 = call @xnn_delegate_0(%a, %b) : (tensor<4xf32>, tensor<4xbf16>) -> tensor<4xf32>
  %1 = "edge.relu"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op delegate function @public_delegate must be private}}
func.func @public_delegate(%a: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op delegate function @no_body must have a body}}
func.func private @no_body(%a: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate}

// -----

// expected-error @+1 {{'func.func' op attribute 'xnn.delegate' of @not_unit must be a unit attribute, got true}}
func.func private @not_unit(%a: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate = true} {
  return %a : tensor<4xf32>
}

// -----

func.func private @helper(%a: tensor<4xf32>) -> tensor<4xf32>
func.func private @calls_out(%a: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'func.call' op is not allowed inside delegate function @calls_out (only edge.*, xnn.* and func.return)}}
  %0 = func.call @helper(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @inner(%a: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  return %a : tensor<4xf32>
}
func.func private @calls_delegate(%a: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'func.call' op is not allowed inside delegate function @calls_delegate}}
  %0 = func.call @inner(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @helper2(%a: tensor<4xf32>) -> tensor<4xf32>
func.func private @foreign_op(%a: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'func.constant' op is not allowed inside delegate function @foreign_op}}
  %f = func.constant @helper2 : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op delegate function @dynamic_arg argument #0 must be a ranked tensor with a static shape, got 'tensor<?xf32>'}}
func.func private @dynamic_arg(%a: tensor<?xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  %0 = "edge.constant"() {value = dense<1.0> : tensor<4xf32>} : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// expected-error @+2 {{'func.func' op delegate function @scalar_result argument #0 must be a ranked tensor with a static shape, got 'f32'}}
// expected-error @+1 {{'func.func' op delegate function @scalar_result result #0 must be a ranked tensor with a static shape, got 'f32'}}
func.func private @scalar_result(%a: f32) -> f32 attributes {xnn.delegate} {
  return %a : f32
}

// -----

func.func @xnn_outside(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'xnn.copy' op is only allowed inside a delegate function (func.func with the xnn.delegate attribute)}}
  %0 = "xnn.copy"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// xnn ops at module level are outside any delegate, too.
// expected-error @+1 {{'xnn.constant' op is only allowed inside a delegate function}}
%0 = "xnn.constant"() {value = dense<1.0> : tensor<4xf32>} : () -> tensor<4xf32>

// -----

// Violations of op rules inside a delegate are reported as well.
func.func private @bad_body(%a: tensor<4xf32>) -> tensor<4xf32> attributes {xnn.delegate} {
  // expected-error @+1 {{'xnn.binary' op attribute 'kind' has invalid value "add2"}}
  %0 = "xnn.binary"(%a, %a) {kind = "add2"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
