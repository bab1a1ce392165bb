#!/usr/bin/env bash
# Installs what is missing, builds with -Wall -Wextra -Werror and runs the whole
# lit suite, then the tests that REQUIRE torch a second time under torch 2 (Debian 13's
# python3-torch 2.6 in a private root made by utils/setup-torch2.sh; lit --param torch=2);
# then does the same under AddressSanitizer + UndefinedBehaviorSanitizer (torch 1.13 only).
# Last, when clang-22's libFuzzer is installed, builds the fuzz targets and runs
# each for 20 s from the seed corpus (utils/fuzz-libfuzzer.sh).
# Usage: utils/check.sh [--no-sanitize] [--no-fuzz]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
sanitize=1
fuzz=1
for a in "$@"; do
  case "$a" in
    --no-sanitize) sanitize=0 ;;
    --no-fuzz) fuzz=0 ;;
    *) echo "usage: utils/check.sh [--no-sanitize] [--no-fuzz]" >&2; exit 2 ;;
  esac
done

bash utils/setup.sh
bash utils/setup-torch2.sh
lit=/usr/lib/llvm-22/bin/lit
jobs=$(nproc)

total_pass=0
total_fail=0
count_log() { # lit-log lit-exit-status
  local p f
  p=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$1" | tail -n1); p=${p:-0}
  f=$(sed -n 's/^ *Failed *: *\([0-9]*\).*/\1/p' "$1" | tail -n1); f=${f:-0}
  total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
  if [ "$2" -ne 0 ] && [ "$f" -eq 0 ]; then total_fail=$((total_fail + 1)); fi
}
run_suite() { # build-dir cmake-args...
  local dir=$1; shift
  cmake -S . -B "$dir" -G Ninja -DXNNMLIR_WERROR=ON -DLLVM_EXTERNAL_LIT="$lit" "$@" >"$dir.configure.log" 2>&1 \
    || { cat "$dir.configure.log"; exit 1; }
  ninja -C "$dir" -j "$jobs"
  local log="$dir/lit.log" rc=0
  "$lit" -sv -j "$jobs" "$dir/test" 2>&1 | tee "$log" || rc=$?
  count_log "$log" "$rc"
}
# The model tests (every test that REQUIRES torch or torchvision) again under torch 2.
run_torch2() { # build-dir
  local log="$1/lit-torch2.log" rc=0
  "$lit" -sv -j "$jobs" --param torch=2 --param torch-only=1 "$1/test" 2>&1 | tee "$log" || rc=$?
  count_log "$log" "$rc"
}

mkdir -p build
run_suite build
run_torch2 build
if [ "$sanitize" = 1 ]; then
  mkdir -p build-asan
  run_suite build-asan -DXNNMLIR_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
fi
clang=/usr/lib/llvm-22/bin/clang
if [ "$fuzz" = 1 ] && [ -x "$clang" ] && [ -f "$("$clang" --print-runtime-dir)/libclang_rt.fuzzer-x86_64.a" ]; then
  if [ ! -f build-fuzz/CMakeCache.txt ]; then
    mkdir -p build-fuzz
    CC="$clang" CXX="$clang++" cmake -S . -B build-fuzz -G Ninja -DXNNMLIR_FUZZ=ON \
      -DLLVM_EXTERNAL_LIT="$lit" >build-fuzz.configure.log 2>&1 || { cat build-fuzz.configure.log; exit 1; }
  fi
  for t in pipeline npy; do
    corpus=$(mktemp -d)
    if FUZZ_CORPUS="$corpus" JOBS="$jobs" bash utils/fuzz-libfuzzer.sh "$t" 20 build-fuzz >"build-fuzz/fuzz-$t.log" 2>&1; then
      total_pass=$((total_pass + 1)); echo "PASS: fuzz $t (20 s): $(grep -m1 '^Done' "build-fuzz/fuzz-$t.log")"
    else
      total_fail=$((total_fail + 1)); echo "FAIL: fuzz $t: see build-fuzz/fuzz-$t.log"; tail -40 "build-fuzz/fuzz-$t.log"
    fi
    rm -rf "$corpus"
  done
fi
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
