#!/bin/bash
# fetch-source.sh PKG DIR - the newest Debian linux-source package PKG
# that the private apt index offers (tools/private-apt.sh: suites the
# host's apt does not list, e.g. linux-source-7.3 from trixie-backports),
# downloaded and signature-checked, never installed. Leaves
#   DIR/PKG.tar.xz          the tarball (what build-kernel.sh unpacks)
#   DIR/PKG.tar.xz.version  its Debian package version
# and prints one line naming both. Nothing is fetched when the recorded
# version is still the newest; a newer upload replaces the tarball (and
# build-kernel.sh then unpacks a fresh tree keyed by the new version).
#
# Exit status: 0 ok, 2 usage, 3-5 as tools/private-apt.sh, 6 the package
# holds no usr/src/PKG.tar.xz.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: fetch-source.sh PKG DIR" >&2; exit 2; }
pkg=$1 dir=$2
papt=$(dirname "$0")/../tools/private-apt.sh
say() { echo "[source] $*" >&2; }

mkdir -p "$dir"
tarball=$dir/$pkg.tar.xz
ver=$("$papt" newest "$pkg")
have=$(cat "$tarball.version" 2>/dev/null || true)
if [ -r "$tarball" ] && [ "$have" = "$ver" ]; then
	say "$pkg $ver (up to date: $tarball)"
	exit 0
fi
[ -z "$have" ] || say "$pkg: a newer upload, $have -> $ver"
"$papt" download "$dir/debs" "$pkg=$ver"
deb=$(ls "$dir/debs/${pkg}_"*.deb | grep -F "_${ver/:/%3a}_" | head -n 1)
rm -rf "$dir/x"
say "unpacking $(basename "$deb") (dpkg-deb -x; not installed)"
dpkg-deb -x "$deb" "$dir/x"
[ -r "$dir/x/usr/src/$pkg.tar.xz" ] || {
	echo "[source] error: $(basename "$deb") holds no usr/src/$pkg.tar.xz" >&2
	exit 6
}
mv "$dir/x/usr/src/$pkg.tar.xz" "$tarball.tmp"
mv "$tarball.tmp" "$tarball"
echo "$ver" >"$tarball.version"
rm -rf "$dir/x" "$dir/debs"	# the .deb is the tarball again: keep one
say "$pkg $ver: $tarball"
