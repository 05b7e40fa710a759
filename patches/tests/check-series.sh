#!/bin/sh
# Apply a patch series in order to a fresh kernel tree and build a bzImage
# after every patch (incrementally, in one object tree), so that every
# prefix of the series is known to apply with `git apply` and to build.
#
# usage: check-series.sh TARBALL PATCHDIR WORKDIR CONFIG_FRAGMENT...
#
# CHECK_LAST=1 applies every patch and builds only the last prefix (the
# whole series): what CI can afford.
set -eu

tarball=$1
patchdir=$2
work=$3
shift 3
jobs=${JOBS:-$(nproc)}

say() { echo "[check-series] $*"; }

[ -r "$tarball" ] || { say "$tarball: not readable" >&2; exit 1; }
[ -r "$patchdir/series" ] || { say "$patchdir/series: missing" >&2; exit 1; }
mkdir -p "$work"
work=$(cd "$work" && pwd)
patchdir=$(cd "$patchdir" && pwd)
frags=
for f in "$@"; do
	frags="$frags $(cd "$(dirname "$f")" && pwd)/$(basename "$f")"
done

src=$work/src
obj=$work/obj
rm -rf "$src"
mkdir -p "$obj"
say "unpacking $tarball"
"$(dirname "$0")/../unpack-source.sh" "$tarball" "$src"
# A repository of its own, so git apply does not resolve paths against
# an enclosing repository.
git -C "$src" init -q

cd "$src"
say "configuring (tinyconfig +$frags)"
make -s O="$obj" ARCH=x86_64 tinyconfig >/dev/null
# shellcheck disable=SC2086
scripts/kconfig/merge_config.sh -m -O "$obj" "$obj/.config" $frags >/dev/null
make -s O="$obj" ARCH=x86_64 olddefconfig >/dev/null

total=$(grep -cvE '^[[:space:]]*(#|$)' "$patchdir/series" || true)
n=0
fail=0
while IFS= read -r p; do
	case $p in ''|'#'*) continue ;; esac
	n=$((n + 1))
	if ! git apply --whitespace=error-all "$patchdir/$p"; then
		say "FAIL $n $p: does not apply"
		fail=1
		break
	fi
	if [ "${CHECK_LAST:-0}" = 1 ] && [ "$n" -lt "$total" ]; then
		say "applied $n $p (CHECK_LAST=1: built with the last one)"
		continue
	fi
	# Re-merge: a patch may add an option the fragments request.
	scripts/kconfig/merge_config.sh -m -O "$obj" "$obj/.config" $frags >/dev/null
	make -s O="$obj" ARCH=x86_64 olddefconfig >/dev/null
	start=$(date +%s)
	if ! make -s O="$obj" ARCH=x86_64 -j"$jobs" bzImage \
		>"$work/build-$n.log" 2>&1; then
		tail -n 30 "$work/build-$n.log"
		say "FAIL $n $p: does not build (log: $work/build-$n.log)"
		fail=1
		break
	fi
	if grep -q 'warning:' "$work/build-$n.log"; then
		grep 'warning:' "$work/build-$n.log"
		say "FAIL $n $p: builds with warnings"
		fail=1
		break
	fi
	say "ok $n $p (built in $(($(date +%s) - start)) s)"
done <"$patchdir/series"

[ "$fail" -eq 0 ] || exit 1
# Every requested option exists once the whole series is applied.
for f in $frags; do
	grep -E '^CONFIG_[A-Za-z0-9_]+=' "$f" | while IFS= read -r opt; do
		grep -qx "$opt" "$obj/.config" ||
			{ say "config: $opt did not survive" >&2; exit 1; }
	done
done
if [ "${CHECK_LAST:-0}" = 1 ]; then
	say "all $n patches apply; the whole series builds (CHECK_LAST=1: prefixes not built)"
else
	say "all $n prefixes of the series apply and build"
fi
