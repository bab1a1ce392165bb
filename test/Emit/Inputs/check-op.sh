#!/bin/bash
# Per-op check of one edge model (Inputs/ops/*.mlir):
#   check-op.sh xnnpack   <bin> <model> <tmp> <seed> <atol>
#     delegate it (xnn-opt --xnn-delegate), run it in process (xnn-run: live
#     XNNPACK runtime), emit C (xnn-translate --xnn-to-c), compile the C with
#     examples/run_delegate.c against XNNPACK ($CC, $XNN_CFLAGS, $XNN_LDFLAGS), run it on
#     xnn-run's inputs and compare with xnn-run's outputs (atol 0 = bit-exact).
#   check-op.sh reference <bin> <model> <tmp> <seed> <atol> <rtol>
#     compare the delegated module (XNNPACK) with the edge model run by the
#     reference interpreter: xnn-run --compare.
set -eu
mode=$1 bin=$2 model=$3 tmp=$4 seed=$5 atol=$6
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$tmp" && mkdir -p "$tmp"
"$bin/xnn-opt" --xnn-delegate "$model" -o "$tmp/delegated.mlir"
# every op of the model must be delegated: the top function only calls delegates
if grep -q '"edge\.' "$tmp/delegated.mlir"; then
  echo "check-op: $model: ops left portable" >&2
  grep '"edge\.' "$tmp/delegated.mlir" >&2
  exit 1
fi
if [ "$mode" = reference ]; then
  "$bin/xnn-run" "$tmp/delegated.mlir" --compare "$model" --seed "$seed" --atol "$atol" --rtol "$7"
  exit 0
fi
"$bin/xnn-run" "$tmp/delegated.mlir" --seed "$seed" --output-dir "$tmp/io" > /dev/null
"$bin/xnn-translate" --xnn-to-c "$tmp/delegated.mlir" -o "$tmp/delegate.c"
# shellcheck disable=SC2086
$CC -std=c11 -Wall -Wextra -Werror $XNN_CFLAGS -c "$tmp/delegate.c" -o "$tmp/delegate.o"
# shellcheck disable=SC2086
$CC -std=c11 -Wall -Wextra -Werror $XNN_CFLAGS "$here/../../../examples/run_delegate.c" "$tmp/delegate.o" -o "$tmp/driver" $XNN_LDFLAGS
echo "$(basename "$model" .mlir):"
"$tmp/driver" "$tmp/io" "$atol"
