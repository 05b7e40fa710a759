#!/bin/bash
# private-qemu.sh - Debian's newer QEMU (>= 8.1, whose multi-threaded TCG
# does not run the kernel's removed text-patching int3s; issue 41) as a
# private copy under the build folder, never installed on the host.
#
#   private-qemu.sh          fetch it if missing (make qemu) and print the
#                            QEMU= and QEMU_DATA= to use
#   private-qemu.sh --auto   for a run of a distro kernel (jump labels on):
#                            when the host's QEMU is older than 8.1, print
#                            "export QEMU=... QEMU_DATA=..." for eval (the
#                            copy fetched if missing) and say so on stderr;
#                            print nothing when the host's QEMU will do or
#                            the copy cannot be had (then one TCG thread)
#
# The packages are the newest qemu-system-x86, qemu-system-data and
# qemu-system-common of bookworm-backports (built against Debian 12's
# libraries), fetched with tools/private-apt.sh download (its own index,
# $BUILD/apt-qemu: bookworm-backports only) and unpacked with dpkg-deb -x
# into $QEMU_DIR (default $BUILD/qemu). QEMU_DIR/VERSION records the
# version. Firmware: QEMU_DIR/usr/share/qemu (option ROMs) and the host's
# /usr/share/seabios (the BIOS the host's QEMU uses too).
# Exit: 0, 1 when the copy cannot be made or its libraries do not resolve.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${BUILD:-build}
qdir=${QEMU_DIR:-$build/qemu}
bin=$qdir/usr/bin/qemu-system-x86_64
say() { echo "[qemu] $*" >&2; }

data_dirs() { echo "$(cd "$qdir" && pwd)/usr/share/qemu:/usr/share/seabios"; }

# Unpack the newest bookworm-backports QEMU into $qdir.
fetch() {
	local ver debs=$build/qemu-debs pkg
	export PAPT_DIR=$build/apt-qemu PAPT_SUITES=bookworm-backports
	ver=$("$here/private-apt.sh" newest qemu-system-x86) || return 1
	rm -rf "$debs" "$qdir.tmp"
	"$here/private-apt.sh" download "$debs" qemu-system-x86="$ver" \
		qemu-system-data="$ver" qemu-system-common="$ver" || return 1
	mkdir -p "$qdir.tmp"
	for pkg in "$debs"/*.deb; do
		dpkg-deb -x "$pkg" "$qdir.tmp" || return 1
	done
	echo "$ver" >"$qdir.tmp/VERSION"
	rm -rf "$qdir" && mv "$qdir.tmp" "$qdir" && rm -rf "$debs"
	say "unpacked qemu-system-x86 $ver (bookworm-backports) into $qdir"
}

# The copy, fetched if missing, its libraries checked.
ensure() {
	local missing
	if [ ! -x "$bin" ] || [ ! -s "$qdir/VERSION" ]; then
		fetch || { say "could not fetch Debian's QEMU from bookworm-backports"; return 1; }
	fi
	missing=$(ldd "$bin" 2>&1 | grep 'not found')
	if [ -n "$missing" ]; then
		say "$bin: libraries missing on this host:"
		echo "$missing" >&2
		return 1
	fi
}

case "${1:-}" in
--auto)
	host=$(command -v qemu-system-x86_64) || host=
	if [ -n "$host" ] && read -r t v < <(TCG_THREAD=auto "$here/../initramfs/tcg-thread.sh" "$host" 2>/dev/null) &&
		[ "$t" = multi ]; then
		exit 0		# the host's QEMU is 8.1 or newer
	fi
	if ! ensure; then
		say "a distro kernel under the host's QEMU ${v:-?} with one TCG thread (slower; make qemu to retry)"
		exit 0
	fi
	say "host QEMU ${v:-?} < 8.1 runs a distro kernel's patched jump labels from stale translations" \
		"(Oops: int3) under two TCG threads: using Debian's $(cat "$qdir/VERSION") from $qdir" \
		"(QEMU= to choose another)"
	echo "export QEMU=$(cd "$qdir" && pwd)/usr/bin/qemu-system-x86_64 QEMU_DATA=$(data_dirs)"
	;;
"")
	ensure || exit 1
	echo "[qemu] Debian's qemu-system-x86 $(cat "$qdir/VERSION") in $qdir, libraries resolved; run with"
	echo "  QEMU=$(cd "$qdir" && pwd)/usr/bin/qemu-system-x86_64 QEMU_DATA=$(data_dirs)"
	;;
*) echo "usage: private-qemu.sh [--auto]" >&2; exit 2 ;;
esac
