#!/usr/bin/env bash
# Installs what is missing, builds with -Wall -Wextra -Werror and runs the whole
# lit suite; then does the same under AddressSanitizer + UndefinedBehaviorSanitizer.
# Usage: utils/check.sh [--no-sanitize]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
sanitize=1
[ "${1:-}" = "--no-sanitize" ] && sanitize=0

bash utils/setup.sh
lit=/usr/lib/llvm-22/bin/lit
jobs=$(nproc)

total_pass=0
total_fail=0
run_suite() { # build-dir cmake-args...
  local dir=$1; shift
  cmake -S . -B "$dir" -G Ninja -DXNNMLIR_WERROR=ON -DLLVM_EXTERNAL_LIT="$lit" "$@" >"$dir.configure.log" 2>&1 \
    || { cat "$dir.configure.log"; exit 1; }
  ninja -C "$dir" -j "$jobs"
  local log="$dir/lit.log" rc=0
  "$lit" -sv -j "$jobs" "$dir/test" 2>&1 | tee "$log" || rc=$?
  local p f
  p=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$log" | tail -n1); p=${p:-0}
  f=$(sed -n 's/^ *Failed *: *\([0-9]*\).*/\1/p' "$log" | tail -n1); f=${f:-0}
  total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then total_fail=$((total_fail + 1)); fi
}

mkdir -p build
run_suite build
if [ "$sanitize" = 1 ]; then
  mkdir -p build-asan
  run_suite build-asan -DXNNMLIR_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
fi
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
