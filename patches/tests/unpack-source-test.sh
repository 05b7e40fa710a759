#!/bin/bash
# unpack-source-test.sh - patches/unpack-source.sh on a small fake
# linux-source tarball: what the lean tree keeps and leaves out, the full
# tree, and its refusals. Ends with "unpack: N passed, M failed".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
unpack=$here/../unpack-source.sh
work=$(mktemp -d /tmp/unpack-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0

ok() { echo "  ok   $*"; pass=$((pass + 1)); }
bad() { echo "  FAIL $*"; fail=$((fail + 1)); }

# A tree with one file of each kind the patterns name.
top=$work/linux-source-9.9
kept="Makefile Kconfig arch/Kconfig arch/x86/Kconfig arch/x86/kernel/a.c
	arch/x86/include/asm/a.h arch/x86/boot/a.S arch/arm/Kconfig
	arch/arm/crypto/Kconfig arch/arm/Makefile Documentation/Kconfig
	Documentation/admin-guide/cgroup-v2.rst drivers/Kconfig
	drivers/gpu/Kconfig drivers/gpu/drm/Makefile drivers/tty/serial/a.c
	drivers/power/supply/a.c sound/Kconfig tools/objtool/arch/x86/a.h
	tools/testing/selftests/cgroup/test_cpu.c
	tools/testing/kunit/kunit.py kernel/sched/fair.c"
lean_out="arch/arm/kernel/a.c arch/arm/include/asm/a.h arch/arm/boot/a.S
	arch/arm/boot/dts/a.dts arch/arm/boot/dts/a.dtsi drivers/gpu/drm/a.c
	drivers/gpu/drm/amd/include/a.h drivers/net/ethernet/a.c sound/core/a.c
	tools/perf/a.c"
for f in $kept $lean_out; do
	mkdir -p "$top/$(dirname "$f")"
	echo "$f" >"$top/$f"
done
tar -C "$work" -cJf "$work/linux-source-9.9.tar.xz" linux-source-9.9

check_tree() {	# DIR MODE: every kept file there; lean_out there iff full
	local dir=$1 mode=$2 f miss=0 extra=0
	for f in $kept; do [ -f "$dir/$f" ] || { echo "    missing $f"; miss=1; }; done
	for f in $lean_out; do
		if [ -f "$dir/$f" ]; then
			[ "$mode" = full ] || { echo "    kept $f"; extra=1; }
		else
			[ "$mode" = lean ] || { echo "    missing $f"; miss=1; }
		fi
	done
	[ $miss = 0 ] && [ $extra = 0 ] &&
		[ "$(cat "$dir/.unpack-mode" 2>/dev/null)" = "$mode" ]
}

if "$unpack" "$work/linux-source-9.9.tar.xz" "$work/lean" >/dev/null &&
	check_tree "$work/lean" lean; then
	ok "lean tree: keeps every Kconfig, Makefile, x86 and used file; leaves out other arches' code, big drivers' .c/.h, sound code, tools/perf"
else
	bad "lean tree"
fi
if KSRC_FULL=1 "$unpack" "$work/linux-source-9.9.tar.xz" "$work/full" >/dev/null &&
	check_tree "$work/full" full; then
	ok "KSRC_FULL=1: the whole tree"
else
	bad "KSRC_FULL=1"
fi
rc=0
"$unpack" "$work/linux-source-9.9.tar.xz" "$work/lean" >/dev/null 2>&1 || rc=$?
[ $rc = 2 ] && ok "an existing destination is refused (exit 2)" ||
	bad "existing destination: exit $rc, want 2"
printf 'not xz' >"$work/linux-source-9.8.tar.xz"
rc=0
"$unpack" "$work/linux-source-9.8.tar.xz" "$work/broken" >/dev/null 2>&1 || rc=$?
[ $rc = 1 ] && [ ! -e "$work/broken" ] &&
	ok "a broken tarball: exit 1, nothing half-unpacked left" ||
	bad "broken tarball: exit $rc, $(ls -d "$work/broken" 2>/dev/null)"
# More than the file system holds: exit 3 before tar runs.
need=$(( $(df -Pm "$work" | awk 'NR == 2 { print $4 }') + 1 ))
rc=0
out=$(UNPACK_NEED_MIB=$need "$unpack" "$work/linux-source-9.9.tar.xz" \
	"$work/nospace" 2>&1) || rc=$?
[ $rc = 3 ] && [ ! -e "$work/nospace" ] && grep -q 'MiB free' <<<"$out" &&
	ok "not enough disk space: exit 3 with the figures, before unpacking" ||
	bad "no space: exit $rc: $out"
echo "unpack: $pass passed, $fail failed"
[ $fail = 0 ]
