#!/bin/bash
# build-kernel.sh - unpack Debian's linux-source once, apply the series,
# merge the config fragments, build bzImage incrementally.
#
#   build-kernel.sh --tarball T --build DIR --series FILE [--config FRAG]...
#                   [--allow-undefined]
#
# Steps (each prints one "[kernel] ..." line):
#   unpack   the tarball into DIR/src-<version>, once (unpack-source.sh:
#            without what an x86_64 guest build never reads unless
#            KSRC_FULL=1); commit it as "base" in a local git repo so the
#            series can be re-applied exactly
#   apply    the series onto base in a scratch index, then check out only
#            the files whose content changed (unchanged files keep their
#            mtimes, so kbuild rebuilds only what the series touches)
#   config   tinyconfig + fragments (merge_config.sh -m) + olddefconfig;
#            fails if a requested option did not survive; .config is only
#            replaced when its content changes. --allow-undefined (the
#            stock build): an option no Kconfig of the tree defines, such
#            as one the series adds, is reported and left out instead
#   build    make bzImage -j$(nproc), full log in DIR/build.log
# Set KREBUILD=1 to run make even when series and config are unchanged
# (e.g. after editing the tree by hand).
set -euo pipefail

tarball= build= series= allow_undef=0
configs=()
while [ $# -gt 0 ]; do
	case "$1" in
	--tarball) tarball=$2; shift 2 ;;
	--build) build=$2; shift 2 ;;
	--series) series=$2; shift 2 ;;
	--config) configs+=("$2"); shift 2 ;;
	--allow-undefined) allow_undef=1; shift ;;
	*) echo "build-kernel.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done
[ -n "$tarball" ] && [ -n "$build" ] && [ -n "$series" ] || {
	echo "usage: build-kernel.sh --tarball T --build DIR --series FILE [--config F]..." >&2
	exit 2
}

say() { echo "[kernel] $*"; }
die() { echo "[kernel] error: $*" >&2; exit 1; }

