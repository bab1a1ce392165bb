#!/usr/bin/env bash
# The exact bf16 latency floor with the pinned XNNPACK (issue 15): builds HEAD
# with bf16_lower_bound.patch (every f32 -> bf16 rounding in its cheapest,
# 3-pass form, as if each input were known within +-2^111: wrong results for
# larger values, the cost no exact emulation can go below) in a temporary git
# worktree, then runs bf16_torchvision.py on that build. Arguments go to
# bf16_torchvision.py (for example --batch-norm folded).
#   bash benchmarks/bf16_lower_bound.sh [--batch-norm kept|folded] [--rounds 5]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/xnn-lower-bound.XXXXXX)
trap 'git -C "$here" worktree remove --force "$work/src" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$here" worktree add -q --detach "$work/src" HEAD
git -C "$work/src" apply "$here/benchmarks/bf16_lower_bound.patch"
cmake -S "$work/src" -B "$work/build" -G Ninja -DXNNPACK_ROOT="$here/third_party/xnnpack-prefix" > "$work/cmake.log"
ninja -C "$work/build" > "$work/ninja.log"
XNN_LOWER_BOUND_EXPERIMENT=1 /usr/bin/python3 "$here/benchmarks/bf16_torchvision.py" --build "$work/build" "$@"
