#!/bin/bash
# fetch-kernel.sh SPEC DIR - get a distribution kernel image to boot in
# QEMU, without installing anything on the host. Prints the image path.
#
# Also checks the image's kernel config (acceptance/kconfig-check.sh) and
# writes DIR/<image name>.json for meta.json's kernel_build.
#
# SPEC is one of:
#   a path to a vmlinuz/bzImage     used as it is
#   a path to a .deb                unpacked with dpkg-deb -x
#   a Debian package name           fetched with `apt-get download` (a
#                                   metapackage such as linux-image-cloud-amd64
#                                   is resolved to the image it depends on)
# The package is only unpacked into DIR; it is never installed, and no
# module of it is ever loaded on the host.
set -euo pipefail
spec=$1 dir=$2
say() { echo "[acceptance] $*" >&2; }
die() { echo "[acceptance] error: $*" >&2; exit 2; }
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

image_in() {
	find "$1" -path '*/boot/vmlinuz-*' -type f | LC_ALL=C sort | tail -n 1
}

# check_config IMAGE SOURCE: the config beside the image (config-<release>
# in the same folder, as Debian ships it), if there is one
check_config() {
	local img=$1 src=$2 cfg json
	cfg=$(dirname "$img")/config-$(basename "$img" | sed 's/^vmlinuz-//')
	json=$dir/$(basename "$img").json	# acceptance.mk's KERNEL_META
	if [ ! -r "$cfg" ]; then
		say "no $(basename "$cfg") beside $(basename "$img"): kernel features are only probed in the guest"
		printf '{"source":"%s","patches":0}\n' "$src" >"$json"
		return 0
	fi
	"$(dirname "$0")/kconfig-check.sh" "$cfg" "$(dirname "$0")/../patches/guest.config" \
		"$src" "$json"
}

if [ -f "$spec" ] && [[ $spec != *.deb ]]; then
	check_config "$spec" "$(basename "$spec")"
	echo "$spec"
	exit 0
fi
if [ -f "$spec" ]; then
	deb=$spec
else
	[[ $spec =~ ^[a-z0-9][a-z0-9.+-]+$ ]] || die "KERNEL_PKG='$spec' is neither a file nor a package name"
	pkg=$spec
	# Follow metapackages down to the package that ships /boot/vmlinuz-*.
	for _ in 1 2 3; do
		case "$pkg" in
		linux-image-[0-9]*) break ;;
		esac
		dep=$(apt-cache depends "$pkg" 2>/dev/null |
			sed -n 's/^ *Depends: \(linux-image-[^ ]*\)$/\1/p' | head -n 1)
		[ -n "$dep" ] || break
		say "$pkg -> $dep"
		pkg=$dep
	done
	apt-cache show "$pkg" >/dev/null 2>&1 ||
		die "no package '$pkg' in the archive (apt-cache search linux-image)"
	ver=$(apt-cache show "$pkg" | sed -n 's/^Version: //p' | head -n 1)
	deb=$(ls "$dir"/"${pkg}"_*.deb 2>/dev/null | head -n 1 || true)
	if [ -z "$deb" ]; then
		say "downloading $pkg $ver (apt-get download; not installed)"
		(cd "$dir" && apt-get download -q "$pkg" >"$dir/download.log" 2>&1) ||
			{ tail -n 5 "$dir/download.log" >&2; die "apt-get download $pkg failed"; }
		deb=$(ls "$dir"/"${pkg}"_*.deb | head -n 1)
	fi
fi
root=$dir/root-$(basename "$deb" .deb)
if [ ! -d "$root" ]; then
	say "unpacking $(basename "$deb")"
	dpkg-deb -x "$deb" "$root.tmp"
	mv "$root.tmp" "$root"
fi
img=$(image_in "$root")
[ -n "$img" ] || die "$(basename "$deb") ships no /boot/vmlinuz-*"
check_config "$img" "$(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version)"
echo "$img"
