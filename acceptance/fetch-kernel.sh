#!/bin/bash
# fetch-kernel.sh SPEC DIR - get a distribution kernel image to boot in
# QEMU, without installing anything on the host. Prints the image path.
#
# Also checks the image's kernel config (acceptance/kconfig-check.sh) and
# writes DIR/<image name>.json for meta.json's kernel_build: the package,
# its version and the Debian suite it came from.
#
# SPEC is one of:
#   a path to a vmlinuz/bzImage     used as it is
#   a path to a .deb                unpacked with dpkg-deb -x
#   a Debian package name           fetched with `apt-get download`, from
#                                   the host's apt or, for suites the host
#                                   does not list (trixie, trixie-backports,
#                                   sid, bookworm-backports), from the
#                                   private index (tools/private-apt.sh)
#   a kernel line or version        "7.3", "6.12.118": the newest Debian
#                                   cloud image of it either index offers
# Packaging: up to Debian 12 linux-image-<abi> ships /boot/vmlinuz-* and
# /boot/config-*; from Debian 13 on linux-image-<abi> is a metapackage over
# linux-binary-<abi> (/usr/lib/modules/<abi>/vmlinuz) and linux-base-<abi>
# (/usr/lib/modules/<abi>/config). Metapackages such as
# linux-image-cloud-amd64 are followed down to the one that ships a kernel.
# The packages are only unpacked into DIR; never installed, and no module
# of them is ever loaded on the host.
#
# Exit status: 0, 2 bad SPEC or nothing found, 5 apt failed.
set -euo pipefail
spec=$1 dir=$2
here=$(cd "$(dirname "$0")" && pwd)
papt=$here/../tools/private-apt.sh
say() { echo "[acceptance] $*" >&2; }
die() { echo "[acceptance] error: $*" >&2; exit 2; }
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
export BUILD=${BUILD:-build}

# Which apt knows PKG: "host", "private" or nothing (status 1).
where() {
	if apt-cache show "$1" >/dev/null 2>&1; then
		echo host
	elif "$papt" apt-cache show "$1" >/dev/null 2>&1; then
		echo private
	else
		return 1
	fi
}

# acache WHERE ARGS...: apt-cache of the host or of the private index
acache() {
	local w=$1
	shift
	if [ "$w" = host ]; then apt-cache "$@"; else "$papt" apt-cache "$@"; fi
}

# The suite of PKG's candidate version (madison's third column names
# "<uri> <suite>/main ..."; only the suite is kept).
suite_of() {
	acache "$1" madison "$2" 2>/dev/null | awk -F'[|]' -v v="$3" \
		'{ gsub(/ /, "", $2) } $2 == v { split($3, w, " "); sub("/.*", "", w[2]); print w[2]; exit }'
}

# "7.3", "6.12.118": the cloud image package of the newest such version.
from_version() {
	local v=${1//./\\.} names
	names=$( { apt-cache pkgnames linux-image- 2>/dev/null
		"$papt" apt-cache pkgnames linux-image- 2>/dev/null; } |
		grep -E "^linux-image-$v[.+-][^ ]*cloud-amd64(-unsigned)?$" |
		LC_ALL=C sort -u)
	[ -n "$names" ] || die "no Debian cloud kernel $1 in the host's apt or the private index"
	for n in $names; do
		printf '%s %s\n' "$(acache "$(where "$n")" show "$n" |
			sed -n 's/^Version: //p' | head -n 1)" "$n"
	done | sort -V -k1,1 | tail -n 1 | cut -d' ' -f2
}

# Follow metapackages to the package that holds the kernel; prints the
# packages to fetch (the image's, and linux-base-<abi> for new packaging).
resolve() {
	local pkg=$1 w dep base
	for _ in 1 2 3 4; do
		w=$(where "$pkg") || die "no package '$pkg' in the host's apt or the private index"
		dep=$(acache "$w" depends "$pkg" 2>/dev/null |
			sed -n 's/^ *Depends: \(linux-binary-[^ ]*\)$/\1/p' | head -n 1)
		if [ -n "$dep" ]; then
			base=${dep/linux-binary-/linux-base-}
			# linux-base-<abi> only carries the config; an index
			# may lack it (a virtual name only): boot without it
			if acache "$w" show "$base" 2>/dev/null | grep -q '^Version: '; then
				say "$pkg -> $dep + $base"
				echo "$dep $base"
			else
				say "$pkg -> $dep ($base is in neither index: no kernel config)"
				echo "$dep"
			fi
			return 0
		fi
		case "$pkg" in
		linux-image-[0-9]*|linux-binary-*) echo "$pkg"; return 0 ;;
		esac
		dep=$(acache "$w" depends "$pkg" 2>/dev/null |
			sed -n 's/^ *Depends: \(linux-image-[^ ]*\)$/\1/p' | head -n 1)
		[ -n "$dep" ] || break
		say "$pkg -> $dep"
		pkg=$dep
	done
	echo "$pkg"
}

