#!/usr/bin/env bash
# Makes a PyTorch 2 environment from Debian's registry only, idempotently: a Debian 13 (trixie)
# root with python3-torch (2.6), python3-torchvision, python3-numpy, python3-onnxruntime and
# python3-onnx (the peer benchmark's ONNX export), in the git-ignored folder third_party/torch2-root. utils/torch2-python runs its Python through the
# root's own loader (no chroot, no mounts), so the host stays Debian 12.
#
# debootstrap and apt-get run under `unshare -m`: every mount they need (/proc, /dev, /sys) is
# made inside that private mount namespace and disappears with it, so nothing stays mounted in
# the clone (a later `rm -rf` of the clone cannot walk into the host). The root is built in
# ROOT.tmp and renamed when complete; the `.complete` marker makes a rerun a no-op.
# Usage: utils/setup-torch2.sh [--root DIR]
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
root="$here/third_party/torch2-root"
if [ "${1:-}" = "--root" ]; then root="$2"; fi
root=$(readlink -m "$root") # a symlinked root: the mount checks below see the real path
pkgs="python3-torch python3-torchvision python3-numpy python3-onnxruntime python3-onnx"

# Refuses to delete or build under a path something is mounted on.
mounted_under() { awk -v p="$1" '$2 == p || index($2, p "/") == 1 { found = 1 } END { exit !found }' /proc/mounts; }
# Runs apt-get install of $2 in the root $1, chrooted under a private mount namespace.
install_in_root() {
  # shellcheck disable=SC2016
  unshare -m --propagation private bash -euo pipefail -c '
    r=$1 pkgs=$2
    cp -L /etc/resolv.conf "$r/etc/resolv.conf"
    mountpoint -q "$r/proc" || mount -t proc proc "$r/proc"
    mountpoint -q "$r/dev" || mount --rbind /dev "$r/dev"
    mountpoint -q "$r/sys" || mount --rbind /sys "$r/sys"
    export DEBIAN_FRONTEND=noninteractive
    chroot "$r" apt-get update -q
    # shellcheck disable=SC2086
    chroot "$r" apt-get install -y -q --no-install-recommends $pkgs
    chroot "$r" apt-get clean
  ' setup-torch2 "$1" "$2"
  if mounted_under "$1"; then echo "setup-torch2.sh: a mount outlived its namespace under $1" >&2; exit 1; fi
}

if [ -f "$root/.complete" ] && [ -f "$root/.library-path" ] && [ -x "$root/usr/bin/python3.13" ]; then
  # A root made before a package joined the list gets it installed in place.
  missing=""
  for p in $pkgs; do
    dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
      || missing="$missing $p"
  done
  if [ -n "$missing" ]; then
    if [ "$(id -u)" -ne 0 ]; then echo "setup-torch2.sh: run as root (apt-get in the root)" >&2; exit 1; fi
    if mounted_under "$root"; then echo "setup-torch2.sh: something is mounted under $root" >&2; exit 1; fi
    echo "setup-torch2.sh: installing$missing into $root"
    install_in_root "$root" "$missing"
  fi
  echo "setup-torch2.sh: torch 2 root ready at $root"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then echo "setup-torch2.sh: run as root (debootstrap)" >&2; exit 1; fi
if ! command -v debootstrap >/dev/null || ! command -v unshare >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap util-linux
fi
for d in "$root" "$root.tmp"; do
  if mounted_under "$d"; then echo "setup-torch2.sh: something is mounted under $d; unmount it first" >&2; exit 1; fi
done

mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
[ -n "$mirror" ] || mirror=http://deb.debian.org/debian
tmp="$root.tmp"
rm -rf --one-file-system "$tmp"
mkdir -p "$tmp"
echo "setup-torch2.sh: debootstrapping Debian 13 into $tmp ($mirror)"
start=$SECONDS
unshare -m --propagation private \
  debootstrap --variant=minbase --keyring=/usr/share/keyrings/debian-archive-keyring.gpg trixie "$tmp" "$mirror"
if mounted_under "$tmp"; then echo "setup-torch2.sh: a mount outlived its namespace under $tmp" >&2; exit 1; fi
install_in_root "$tmp" "$pkgs"

# The library path of utils/torch2-python: the root's library folders, first the targets of its
# /etc/alternatives links (libblas.so.3, liblapack.so.3: absolute links that would otherwise
# resolve to the host's files), all resolved inside the root.
libdir=/usr/lib/x86_64-linux-gnu
: > "$tmp/.library-path.new"
find "$tmp$libdir" -maxdepth 1 -type l -lname '/etc/alternatives/*' | while read -r l; do
  t=$(readlink "$l"); t=$(readlink "$tmp$t" || true)
  case "$t" in /*) dirname "$t" ;; esac
done | sort -u > "$tmp/.library-path.new"
printf '%s\n' "$libdir" /usr/lib >> "$tmp/.library-path.new"
mv "$tmp/.library-path.new" "$tmp/.library-path"
touch "$tmp/.complete"
rm -rf --one-file-system "$root"
mv "$tmp" "$root"
echo "setup-torch2.sh: torch 2 root ready at $root ($((SECONDS - start)) s)"
