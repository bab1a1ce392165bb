#!/usr/bin/env bash
# Builds xnnmlir (installing what is missing) and runs the main job on a
# bundled example: parse and verify the bf16 gemma-shaped decoder, run the
# passes that have landed, print the delegation statistics and the result.
# Usage: utils/run-example.sh [model.mlir]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
model=${1:-examples/gemma3_tiny_bf16.mlir}
bash utils/setup.sh >/dev/null
if [ ! -f build/build.ninja ]; then
  cmake -S . -B build -G Ninja -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit >/dev/null
fi
ninja -C build >/dev/null
# Stock mlir-opt parses the same IR with the installed IRDL definitions.
/usr/lib/llvm-22/bin/mlir-opt --irdl-file=build/share/xnnmlir/xnnmlir.irdl.mlir "$model" -o /dev/null
pipeline=$(cat utils/example-pipeline.txt)
build/bin/xnn-opt "$model" --pass-pipeline="$pipeline" --xnn-stats -o build/example.out.mlir
echo "wrote build/example.out.mlir ($(wc -l < build/example.out.mlir) lines) with pipeline $pipeline"
