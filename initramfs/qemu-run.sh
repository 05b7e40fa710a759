#!/bin/bash
# qemu-run.sh - boot a kernel with the conformance initramfs in QEMU and
# keep everything it says.
#
#   qemu-run.sh --kernel BZIMAGE --initrd CPIO --results DIR [--accel auto|kvm|tcg]
#               [--cpus N] [--mem SIZE] [--deadline S] [--idle S]
#               [--label NAME] [--kernel-meta JSON] [--append ARGS]
#
# Writes results/<run-id>/ (and points results/latest at it):
#   console.log    the guest console, streamed as it arrives
#   results.jsonl  the runner's JSON Lines (second serial port), streamed
#   results.ktap   the KTAP lines extracted from console.log
#   meta.json      accelerator, guest shape, kernel, hashes, host status
#
# The QEMU: $QEMU (a qemu-system-x86_64 binary), else the one in PATH;
# $QEMU_DATA: colon-separated firmware folders, each given as -L. Under
# TCG the threading is initramfs/tcg-thread.sh's ($TCG_THREAD=auto:
# multi from QEMU 8.1, single before; multi|single overrides). A [run]
# line and meta.json (qemu_version, tcg_thread) say which.
#
# The status comes from the RUNNER_EXIT=N marker /init prints, never from
# QEMU. Exit codes: the runner's (0 pass, 1 fail, 2 bad scenario, 3 guest
# setup failed, 4 all skipped, 5 inconclusive: none failed, one or more
# reached no verdict) or, when the guest did not finish:
#   10 kernel panic   11 hang (no output for --idle s)   12 deadline hit
#   13 QEMU died without a marker   14 runner crashed (signal)
#   15 emulator fault: an int3 oops in kernel text the kernel had already
#      patched, run by QEMU's TCG (report/guestdeath.h): no kernel verdict
#   20 accelerator unavailable      2 bad arguments
#
# Every result read from the guest's output is read by cfsreport (the
# KTAP assembly, meta.json, the exit code, the verdict line; see
# report/runcmds.h): $CFSREPORT, else $BUILD/report/cfsreport.
set -uo pipefail

kernel= initrd= results=results accel=auto cpus=2 mem=1G deadline=600
idle=120 label=run kmeta= append_extra=
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel=$2 ;;
	--initrd) initrd=$2 ;;
	--results) results=$2 ;;
	--accel) accel=$2 ;;
	--cpus) cpus=$2 ;;
	--mem) mem=$2 ;;
	--deadline) deadline=$2 ;;
	--idle) idle=$2 ;;
	--label) label=$2 ;;
	--kernel-meta) kmeta=$2 ;;
	--append) append_extra=$2 ;;
	*) echo "qemu-run.sh: unknown argument $1" >&2; exit 2 ;;
	esac
	shift 2
done
cfsreport=${CFSREPORT:-${BUILD:-build}/report/cfsreport}
if [ ! -x "$cfsreport" ]; then
	echo "qemu-run.sh: no cfsreport at $cfsreport (make $cfsreport, or set CFSREPORT)" >&2
	exit 2
fi

say() { echo "[run] $*"; }
die() { echo "[run] error: $*" >&2; exit "${2:-2}"; }

[ -r "$kernel" ] || die "kernel image '$kernel' not found"
[ -r "$initrd" ] || die "initramfs '$initrd' not found"
case "$accel" in auto | kvm | tcg) ;; *) die "ACCEL=$accel: use auto, kvm or tcg" ;; esac
[[ $cpus =~ ^[0-9]+$ ]] && [ "$cpus" -ge 1 ] || die "GUEST_CPUS=$cpus is not a CPU count"
if [ -n "${QEMU:-}" ]; then
	qemu=$QEMU
	[ -x "$qemu" ] || die "QEMU=$qemu is not an executable (make qemu fetches Debian's newer one)"
else
	qemu=$(command -v qemu-system-x86_64) || die "qemu-system-x86_64 missing (apt-get install qemu-system-x86)"
fi
data_args=()
IFS=: read -ra qdata <<<"${QEMU_DATA:-}"
for d in "${qdata[@]}"; do
	[ -z "$d" ] || data_args+=(-L "$d")
done
read -r thread qver < <("$(dirname "$0")/tcg-thread.sh" "$qemu") ||
	die "TCG_THREAD=${TCG_THREAD:-}: use auto, multi or single"

