// The `edge` dialect: the ExecuTorch Edge / ATen operator set (SPEC section 3.1).
//
// Every operand and result gets its own `irdl.base "!builtin.tensor"`
// variable: IRDL constraint variables unify (one variable binds ONE type), so
// sharing a variable would force equal types. Only REQUIRED attributes are
// declared here; optional attributes (dtype, memory_format, dim_order, alpha,
// approximate, scale, is_causal) are checked by the C verifier
// (lib/Ops/*.c, xnnMlirVerify), as are element types, ranks and shapes.
// Attribute kinds: "#builtin.dense_array" (array<i64: ...>), "#builtin.integer"
// (i64), "#builtin.float" (f64), bool = `true` | `false`. Do not use
// irdl.c_pred (crashes the LLVM 22 verifier).
irdl.dialect @edge {
  // lifted constant / parameter. Required: value (dense or dense_resource
  // elements).
  irdl.operation @constant {
    %result = irdl.base "!builtin.tensor"
    %a_value_d = irdl.base "#builtin.dense_int_or_fp_elements"
    %a_value_r = irdl.base "#builtin.dense_resource_elements"
    %a_value = irdl.any_of(%a_value_d, %a_value_r)
    irdl.results(result: %result)
    irdl.attributes {"value" = %a_value}
  }

  // aten._to_copy.default. Optional (C verifier): dtype: type, memory_format:
  // "contiguous"|"channels_last"|"preserve".
  irdl.operation @to_copy {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // dim_order_ops._to_dim_order_copy.default. Optional (C verifier): dtype:
  // type, dim_order: array<i64> permutation.
  irdl.operation @to_dim_order_copy {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.add.Tensor (broadcasting). Optional (C verifier): alpha: f64.
  irdl.operation @add {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  // aten.sub.Tensor (broadcasting). Optional (C verifier): alpha: f64.
  irdl.operation @sub {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  // aten.mul.Tensor (broadcasting).
  irdl.operation @mul {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  // aten.div.Tensor (broadcasting).
  irdl.operation @div {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  // aten.maximum (broadcasting).
  irdl.operation @maximum {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  // aten.prelu: x, weight (1 element, or [C] with C = x.shape[1]; rank <= 1);
  // result x's type. x > 0 ? x : weight[c] * x.
  irdl.operation @prelu {
    %x = irdl.base "!builtin.tensor"
    %weight = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x, weight: %weight)
    irdl.results(result: %result)
  }

  // aten.minimum (broadcasting).
  irdl.operation @minimum {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  // aten.pow.Tensor_Tensor (broadcasting).
  irdl.operation @pow {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  // aten.relu (elementwise unary).
  irdl.operation @relu {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.sigmoid (elementwise unary).
  irdl.operation @sigmoid {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.tanh (elementwise unary).
  irdl.operation @tanh {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.rsqrt (elementwise unary).
  irdl.operation @rsqrt {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.sqrt (elementwise unary).
  irdl.operation @sqrt {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.neg (elementwise unary).
  irdl.operation @neg {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.abs (elementwise unary).
  irdl.operation @abs {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.exp (elementwise unary).
  irdl.operation @exp {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.log (elementwise unary).
  irdl.operation @log {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.gelu. Optional (C verifier): approximate: "none"|"tanh".
  irdl.operation @gelu {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.hardtanh. Required: min_val, max_val (f64).
  irdl.operation @hardtanh {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_min_val = irdl.base "#builtin.float"
    %a_max_val = irdl.base "#builtin.float"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"min_val" = %a_min_val, "max_val" = %a_max_val}
  }

  // aten.silu: x * sigmoid(x) (elementwise unary).
  irdl.operation @silu {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.hardswish: x * min(max(x + 3, 0), 6) / 6.
  irdl.operation @hardswish {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.hardsigmoid: min(max(x + 3, 0), 6) / 6.
  irdl.operation @hardsigmoid {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.leaky_relu. Optional (C verifier): negative_slope (f64, default 0.01).
  irdl.operation @leaky_relu {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.elu (scale = input_scale = 1). Optional (C verifier): alpha (f64, default 1).
  irdl.operation @elu {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.clamp. Optional (C verifier): min, max (f64; absent = unbounded;
  // at least one present, as ATen requires; min > max gives max).
  irdl.operation @clamp {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.mean.dim. Required: dims (array<i64>), keepdim (bool).
  irdl.operation @mean {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_dims = irdl.base "#builtin.dense_array"
    %a_keepdim_t = irdl.is true
    %a_keepdim_f = irdl.is false
    %a_keepdim = irdl.any_of(%a_keepdim_t, %a_keepdim_f)
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"dims" = %a_dims, "keepdim" = %a_keepdim}
  }

  // aten.sum.dim_IntList. Required: dims (array<i64>), keepdim (bool).
  irdl.operation @sum {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_dims = irdl.base "#builtin.dense_array"
    %a_keepdim_t = irdl.is true
    %a_keepdim_f = irdl.is false
    %a_keepdim = irdl.any_of(%a_keepdim_t, %a_keepdim_f)
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"dims" = %a_dims, "keepdim" = %a_keepdim}
  }

  // aten.amax, and the values of aten.max.dim: the first maximum along the
  // dims (NaN if any; first of equal values, so of -0 and 0 the first).
  // Required: dims (array<i64>, non-empty), keepdim (bool).
  irdl.operation @amax {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_dims = irdl.base "#builtin.dense_array"
    %a_keepdim_t = irdl.is true
    %a_keepdim_f = irdl.is false
    %a_keepdim = irdl.any_of(%a_keepdim_t, %a_keepdim_f)
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"dims" = %a_dims, "keepdim" = %a_keepdim}
  }

  // aten.argmax, and the indices of aten.max.dim: i64 index of the first
  // maximum along dim (of the first NaN if any). Required: dim (i64), keepdim.
  irdl.operation @argmax {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_dim = irdl.base "#builtin.integer"
    %a_keepdim_t = irdl.is true
    %a_keepdim_f = irdl.is false
    %a_keepdim = irdl.any_of(%a_keepdim_t, %a_keepdim_f)
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"dim" = %a_dim, "keepdim" = %a_keepdim}
  }

  // aten._softmax. Required: dim (i64).
  irdl.operation @softmax {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_dim = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"dim" = %a_dim}
  }

  // aten.linear: x [..., in], w [out, in], optional bias [out].
  irdl.operation @linear {
    %x = irdl.base "!builtin.tensor"
    %w = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x, w: %w, bias: optional %bias)
    irdl.results(result: %result)
  }

  // aten.mm: [M, K] x [K, N].
  irdl.operation @mm {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  // aten.bmm: [B, M, K] x [B, K, N].
  irdl.operation @bmm {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  // aten.convolution (2-D, not transposed), NCHW / OIHW. Required: stride,
  // padding, dilation (array<i64> of 2), groups (i64).
  irdl.operation @conv2d {
    %x = irdl.base "!builtin.tensor"
    %w = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_stride = irdl.base "#builtin.dense_array"
    %a_padding = irdl.base "#builtin.dense_array"
    %a_dilation = irdl.base "#builtin.dense_array"
    %a_groups = irdl.base "#builtin.integer"
    irdl.operands(x: %x, w: %w, bias: optional %bias)
    irdl.results(result: %result)
    irdl.attributes {"stride" = %a_stride, "padding" = %a_padding, "dilation" = %a_dilation, "groups" = %a_groups}
  }

  // aten.convolution (3-D, not transposed), NCDHW / OIDHW: portable only.
  // Required: stride, padding, dilation (array<i64> of 3), groups (i64).
  irdl.operation @conv3d {
    %x = irdl.base "!builtin.tensor"
    %w = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_stride = irdl.base "#builtin.dense_array"
    %a_padding = irdl.base "#builtin.dense_array"
    %a_dilation = irdl.base "#builtin.dense_array"
    %a_groups = irdl.base "#builtin.integer"
    irdl.operands(x: %x, w: %w, bias: optional %bias)
    irdl.results(result: %result)
    irdl.attributes {"stride" = %a_stride, "padding" = %a_padding, "dilation" = %a_dilation, "groups" = %a_groups}
  }

  // aten.max_pool2d, NCHW. Required: kernel_size, stride, padding, dilation
  // (array<i64> of 2), ceil_mode (bool).
  irdl.operation @max_pool2d {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_kernel_size = irdl.base "#builtin.dense_array"
    %a_stride = irdl.base "#builtin.dense_array"
    %a_padding = irdl.base "#builtin.dense_array"
    %a_dilation = irdl.base "#builtin.dense_array"
    %a_ceil_mode_t = irdl.is true
    %a_ceil_mode_f = irdl.is false
    %a_ceil_mode = irdl.any_of(%a_ceil_mode_t, %a_ceil_mode_f)
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"kernel_size" = %a_kernel_size, "stride" = %a_stride, "padding" = %a_padding, "dilation" = %a_dilation, "ceil_mode" = %a_ceil_mode}
  }

  // The indices of aten.max_pool2d_with_indices (i64, into each input plane's
  // H * W, of the first maximum; of the last NaN, as ATen's CPU kernel), with
  // edge.max_pool2d's attributes; its values are an edge.max_pool2d.
  irdl.operation @max_pool2d_indices {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_kernel_size = irdl.base "#builtin.dense_array"
    %a_stride = irdl.base "#builtin.dense_array"
    %a_padding = irdl.base "#builtin.dense_array"
    %a_dilation = irdl.base "#builtin.dense_array"
    %a_ceil_mode_t = irdl.is true
    %a_ceil_mode_f = irdl.is false
    %a_ceil_mode = irdl.any_of(%a_ceil_mode_t, %a_ceil_mode_f)
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"kernel_size" = %a_kernel_size, "stride" = %a_stride, "padding" = %a_padding, "dilation" = %a_dilation, "ceil_mode" = %a_ceil_mode}
  }

  // aten.avg_pool2d, NCHW. Required: kernel_size, stride, padding (array<i64> of
  // 2). Optional (C verifier): ceil_mode (bool, false), count_include_pad
  // (bool, true), divisor_override (i64, nonzero; absent = none).
  irdl.operation @avg_pool2d {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_kernel_size = irdl.base "#builtin.dense_array"
    %a_stride = irdl.base "#builtin.dense_array"
    %a_padding = irdl.base "#builtin.dense_array"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"kernel_size" = %a_kernel_size, "stride" = %a_stride, "padding" = %a_padding}
  }

  // aten.view_copy: target shape = result type.
  irdl.operation @view {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.permute_copy. Required: dims (array<i64>, negative allowed).
  irdl.operation @permute {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_dims = irdl.base "#builtin.dense_array"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"dims" = %a_dims}
  }

  // aten.cat. Required: dim (i64). Operands xs...: any number of tensors whose
  // shapes agree off `dim`, pairwise different shapes included. IRDL binds ONE
  // type per constraint variable, also across a variadic operand's elements,
  // so it cannot type cat(a, b, c) of three shapes: xnnmlir replaces this
  // op's IRDL verifier with a C one (lib/Dialect/Dialects.c). The definition
  // below is what stock `mlir-opt --irdl-file` checks: a first operand `x` of
  // its own type and a tail `xs` sharing one type.
  irdl.operation @cat {
    %x = irdl.base "!builtin.tensor"
    %xs = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_dim = irdl.base "#builtin.integer"
    irdl.operands(x: %x, xs: variadic %xs)
    irdl.results(result: %result)
    irdl.attributes {"dim" = %a_dim}
  }

  // aten.slice_copy.Tensor. Required: dim, start, end, step (i64).
  irdl.operation @slice {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_dim = irdl.base "#builtin.integer"
    %a_start = irdl.base "#builtin.integer"
    %a_end = irdl.base "#builtin.integer"
    %a_step = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"dim" = %a_dim, "start" = %a_start, "end" = %a_end, "step" = %a_step}
  }

  // aten.unsqueeze_copy. Required: dim (i64, in [-(rank+1), rank]).
  irdl.operation @unsqueeze {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_dim = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"dim" = %a_dim}
  }

  // aten.squeeze_copy.dims. Optional (C verifier): dims (array<i64>, negative
  // allowed; absent = every size-1 dim). Listed dims whose size is not 1 stay.
  irdl.operation @squeeze {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.transpose_copy.int. Required: dim0, dim1 (i64, negative allowed).
  irdl.operation @transpose {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_dim0 = irdl.base "#builtin.integer"
    %a_dim1 = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"dim0" = %a_dim0, "dim1" = %a_dim1}
  }

  // aten.expand_copy: target shape = result type (x's dims align with its
  // trailing dims, each equal or 1; new leading dims of any size).
  irdl.operation @expand {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.constant_pad_nd. Required: pad (array<i64>, pairs for the last dim
  // first, negative entries crop). Optional (C verifier): value (f64, 0).
  irdl.operation @constant_pad_nd {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_pad = irdl.base "#builtin.dense_array"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"pad" = %a_pad}
  }

  // aten.roll. Required: shifts, dims (array<i64> of one length; empty dims
  // with one shift rolls the flattened tensor).
  irdl.operation @roll {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_shifts = irdl.base "#builtin.dense_array"
    %a_dims = irdl.base "#builtin.dense_array"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"shifts" = %a_shifts, "dims" = %a_dims}
  }

  // aten.split_with_sizes_copy. Required: split_sizes (array<i64>), dim (i64).
  // One result per piece. IRDL binds one type across a variadic list, so the
  // definition below (what stock `mlir-opt --irdl-file` checks) types pieces
  // of one shape only: xnnmlir replaces this op's IRDL verifier with a C one
  // (lib/Dialect/Dialects.c), as for cat.
  irdl.operation @split {
    %x = irdl.base "!builtin.tensor"
    %results = irdl.base "!builtin.tensor"
    %a_split_sizes = irdl.base "#builtin.dense_array"
    %a_dim = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(results: variadic %results)
    irdl.attributes {"split_sizes" = %a_split_sizes, "dim" = %a_dim}
  }

  // aten._native_batch_norm_legit_no_training, result 0 (inference): x [N, C,
  // ...], weight, bias, running_mean, running_var [C]. Required: eps (f64).
  irdl.operation @batch_norm {
    %x = irdl.base "!builtin.tensor"
    %weight = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %running_mean = irdl.base "!builtin.tensor"
    %running_var = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_eps = irdl.base "#builtin.float"
    irdl.operands(x: %x, weight: %weight, bias: %bias, running_mean: %running_mean, running_var: %running_var)
    irdl.results(result: %result)
    irdl.attributes {"eps" = %a_eps}
  }

  // aten.native_layer_norm, result 0: x (, weight (, bias)), both of shape
  // normalized_shape (one variadic: they share one type; the C verifier
  // allows at most two). Required: normalized_shape (array<i64>), eps (f64).
  irdl.operation @layer_norm {
    %x = irdl.base "!builtin.tensor"
    %params = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_normalized_shape = irdl.base "#builtin.dense_array"
    %a_eps = irdl.base "#builtin.float"
    irdl.operands(x: %x, params: variadic %params)
    irdl.results(result: %result)
    irdl.attributes {"normalized_shape" = %a_normalized_shape, "eps" = %a_eps}
  }

  // aten.addmm: beta * bias + alpha * (a [M, K] @ b [K, N]), bias broadcasts
  // to [M, N]. Optional (C verifier): beta, alpha (f64, 1).
  irdl.operation @addmm {
    %bias = irdl.base "!builtin.tensor"
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(bias: %bias, a: %a, b: %b)
    irdl.results(result: %result)
  }

  // aten._adaptive_avg_pool2d, NCHW (or CHW). Required: output_size
  // (array<i64> of 2).
  irdl.operation @adaptive_avg_pool2d {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_output_size = irdl.base "#builtin.dense_array"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"output_size" = %a_output_size}
  }

  // aten.convolution with transposed=True (2-D), NCHW x [Cin, Cout/groups, KH,
  // KW]. Required: stride, padding, output_padding, dilation (array<i64> of
  // 2), groups (i64).
  irdl.operation @conv_transpose2d {
    %x = irdl.base "!builtin.tensor"
    %w = irdl.base "!builtin.tensor"
    %bias = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_stride = irdl.base "#builtin.dense_array"
    %a_padding = irdl.base "#builtin.dense_array"
    %a_output_padding = irdl.base "#builtin.dense_array"
    %a_dilation = irdl.base "#builtin.dense_array"
    %a_groups = irdl.base "#builtin.integer"
    irdl.operands(x: %x, w: %w, bias: optional %bias)
    irdl.results(result: %result)
    irdl.attributes {"stride" = %a_stride, "padding" = %a_padding, "output_padding" = %a_output_padding, "dilation" = %a_dilation, "groups" = %a_groups}
  }

  // aten.upsample_nearest2d.vec, NCHW; scales derived from the sizes.
  // Required: output_size (array<i64> of 2).
  irdl.operation @upsample_nearest2d {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_output_size = irdl.base "#builtin.dense_array"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"output_size" = %a_output_size}
  }

  // aten.upsample_bilinear2d.vec, NCHW; scales derived from the sizes.
  // Required: output_size (array<i64> of 2), align_corners (bool).
  irdl.operation @upsample_bilinear2d {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_output_size = irdl.base "#builtin.dense_array"
    %a_align_corners_t = irdl.is true
    %a_align_corners_f = irdl.is false
    %a_align_corners = irdl.any_of(%a_align_corners_t, %a_align_corners_f)
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"output_size" = %a_output_size, "align_corners" = %a_align_corners}
  }

  // aten._upsample_bilinear2d_aa.vec (antialiased), NCHW; scales derived
  // from the sizes. Required: output_size (array<i64> of 2), align_corners.
  irdl.operation @upsample_bilinear2d_aa {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_output_size = irdl.base "#builtin.dense_array"
    %a_align_corners_t = irdl.is true
    %a_align_corners_f = irdl.is false
    %a_align_corners = irdl.any_of(%a_align_corners_t, %a_align_corners_f)
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"output_size" = %a_output_size, "align_corners" = %a_align_corners}
  }

  // aten.where.self: cond (i1), a, b broadcast together; result has a's dtype.
  irdl.operation @where {
    %cond = irdl.base "!builtin.tensor"
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(cond: %cond, a: %a, b: %b)
    irdl.results(result: %result)
  }

  // aten.eq/ne/lt/le/gt/ge.Tensor: a, b of one dtype, broadcast; result i1.
  irdl.operation @eq {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  irdl.operation @ne {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  irdl.operation @lt {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  irdl.operation @le {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  irdl.operation @gt {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  irdl.operation @ge {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  // aten.masked_fill.Scalar: x, mask (i1) broadcast together. Required:
  // value (f64).
  irdl.operation @masked_fill {
    %x = irdl.base "!builtin.tensor"
    %mask = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_value = irdl.base "#builtin.float"
    irdl.operands(x: %x, mask: %mask)
    irdl.results(result: %result)
    irdl.attributes {"value" = %a_value}
  }

  // aten.sin: float x -> same type.
  irdl.operation @sin {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.cos: float x -> same type.
  irdl.operation @cos {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.ceil: float x -> same type.
  irdl.operation @ceil {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.floor: float x -> same type.
  irdl.operation @floor {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.bitwise_and.Tensor: a, b (i1, i32 or i64, one dtype) broadcast.
  irdl.operation @bitwise_and {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  // aten.bitwise_or.Tensor: a, b (i1, i32 or i64, one dtype) broadcast.
  irdl.operation @bitwise_or {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  // aten.bitwise_xor.Tensor: a, b (i1, i32 or i64, one dtype) broadcast.
  irdl.operation @bitwise_xor {
    %a = irdl.base "!builtin.tensor"
    %b = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(a: %a, b: %b)
    irdl.results(result: %result)
  }

  // aten.bitwise_not: x (i1, i32 or i64) -> same type (logical not on i1).
  irdl.operation @bitwise_not {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(result: %result)
  }

  // aten.index.Tensor: x, then k >= 1 index tensors (i64 / i32, broadcast
  // together). Required: indexed_dims (array<i64>, k entries, strictly
  // increasing: the dim of x each index tensor indexes; ATen's None elsewhere).
  // IRDL binds one type across a variadic list, so the definition below (what
  // stock `mlir-opt --irdl-file` checks) types index tensors of one type only:
  // xnnmlir replaces this op's IRDL verifier with a C one (lib/Dialect/Dialects.c).
  irdl.operation @index {
    %x = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_indexed_dims = irdl.base "#builtin.dense_array"
    irdl.operands(x: %x, indices: variadic %indices)
    irdl.results(result: %result)
    irdl.attributes {"indexed_dims" = %a_indexed_dims}
  }

  // aten.index_put (functional; index_put_ as imported): x, values, then k >= 1
  // index tensors. Required: indexed_dims (as edge.index). Optional (C
  // verifier): accumulate (bool, absent = false). Result type = x's type. C
  // verifier replaces the IRDL one, as for edge.index.
  irdl.operation @index_put {
    %x = irdl.base "!builtin.tensor"
    %values = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_indexed_dims = irdl.base "#builtin.dense_array"
    irdl.operands(x: %x, values: %values, indices: variadic %indices)
    irdl.results(result: %result)
    irdl.attributes {"indexed_dims" = %a_indexed_dims}
  }

  // aten.embedding: w [V, D], indices (i32/i64) -> [*indices, D].
  irdl.operation @embedding {
    %w = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(w: %w, indices: %indices)
    irdl.results(result: %result)
  }

  // aten.scaled_dot_product_attention: q [..., L, E], k [..., S, E], v [..., S,
  // Ev], optional mask (bool or float, broadcastable to [..., L, S]). Optional
  // (C verifier): scale: f64, is_causal: bool.
  irdl.operation @sdpa {
    %q = irdl.base "!builtin.tensor"
    %k = irdl.base "!builtin.tensor"
    %v = irdl.base "!builtin.tensor"
    %mask = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    irdl.operands(q: %q, k: %k, v: %v, mask: optional %mask)
    irdl.results(result: %result)
  }

  // ---- quantization (quantized_decomposed.*, as ExecuTorch's 8da4w / 8da8w
  // exports hold them; semantics in docs/passes/xnn-quantize-weights.md). Quantized
  // values are i8 tensors; scales f32, zero points i64. Required: quant_min,
  // quant_max (i64).

  // choose_qparams_per_token_asymmetric(x) -> (scales, zero_points):
  // x f32 [..., K]; scales f32 [..., 1]; zero_points i64 [..., 1] (int8 range).
  irdl.operation @choose_qparams_per_token_asymmetric {
    %x = irdl.base "!builtin.tensor"
    %scales = irdl.base "!builtin.tensor"
    %zero_points = irdl.base "!builtin.tensor"
    irdl.operands(x: %x)
    irdl.results(scales: %scales, zero_points: %zero_points)
  }

  // quantize_per_token(x, scales, zero_points) -> i8, one scale per row.
  irdl.operation @quantize_per_token {
    %x = irdl.base "!builtin.tensor"
    %scales = irdl.base "!builtin.tensor"
    %zero_points = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_quant_min = irdl.base "#builtin.integer"
    %a_quant_max = irdl.base "#builtin.integer"
    irdl.operands(x: %x, scales: %scales, zero_points: %zero_points)
    irdl.results(result: %result)
    irdl.attributes {"quant_min" = %a_quant_min, "quant_max" = %a_quant_max}
  }

  // dequantize_per_token(q i8, scales, zero_points) -> f32.
  irdl.operation @dequantize_per_token {
    %q = irdl.base "!builtin.tensor"
    %scales = irdl.base "!builtin.tensor"
    %zero_points = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_quant_min = irdl.base "#builtin.integer"
    %a_quant_max = irdl.base "#builtin.integer"
    irdl.operands(q: %q, scales: %scales, zero_points: %zero_points)
    irdl.results(result: %result)
    irdl.attributes {"quant_min" = %a_quant_min, "quant_max" = %a_quant_max}
  }

  // quantize_per_tensor(x f32) -> i8, static: one scale (f64) and zero point
  // (i64) for the whole tensor. Required: scale, zero_point.
  irdl.operation @quantize_per_tensor {
    %x = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_scale = irdl.base "#builtin.float"
    %a_zero_point = irdl.base "#builtin.integer"
    %a_quant_min = irdl.base "#builtin.integer"
    %a_quant_max = irdl.base "#builtin.integer"
    irdl.operands(x: %x)
    irdl.results(result: %result)
    irdl.attributes {"scale" = %a_scale, "zero_point" = %a_zero_point, "quant_min" = %a_quant_min,
                     "quant_max" = %a_quant_max}
  }

  // dequantize_per_tensor(q i8) -> f32, the inverse with the same attributes.
  irdl.operation @dequantize_per_tensor {
    %q = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_scale = irdl.base "#builtin.float"
    %a_zero_point = irdl.base "#builtin.integer"
    %a_quant_min = irdl.base "#builtin.integer"
    %a_quant_max = irdl.base "#builtin.integer"
    irdl.operands(q: %q)
    irdl.results(result: %result)
    irdl.attributes {"scale" = %a_scale, "zero_point" = %a_zero_point, "quant_min" = %a_quant_min,
                     "quant_max" = %a_quant_max}
  }

  // dequantize_per_channel(q i8, scales f32 [C], optional zero_points i64 [C])
  // -> float, C = q's dim `axis`. Required: axis (i64).
  irdl.operation @dequantize_per_channel {
    %q = irdl.base "!builtin.tensor"
    %scales = irdl.base "!builtin.tensor"
    %zero_points = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_axis = irdl.base "#builtin.integer"
    %a_quant_min = irdl.base "#builtin.integer"
    %a_quant_max = irdl.base "#builtin.integer"
    irdl.operands(q: %q, scales: %scales, zero_points: optional %zero_points)
    irdl.results(result: %result)
    irdl.attributes {"axis" = %a_axis, "quant_min" = %a_quant_min, "quant_max" = %a_quant_max}
  }

  // dequantize_per_channel_group(q i8 [N, K], scales f32 [N, K / G], optional
  // zero_points i64 [N, K / G]) -> float [N, K]. Required: group_size G (i64).
  irdl.operation @dequantize_per_channel_group {
    %q = irdl.base "!builtin.tensor"
    %scales = irdl.base "!builtin.tensor"
    %zero_points = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_group_size = irdl.base "#builtin.integer"
    %a_quant_min = irdl.base "#builtin.integer"
    %a_quant_max = irdl.base "#builtin.integer"
    irdl.operands(q: %q, scales: %scales, zero_points: optional %zero_points)
    irdl.results(result: %result)
    irdl.attributes {"group_size" = %a_group_size, "quant_min" = %a_quant_min, "quant_max" = %a_quant_max}
  }

  // Quantized embedding tables (ExecuTorch's quantized_decomposed.embedding_byte
  // / _4bit / _2bit): gather rows of `weight` by `indices`, dequantized per
  // group: (q - zero_point) * scale, rounded to the scales' type, then to the
  // result's. weight i8 [V, D * bits / 8]: byte holds one int8 value; 4bit two
  // unsigned nibbles a byte (high nibble first) minus 8; 2bit four 2-bit fields
  // (lowest bits first) minus 2. scales float [V] or [V, G] (G groups of D / G);
  // optional zero_points i64 of the scales' shape; indices i32/i64 -> [*indices,
  // D]. Required: quant_min, quant_max (i64).
  irdl.operation @embedding_byte {
    %weight = irdl.base "!builtin.tensor"
    %scales = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %zero_points = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_quant_min = irdl.base "#builtin.integer"
    %a_quant_max = irdl.base "#builtin.integer"
    irdl.operands(weight: %weight, scales: %scales, indices: %indices, zero_points: optional %zero_points)
    irdl.results(result: %result)
    irdl.attributes {"quant_min" = %a_quant_min, "quant_max" = %a_quant_max}
  }
  irdl.operation @embedding_4bit {
    %weight = irdl.base "!builtin.tensor"
    %scales = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %zero_points = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_quant_min = irdl.base "#builtin.integer"
    %a_quant_max = irdl.base "#builtin.integer"
    irdl.operands(weight: %weight, scales: %scales, indices: %indices, zero_points: optional %zero_points)
    irdl.results(result: %result)
    irdl.attributes {"quant_min" = %a_quant_min, "quant_max" = %a_quant_max}
  }
  irdl.operation @embedding_2bit {
    %weight = irdl.base "!builtin.tensor"
    %scales = irdl.base "!builtin.tensor"
    %indices = irdl.base "!builtin.tensor"
    %zero_points = irdl.base "!builtin.tensor"
    %result = irdl.base "!builtin.tensor"
    %a_quant_min = irdl.base "#builtin.integer"
    %a_quant_max = irdl.base "#builtin.integer"
    irdl.operands(weight: %weight, scales: %scales, indices: %indices, zero_points: optional %zero_points)
    irdl.results(result: %result)
    irdl.attributes {"quant_min" = %a_quant_min, "quant_max" = %a_quant_max}
  }
}