# The Debian package that ships the tarball: linux-source-6.1.tar.xz ->
# linux-source-6.1 (6.1.192, bookworm), linux-source-6.12 (6.12.118,
# bookworm-security).
srcpkg=$(basename "$tarball" .tar.xz)
kbase=${srcpkg#linux-source-}
[ -r "$tarball" ] || die "$tarball not found (apt-get install $srcpkg)"
mkdir -p "$build"
build=$(cd "$build" && pwd)
patchdir=$(cd "$(dirname "$series")" && pwd)
log=$build/build.log
obj=$build/obj
export ARCH=x86_64

# The tree is keyed by the Debian package version, so a new linux-source
# upload gets a fresh tree instead of patches applied to a stale one.
# A tarball fetched from another suite (fetch-source.sh) names its
# version beside it; one from the host's apt is an installed package.
pkgver=$(cat "$tarball.version" 2>/dev/null || true)
[ -n "$pkgver" ] || pkgver=$(dpkg-query -W -f='${Version}' "$srcpkg" 2>/dev/null || true)
[ -n "$pkgver" ] || pkgver=$(stat -c %Y "$tarball")
src=$build/src-$pkgver

git_k() { git -C "$src" -c user.name=build -c user.email=build@localhost \
	-c core.autocrlf=false -c gc.auto=0 "$@"; }

# --- unpack --------------------------------------------------------------
# A lean tree (unpack-source.sh) serves unless KSRC_FULL=1 asks for the
# whole one; a tree unpacked before the lean mode existed is whole.
have_mode=$(cat "$src/.unpack-mode" 2>/dev/null || echo full)
if [ ! -f "$src/.unpacked" ] ||
	{ [ "${KSRC_FULL:-0}" = 1 ] && [ "$have_mode" = lean ]; }; then
	rm -rf "$src" "$src.tmp"
	say "unpacking $(basename "$tarball") ($pkgver) into $src"
	rc=0
	"$(dirname "$0")/unpack-source.sh" "$tarball" "$src.tmp" || rc=$?
	if [ $rc != 0 ]; then	# keep its exit status: 3 is "disk full"
		echo "[kernel] error: no kernel tree in $src (see above)" >&2
		exit $rc
	fi
	git -C "$src.tmp" init -q
	git -C "$src.tmp" -c core.excludesFile=/dev/null add -A -f .
	git -C "$src.tmp" -c user.name=build -c user.email=build@localhost \
		commit -q -m "linux-source $pkgver (pristine)"
	git -C "$src.tmp" tag base
	mv "$src.tmp" "$src"
	touch "$src/.unpacked"
	rm -rf "$obj"	# objects of another tree are not reusable
fi
kver=$(make -s -C "$src" kernelversion)

# --- apply ---------------------------------------------------------------
mapfile -t patches < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$series" 2>/dev/null || true)
series_hash=$( { for p in "${patches[@]}"; do cat "$patchdir/$p"; done; } |
	sha256sum | cut -c1-16)
# Fast path: series, fragments and tree unchanged since the last good
# build -> nothing to do (no kconfig, no kbuild walk).
frag_hash=$(cat "${configs[@]}" | sha256sum | cut -c1-16)
quick="$pkgver $series_hash $frag_hash"
if [ -f "$build/bzImage" ] && [ "${KREBUILD:-0}" = 0 ] &&
	[ "$(cat "$build/inputs.stamp" 2>/dev/null)" = "$quick" ] &&
	git_k diff --quiet HEAD 2>/dev/null; then
	say "up to date: $build/bzImage (series $series_hash, ${#patches[@]} patches)"
	exit 0
fi
rm -f "$build/inputs.stamp"
say "applying ${#patches[@]} patches onto $kver (series $series_hash)"
idx=$src/.git/series-index
rm -f "$idx"
GIT_INDEX_FILE=$idx git_k read-tree base
n=0
for p in "${patches[@]}"; do
	n=$((n + 1))
	[ -r "$patchdir/$p" ] || die "$series line $n: $p: no such patch"
	if ! GIT_INDEX_FILE=$idx git_k apply --cached --whitespace=nowarn \
		"$patchdir/$p" 2>"$build/apply.err"; then
		cat "$build/apply.err" >&2
		die "patch $n ($p) does not apply on top of the previous ones" \
			"($srcpkg $pkgver: if this is a newer upload than the series" \
			"was written for, the series needs a rebase)"
	fi
done
tree=$(GIT_INDEX_FILE=$idx git_k write-tree)
rm -f "$idx"
if [ "$(git_k rev-parse HEAD^{tree})" != "$tree" ]; then
	commit=$(echo "series $series_hash" | git_k commit-tree "$tree" -p base)
	git_k reset -q --hard "$commit"
fi

# --- config --------------------------------------------------------------
say "configuring (tinyconfig + ${configs[*]##*/})"
mkdir -p "$obj"
cfgtmp=$build/config-obj	# kept: its kconfig tools are reused
mkdir -p "$cfgtmp"
if ! { make -s -C "$src" O="$cfgtmp" tinyconfig &&
	"$src/scripts/kconfig/merge_config.sh" -m -O "$cfgtmp" \
		"$cfgtmp/.config" "${configs[@]}" &&
	make -s -C "$src" O="$cfgtmp" olddefconfig; } >"$build/config.log" 2>&1; then
	tail -n 20 "$build/config.log" >&2
	die "configuration failed (full log: $build/config.log)"
fi
missing=0
for frag in "${configs[@]}"; do
	while IFS= read -r opt; do
		name=${opt%%=*}
		if [[ $opt == *=n ]]; then
			grep -qx "# $name is not set" "$cfgtmp/.config" ||
				grep -qx "$opt" "$cfgtmp/.config" && continue
		else
			grep -qx "$opt" "$cfgtmp/.config" && continue
		fi
		if [ $allow_undef = 1 ] &&
			! grep -rqx --include='Kconfig*' "config ${name#CONFIG_}" "$src"; then
			say "$frag: $opt is not defined in this tree (left out)"
			continue
		fi
		echo "[kernel] $frag: $opt did not survive into .config" \
			"(now: $(grep -E "^$name=|^# $name is not set" "$cfgtmp/.config" || echo absent))" >&2
		missing=1
	done < <(grep -E '^CONFIG_[A-Za-z0-9_]+=' "$frag")
done
[ $missing = 0 ] || die "requested config options are missing (see above)"
if ! cmp -s "$cfgtmp/.config" "$obj/.config"; then
	cp "$cfgtmp/.config" "$obj/.config"
fi
config_hash=$(sha256sum "$obj/.config" | cut -c1-16)

# --- build ---------------------------------------------------------------
stamp=$build/kernel.stamp
want="$kver $series_hash $config_hash"
if [ -f "$build/bzImage" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] &&
	[ "${KREBUILD:-0}" = 0 ]; then
	say "up to date: $build/bzImage ($want)"
	echo "$quick" >"$build/inputs.stamp"
	exit 0
fi
jobs=$(nproc)
say "building bzImage with -j$jobs (log: $log)"
start=$(date +%s)
if ! make -C "$src" O="$obj" -j"$jobs" bzImage >"$log" 2>&1; then
	echo "[kernel] build failed; last errors:" >&2
	grep -E 'error|Error|\*\*\*' "$log" | tail -n 20 >&2 || tail -n 20 "$log" >&2
	if grep -q 'No such file or directory' "$log" &&
		[ "$(cat "$src/.unpack-mode" 2>/dev/null)" = lean ]; then
		say "this tree is lean (patches/unpack-source.sh): if the" \
			"missing file is one it leaves out, rebuild with KSRC_FULL=1"
	fi
	die "kernel build failed (full log: $log)"
fi
cp "$obj/arch/x86/boot/bzImage" "$build/bzImage.tmp"
mv "$build/bzImage.tmp" "$build/bzImage"
release=$(make -s -C "$src" O="$obj" kernelrelease)
cat >"$build/kernel.json" <<JSON
{"kernel_release":"$release","kbase":"$kbase","source":"$srcpkg $pkgver","series_hash":"$series_hash","patches":${#patches[@]},"config_hash":"$config_hash"}
JSON
echo "$want" >"$stamp"
echo "$quick" >"$build/inputs.stamp"
say "built $release in $(($(date +%s) - start)) s: $build/bzImage"
