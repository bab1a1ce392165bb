#!/usr/bin/env bash
# valgrind --leak-check=full over the bundled examples, for every tool:
#   xnn-opt --xnn-delegate, xnn-translate --xnn-to-c, xnn-ref-test (valgrind);
#   xnn-run under LeakSanitizer instead (see below).
# Usage: utils/valgrind-examples.sh [BUILD_DIR] [ASAN_BUILD_DIR]
#   BUILD_DIR: a plain build with -DCMAKE_C_FLAGS=-DXNNMLIR_FREE_AT_EXIT (xnn-opt
#              otherwise leaves its last module to the OS on purpose); default build-vg,
#              configured here if missing.
#   ASAN_BUILD_DIR: a -DXNNMLIR_SANITIZE=ON build (default build-asan) for xnn-run.
# xnn-run runs under the XNNPACK prefix's loader (docs/install.md, SPEC section 2): Debian 12's
# valgrind 3.19 cannot start it (it needs symbols of that ld.so that neither the
# stripped loader nor trixie's libc6-dbg give it), so its leaks are checked with
# LeakSanitizer. MLIR's process-lifetime allocations are "still reachable", which
# --leak-check=full does not count as errors; no suppressions are needed.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build-vg}
asan=${2:-$here/build-asan}
cd "$here"
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_C_FLAGS=-DXNNMLIR_FREE_AT_EXIT \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit ${XNNPACK_ROOT:+-DXNNPACK_ROOT=$XNNPACK_ROOT} >/dev/null
fi
ninja -C "$build" -j "${JOBS:-2}" xnn-opt xnn-translate xnn-ref-test >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
vg=(valgrind --leak-check=full --errors-for-leak-kinds=definite,indirect,possible
    --error-exitcode=99 --num-callers=30 -q)
fail=0
check() { # name command...
  local name=$1; shift
  if "$@" >"$out/$name.log" 2>&1; then echo "clean: $name"; else echo "FAIL: $name"; cat "$out/$name.log"; fail=1; fi
}
for m in examples/*.mlir; do
  b=$(basename "$m" .mlir)
  check "xnn-opt $b" "${vg[@]}" "$build/bin/xnn-opt" --xnn-delegate "$m" -o "$out/$b.lowered.mlir"
  check "xnn-translate $b" "${vg[@]}" "$build/bin/xnn-translate" --xnn-to-c "$out/$b.lowered.mlir" -o "$out/$b.c"
  check "xnn-ref-test $b" "${vg[@]}" "$build/bin/xnn-ref-test" --seed=1 --summary "$m"
  if [ -x "$asan/bin/xnn-run" ]; then
    check "xnn-run $b (LeakSanitizer)" env ASAN_OPTIONS=detect_leaks=1 "$asan/bin/xnn-run" \
      "$out/$b.lowered.mlir" --seed 1 --output-dir "$out/io-$b"
  fi
done
exit $fail