run_id=$(date -u +%Y%m%d-%H%M%S)-$label
dir=$results/$run_id
n=1
while [ -e "$dir" ]; do dir=$results/$run_id.$n; n=$((n + 1)); done
run_id=${dir##*/}
mkdir -p "$dir" || die "cannot create $dir"
ln -sfn "$run_id" "$results/latest"

# --- accelerator -----------------------------------------------------------
# KVM counts only when a probe boot prints the kernel banner (kvm-probe.sh,
# cached per host boot).
probe_kvm() { "$(dirname "$0")/kvm-probe.sh" "$qemu" "$kernel" "$dir" "${data_args[@]}"; }
tcg="tcg,thread=$thread"

case "$accel" in
kvm)
	why=$(probe_kvm) || die "ACCEL=kvm: KVM does not work here ($why); use ACCEL=tcg or auto" 20
	used=kvm ;;
tcg) used=tcg ;;
auto)
	if why=$(probe_kvm); then
		used=kvm
		[ -z "$why" ] || say "KVM works (probe $why)"
	else
		used=tcg
		say "KVM unusable ($why): falling back to TCG (-accel $tcg)"
	fi ;;
esac
if [ "$used" = kvm ]; then
	accel_args=(-accel kvm -cpu host)
	thread=
else
	accel_args=(-accel "$tcg")
fi
say "QEMU $qver ($qemu${QEMU_DATA:+, firmware $QEMU_DATA})${thread:+, TCG thread=$thread}"

# --- boot --------------------------------------------------------------------
# no_timer_check: under host load a TCG guest's IO-APIC timer check can
# fail spuriously and panic the boot ("IO-APIC + timer doesn't work").
cmdline="console=ttyS0 panic=-1 oops=panic loglevel=4 no_timer_check $append_extra"
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
t0=$(date +%s)
say "booting $(basename "$kernel") on $cpus vCPUs ($used, $mem), deadline ${deadline}s: $dir"
: >"$dir/console.log"
: >"$dir/results.jsonl"
"$qemu" "${data_args[@]}" "${accel_args[@]}" -smp "$cpus" -m "$mem" -nodefaults -display none \
	-no-reboot -kernel "$kernel" -initrd "$initrd" -append "$cmdline" \
	-serial "file:$dir/console.log" -serial "file:$dir/results.jsonl" \
	</dev/null >"$dir/qemu.log" 2>&1 &
qpid=$!

# Progress: the init steps and the top-level KTAP results, as they arrive.
# tail follows QEMU's pid, so the pipeline ends when QEMU does.
tail -n +1 -F --pid="$qpid" "$dir/console.log" 2>/dev/null |
	grep --line-buffered -E '^\[init\]|^(not )?ok [0-9]|^# [^ ]+: |^RUNNER_EXIT=|Kernel panic' |
	sed -u 's/\r$//; s/^/  /' &
tailpid=$!

host_status=
last_size=-1 last_change=$t0
while kill -0 "$qpid" 2>/dev/null; do
	sleep 1
	now=$(date +%s)
	size=$(($(stat -c %s "$dir/console.log") + $(stat -c %s "$dir/results.jsonl")))
	if [ "$size" != "$last_size" ]; then
		last_size=$size last_change=$now
	fi
	if [ $((now - t0)) -ge "$deadline" ]; then
		host_status=deadline
		break
	fi
	if [ $((now - last_change)) -ge "$idle" ]; then
		host_status=hang
		break
	fi
done
if [ -n "$host_status" ]; then
	kill "$qpid" 2>/dev/null
	sleep 1
	kill -9 "$qpid" 2>/dev/null
fi
wait "$qpid" 2>/dev/null
qemu_rc=$?
wait "$tailpid" 2>/dev/null
duration=$(($(date +%s) - t0))

# --- results -----------------------------------------------------------------
# One KTAP stream: the runner's lines, then each KUnit suite of the
# kernel log /init copied between "[init] kunit:" markers as one more
# top-level test (numbered after the runner's plan, which grows by the
# number of suites). Of the kernel log, the KUnit plan's results and
# the indented lines before them are kept; other kernel messages are not
# (report/ktapmerge.c, tested by report/tests/test_ktapmerge.c).
"$cfsreport" ktap-splice "$dir/console.log" >"$dir/results.ktap"

# The run's facts, its exit code and meta.json: cfsreport run-meta
# (report/runfacts.c) reads the RUNNER_EXIT marker, a panic or an OOM
# kill, the kernel release and the failed KUnit suites from the console
# and the scenario the guest was in from results.jsonl, and says what
# became of the guest; cfsreport verdict prints the verdict line and
# exits with the run's code.
"$cfsreport" run-meta "$dir" --label "$label" --accel "$used" --cpus "$cpus" \
	--mem "$mem" --kernel "$kernel" --kernel-meta "$kmeta" \
	--watchdog "$host_status" --qemu-exit "$qemu_rc" --started "$started" \
	--duration "$duration" --deadline "$deadline" --idle "$idle" \
	--qemu-version "$qver" --tcg-thread "$thread" || exit 2
"$cfsreport" verdict "$dir"
rc=$?
say "results: $dir"
exit "$rc"
