#!/bin/bash
# tcg-thread.sh QEMU - the TCG threading to use with this QEMU binary:
# prints "THREAD VERSION" ("multi 10.0.2", "single 7.2.22"; VERSION "?"
# when QEMU does not say it) and a reason on stderr for single.
#
# QEMU before 8.1.0 translates a block before it locks the block's page,
# so a translation can read code that another vCPU is rewriting and
# outlive that write's invalidation: the kernel's text patching (jump
# labels, static calls) then runs a removed int3 and dies ("Oops: int3").
# Fixed upstream by deba78709ae8 "accel/tcg: Always lock pages before
# translation" (8.1.0). Before 8.1.0 only one TCG thread is safe.
# $TCG_THREAD=multi|single overrides (printed as given); auto (the
# default) decides by the version.
set -uo pipefail
qemu=${1:?usage: tcg-thread.sh QEMU}
case "${TCG_THREAD:-auto}" in
multi | single | auto) ;;
*) echo "tcg-thread.sh: TCG_THREAD=$TCG_THREAD: use auto, multi or single" >&2; exit 2 ;;
esac
ver=$("$qemu" --version 2>/dev/null | sed -n 's/^QEMU emulator version \([0-9][0-9.]*\).*/\1/p' | head -n 1)
case "${TCG_THREAD:-auto}" in
multi | single) echo "$TCG_THREAD ${ver:-?}"; exit 0 ;;
esac
if [ -z "$ver" ]; then
	echo "tcg-thread.sh: cannot read $qemu's version: single TCG thread" >&2
	echo "single ?"
	exit 0
fi
IFS=. read -r major minor _ <<<"$ver"
if [ "$major" -gt 8 ] || { [ "$major" = 8 ] && [ "${minor:-0}" -ge 1 ]; }; then
	echo "multi $ver"
else
	echo "tcg-thread.sh: QEMU $ver < 8.1 races text patching under multi-threaded TCG: single TCG thread" >&2
	echo "single $ver"
fi
