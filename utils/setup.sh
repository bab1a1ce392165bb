#!/usr/bin/env bash
# Installs everything xnnmlir needs on Debian 12 (or 13), idempotently:
#   - LLVM/MLIR 22 (C API archives, mlir-opt, lit, FileCheck), clang-22 and its sanitizer runtime;
#   - XNNPACK: the system package where it is new enough (Debian 13), otherwise Debian 13's
#     libxnnpack and its runtime dependencies unpacked into a project-local prefix (third_party/xnnpack-prefix).
# Usage: utils/setup.sh [--prefix DIR]
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
prefix="$here/third_party/xnnpack-prefix"
if [ "${1:-}" = "--prefix" ]; then prefix="$2"; fi

need_root() { if [ "$(id -u)" -ne 0 ]; then echo "setup.sh: run as root (apt-get install)" >&2; exit 1; fi; }

# python3-torch, python3-torchvision: PyTorch as the oracle of the model tests and xnn-import-torch.
# chromium: headless rendering of xnn-opt --xnn-graph's HTML page (test/xnn-opt/graph-render.test).
pkgs="cmake ninja-build gcc pkgconf python3 libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22 libclang-rt-22-dev
      python3-numpy python3-torch python3-torchvision chromium"
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  need_root
  echo "setup.sh: installing$missing"
  stamp=/var/lib/apt/periodic/xnnmlir-updated
  if [ ! -f "$stamp" ] || ! apt-cache policy libmlir-22-dev 2>/dev/null | grep -q Candidate:.*22; then
    apt-get update -q
    mkdir -p "$(dirname "$stamp")" && touch "$stamp"
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
fi

# XNNPACK: Debian 13's snapshot (0.0~git20241108) has bf16, static transpose, reduce and the unary/binary API.
if [ -f /usr/include/xnnpack.h ] && grep -q xnn_define_unary /usr/include/xnnpack.h \
   && grep -q xnn_datatype_bf16 /usr/include/xnnpack.h; then
  echo "setup.sh: system XNNPACK is new enough; using it"
  exit 0
fi
libdir="$prefix/usr/lib/x86_64-linux-gnu"
if [ -f "$prefix/.complete" ] && [ -f "$prefix/usr/include/xnnpack.h" ] && [ -e "$libdir/libXNNPACK.so" ]; then
  echo "setup.sh: XNNPACK prefix ready at $prefix"
  exit 0
fi
need_root
echo "setup.sh: fetching Debian 13 XNNPACK into $prefix"
mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
[ -n "$mirror" ] || mirror=http://deb.debian.org/debian
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/debs"
cat > "$work/sources.list" <<SRC
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror trixie main
SRC
aptopts=(-o "Dir::Etc::SourceList=$work/sources.list" -o "Dir::Etc::SourceParts=-"
         -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache"
         -o "Dir::State::Status=/var/lib/dpkg/status" -o "APT::Get::List-Cleanup=0")
apt-get "${aptopts[@]}" update -q
(cd "$work/debs" && apt-get "${aptopts[@]}" download \
   libxnnpack0.20241108 libxnnpack-dev libcpuinfo0 libpthreadpool0 libpthreadpool-dev libc6 libgcc-s1 libstdc++6)
rm -rf "$prefix.tmp" && mkdir -p "$prefix.tmp"
for d in "$work"/debs/*.deb; do dpkg-deb -x "$d" "$prefix.tmp"; done
tmplib="$prefix.tmp/usr/lib/x86_64-linux-gnu"
# libxnnpack-dev ships the unversioned link; make sure it resolves inside the prefix.
if [ ! -e "$tmplib/libXNNPACK.so" ]; then
  so=$(ls "$tmplib"/libXNNPACK.so.* | head -n1); ln -sf "$(basename "$so")" "$tmplib/libXNNPACK.so"
fi
touch "$prefix.tmp/.complete"
rm -rf "$prefix" && mv "$prefix.tmp" "$prefix"
echo "setup.sh: XNNPACK prefix ready at $prefix"