# fetch PKG: the .deb in DIR (downloaded once); prints its path
fetch() {
	local pkg=$1 w deb
	w=$(where "$pkg") || die "no package '$pkg'"
	deb=$(ls "$dir/${pkg}"_*.deb 2>/dev/null | head -n 1 || true)
	if [ -z "$deb" ]; then
		say "downloading $pkg $(acache "$w" show "$pkg" | sed -n 's/^Version: //p' | head -n 1)" \
			"($w apt; not installed)"
		if [ "$w" = host ]; then
			(cd "$dir" && apt-get download -q "$pkg" >"$dir/download.log" 2>&1) ||
				{ tail -n 5 "$dir/download.log" >&2; exit 5; }
		else
			"$papt" download "$dir" "$pkg" || exit $?
		fi
		deb=$(ls "$dir/${pkg}"_*.deb | head -n 1)
	fi
	echo "$deb"
}

unpack() {
	local deb=$1 root
	root=$dir/root-$(basename "$deb" .deb)
	if [ ! -d "$root" ]; then
		say "unpacking $(basename "$deb")"
		rm -rf "$root.tmp"
		dpkg-deb -x "$deb" "$root.tmp"
		mv "$root.tmp" "$root"
	fi
	echo "$root"
}

image_in() {
	find "$@" \( -path '*/boot/vmlinuz-*' -o -path '*/lib/modules/*/vmlinuz' \) \
		-type f | LC_ALL=C sort | tail -n 1
}

# The config that belongs to IMAGE, searched in the unpacked ROOTS.
config_of() {
	local img=$1 rel
	shift
	case "$img" in
	*/boot/vmlinuz-*) rel=${img##*/vmlinuz-}
		find "$@" -path "*/boot/config-$rel" -type f | head -n 1 ;;
	*) rel=$(basename "$(dirname "$img")")
		find "$@" -path "*/lib/modules/$rel/config" -type f | head -n 1 ;;
	esac
}

# check_config IMAGE CONFIG SOURCE: kconfig-check.sh writes the JSON
check_config() {
	local img=$1 cfg=$2 src=$3 json
	json=$dir/$(basename "$img").json	# acceptance.mk's KERNEL_META
	case "$img" in */vmlinuz) json=$dir/vmlinuz-$(basename "$(dirname "$img")").json ;; esac
	if [ -z "$cfg" ] || [ ! -r "$cfg" ]; then
		say "no kernel config beside $(basename "$img"): kernel features are only probed in the guest"
		printf '{"source":"%s","patches":0}\n' "$src" >"$json"
		return 0
	fi
	"$here/kconfig-check.sh" "$cfg" "$here/../patches/guest.config" "$src" "$json"
}

if [ -f "$spec" ] && [[ $spec != *.deb ]]; then
	check_config "$spec" "$(config_of "$spec" "$(dirname "$spec")")" "$(basename "$spec")"
	echo "$spec"
	exit 0
fi
roots=()
if [ -f "$spec" ]; then
	deb=$spec
	roots+=("$(unpack "$deb")")
	src="$(dpkg-deb -f "$deb" Package) $(dpkg-deb -f "$deb" Version)"
else
	[[ $spec =~ ^[a-z0-9][a-z0-9.+-]+$ ]] || die "KERNEL_PKG='$spec' is neither a file nor a package name"
	pkg=$spec
	[[ $spec =~ ^[0-9]+\.[0-9]+(\.[0-9]+)?$ ]] && pkg=$(from_version "$spec") &&
		say "$spec -> $pkg"
	read -r -a pkgs <<<"$(resolve "$pkg")"
	for p in "${pkgs[@]}"; do
		deb=$(fetch "$p") || exit $?	# fetch has said why
		roots+=("$(unpack "$deb")")
	done
	w=$(where "${pkgs[0]}")
	ver=$(acache "$w" show "${pkgs[0]}" | sed -n 's/^Version: //p' | head -n 1)
	src="${pkgs[0]} $ver ($(suite_of "$w" "${pkgs[0]}" "$ver"))"
fi
img=$(image_in "${roots[@]}")
[ -n "$img" ] || die "${roots[*]##*/} ship no kernel (/boot/vmlinuz-* or /usr/lib/modules/*/vmlinuz)"
check_config "$img" "$(config_of "$img" "${roots[@]}")" "$src"
echo "$img"
