#!/usr/bin/env bash
# Runs one libFuzzer target for a given time, single process (the machine is
# shared): utils/fuzz-libfuzzer.sh TARGET SECONDS [BUILD_DIR] [libFuzzer args...]
#   TARGET: pipeline or npy (fuzz/<TARGET>_fuzzer.c)
#   BUILD_DIR: a build configured with -DXNNMLIR_FUZZ=ON (default: build-fuzz;
#              configured and built here if missing, with clang-22)
# The corpus grows in BUILD_DIR/fuzz/corpus/TARGET (or $FUZZ_CORPUS), seeded from
# the lit inputs by utils/fuzz-seeds.py; crashes land in
# BUILD_DIR/fuzz/artifacts/TARGET/. For hours: run it in a loop of bounded chunks.
# Exit status: libFuzzer's (0 = no crash in the time given).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
target=${1:?usage: fuzz-libfuzzer.sh TARGET SECONDS [BUILD_DIR] [libFuzzer args...]}
seconds=${2:?usage: fuzz-libfuzzer.sh TARGET SECONDS [BUILD_DIR] [libFuzzer args...]}
build=${3:-$here/build-fuzz}
shift $(( $# < 3 ? $# : 3 ))
case "$target" in pipeline|npy) ;; *) echo "unknown target '$target' (pipeline or npy)" >&2; exit 2;; esac

clang=${CLANG:-/usr/lib/llvm-22/bin/clang}
if [ ! -f "$build/CMakeCache.txt" ]; then
  CC="$clang" CXX="${clang}++" cmake -S "$here" -B "$build" -G Ninja -DXNNMLIR_FUZZ=ON \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit ${XNNPACK_ROOT:+-DXNNPACK_ROOT=$XNNPACK_ROOT} >/dev/null
fi
ninja -C "$build" -j "${JOBS:-2}" "${target}_fuzzer" >"$build/fuzz-build-$target.log" 2>&1 \
  || { cat "$build/fuzz-build-$target.log" >&2; exit 1; }

seeds="$build/fuzz/seeds"
[ -d "$seeds/$target" ] || python3 "$here/utils/fuzz-seeds.py" "$here" "$seeds"
corpus=${FUZZ_CORPUS:-$build/fuzz/corpus/$target}  # FUZZ_CORPUS: e.g. a fresh one for CI
artifacts="$build/fuzz/artifacts/$target"
mkdir -p "$corpus" "$artifacts"
# One process, one thread (no -jobs: that forks a worker and logs to ./fuzz-N.log).
args=(-max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096
      -max_len=16384 -artifact_prefix="$artifacts/" -print_final_stats=1)
[ "$target" = pipeline ] && args+=(-dict="$here/fuzz/mlir.dict")
# MLIR keeps process-lifetime allocations (registries, statics): leak checking
# would report them, not leaks per input. ASan and UBSan stay fatal.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:abort_on_error=1}
exec "$build/fuzz/${target}_fuzzer" "${args[@]}" "$@" "$corpus" "$seeds/$target"
