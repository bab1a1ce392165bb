#!/bin/bash
# A tiny decoder (test/Torch/Inputs/llm: prefill + decode factories) as one
# emitted C program driving the decode loop itself (issue 30):
#   program-llm.sh <bin> <tmp> <model.py> <dtype> <steps>
# imports both calls (xnn-import-torch, caches as xnn.state), delegates them,
# prefills 8 tokens with xnn-run, decodes <steps> greedy tokens with
# xnn-run --state-from --steps (the reference: every step's logits), then
# compiles decode as C (--program) with examples/run_program.c and runs the
# same loop from the same step-0 arguments: every step's logits and the final
# caches must be equal byte for byte. $CC, $XNN_CFLAGS, $XNN_LDFLAGS as for
# check-op.sh; $TORCH_PYTHON runs the importer.
set -eu
bin=$1 tmp=$2 model=$3 dtype=$4 steps=$5
here=$(cd "$(dirname "$0")" && pwd)
root=$here/../../..
rm -rf "$tmp" && mkdir -p "$tmp" && cd "$tmp"
for f in prefill decode; do
  "$TORCH_PYTHON" "$root/utils/xnn-import-torch" "$model:$f" --dtype "$dtype" -o $f.mlir --save-io ${f}_io
  "$bin/xnn-opt" --xnn-delegate $f.mlir -o $f-d.mlir
done
n=$(ls prefill_io/input_*.npy | wc -l)
inputs=prefill_io/input_0.npy,prefill_io/input_1.npy
for ((i = 2; i < n; ++i)); do inputs=$inputs,prefill_io/input_$i.npy; done
"$bin/xnn-run" prefill-d.mlir --input "$inputs" --greedy-feed 0:0 --position-arg 1 --output-dir p > /dev/null
"$bin/xnn-run" decode-d.mlir --state-from p --steps "$steps" --greedy-feed 0:0 --position-arg 1 \
  --output-dir d | grep '^tokens:' | sed 's/^/xnn-run /'
"$bin/xnn-translate" --xnn-to-c --program decode-d.mlir -o decode.c
grep -o '[0-9]* portable ops, [0-9]* calls\?, [0-9]* state updates\? in place' decode.c
# shellcheck disable=SC2086
$CC -std=c11 -O2 -Wall -Wextra -Werror $XNN_CFLAGS -c decode.c -o decode.o
# shellcheck disable=SC2086
$CC -std=c11 -O2 -Wall -Wextra -Werror $XNN_CFLAGS "$root/examples/run_program.c" decode.o -o driver $XNN_LDFLAGS
./driver d --steps "$steps" --greedy-feed 0:0 --position-arg 1 --expect d > run.txt
grep -c 'bit-equal' run.txt | sed 's/^/bit-equal files: /'
grep 'DIFFER\|^OK\|^FAIL' run.txt
echo "driver tokens: $(grep -o 'token [0-9]*' run.txt | cut -d' ' -f2 | tr '\n' ' ' | sed 's/ $//')"
