#!/bin/bash
# jl-run.sh - boot a kernel N times with the jump-label reproducer as /init
# (jlrepro.c) and count the guests that die.
#
#   jl-run.sh --kernel VMLINUZ [--boots N] [--mode all|feat|bw|stats|none]
#             [--secs S] [--thread multi|single] [--qemu BINARY]
#             [--qemu-data DIR[:DIR]] [--cpus N] [--append ARGS] [--out DIR]
#
# Each boot takes /work/cpu.lock for itself (flock, one boot at a time) if
# JL_LOCK is set to a lock file; the caller may instead run the whole script
# under its own lock. Per boot: OUT/bootN.log (console) and one line
#   boot N: survived|died|other flips=F secs=S class=C
# where class is `cfsreport guest-death`'s verdict on the console log
# (report/guestdeath.h; $CFSREPORT, else build/report/cfsreport).
# Last line: "jl: D of N boots died, F flips, T s of guest time".
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
kernel= boots=3 mode=all secs=60 thread=multi qemu=qemu-system-x86_64 qdata=
cpus=2 append= out=
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel=$2 ;;
	--boots) boots=$2 ;;
	--mode) mode=$2 ;;
	--secs) secs=$2 ;;
	--thread) thread=$2 ;;
	--qemu) qemu=$2 ;;
	--qemu-data) qdata=$2 ;;
	--cpus) cpus=$2 ;;
	--append) append=$2 ;;
	--out) out=$2 ;;
	*) echo "jl-run.sh: unknown argument $1" >&2; exit 2 ;;
	esac
	shift 2
done
[ -r "$kernel" ] || { echo "jl-run.sh: no kernel '$kernel'" >&2; exit 2; }
build=${BUILD:-$top/build}/jl
out=${out:-$build/runs/$(date -u +%Y%m%d-%H%M%S)-$mode-$thread}
mkdir -p "$build/root" "$out"

lock=()
[ -n "${JL_LOCK:-}" ] && lock=(flock "$JL_LOCK")

# The initramfs: the static reproducer as /init and the mount points
# (the compile under the lock too: one build or boot at a time).
if [ ! -e "$build/jl.cpio.gz" ] || [ "$here/jlrepro.c" -nt "$build/jl.cpio.gz" ]; then
	"${lock[@]}" gcc -O2 -Wall -Wextra -static -o "$build/root/init" "$here/jlrepro.c" || exit 2
	mkdir -p "$build/root/proc" "$build/root/sys" "$build/root/dev"
	(cd "$build/root" && find . | cpio -o -H newc --quiet | gzip -1) >"$build/jl.cpio.gz"
fi

Largs=()
IFS=: read -ra dirs <<<"$qdata"
for d in "${dirs[@]}"; do [ -n "$d" ] && Largs+=(-L "$d"); done
died=0 total_flips=0 total_secs=0
echo "jl: $("$qemu" --version | head -n 1), thread=$thread, $cpus vCPUs, mode=$mode, ${secs}s, kernel $kernel" | tee "$out/summary.txt"
for i in $(seq 1 "$boots"); do
	log=$out/boot$i.log
	t0=$(date +%s.%N)
	"${lock[@]}" timeout $((secs + 120)) "$qemu" "${Largs[@]}" -accel "tcg,thread=$thread" \
		-smp "$cpus" -m 512M -nodefaults -display none -no-reboot \
		-kernel "$kernel" -initrd "$build/jl.cpio.gz" \
		-append "console=ttyS0 panic=-1 oops=panic loglevel=4 no_timer_check jl.mode=$mode jl.secs=$secs $append" \
		-serial "file:$log" </dev/null >"$out/qemu$i.log" 2>&1
	qrc=$?
	t1=$(date +%s.%N)
	flips=$(tr -d '\r' <"$log" | grep -aoE '^\[jl\] (t=[0-9]+|done) flips=[0-9]+' | tail -n 1 | sed 's/.*flips=//')
	gsecs=$(tr -d '\r' <"$log" | grep -aoE '^\[jl\] t=[0-9]+' | tail -n 1 | sed 's/.*t=//')
	class=$("${CFSREPORT:-$top/build/report/cfsreport}" guest-death "$log" 2>/dev/null | head -n 1)
	if grep -aq '^\[jl\] done' "$log"; then
		state=survived gsecs=$secs
	elif grep -aqE 'Oops|Kernel panic|BUG:' "$log"; then
		state=died died=$((died + 1))
	else
		state=other
	fi
	total_flips=$((total_flips + ${flips:-0}))
	total_secs=$((total_secs + ${gsecs:-0}))
	printf 'boot %d: %s flips=%s secs=%s wall=%.0f qemu_rc=%s class=%s\n' "$i" "$state" "${flips:-0}" \
		"${gsecs:-?}" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" "$qrc" "${class:-none}" | tee -a "$out/summary.txt"
done
echo "jl: $died of $boots boots died, $total_flips flips, $total_secs s of guest time ($out)" | tee -a "$out/summary.txt"
