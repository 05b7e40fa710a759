#!/bin/bash
# bench-icount.sh - deterministic cost meter: guest instructions per
# operation, counted by a TCG plugin between marker instructions that
# cfsbench's `cost` section executes around each fixed-size run.
#
#   bench-icount.sh --kernel NAME=BZIMAGE [--kernel NAME=BZIMAGE]...
#                   --initrd CPIO --plugin INSNMARK_SO --out DIR
#                   [--boots N] [--ops N] [--reps N] [--cpus C]
#                   [--clock icount|mttcg] [--shift S] [--knobs]
#                   [--deadline S] [--append ARGS] [--tag TAG] [--perturb]
#                   [--benchopts OPT,OPT]   (more cfsbench options)
#
# Every boot runs `cfsbench --ops N --reps R [--knobs] cost` and writes
# DIR/<name>-<cpus>cpu-<boot>/{console.log,results.jsonl,insn.log,meta}.
# Boot b of every kernel comes before boot b+1 of any (kernels in turn,
# the order reversed on even boots: ABBA). Then DIR/cost.tsv gets one row
# per measured run:
#   kernel cpus clock boot load config rep ops insns insn_per_op
#   elapsed_ns busy_ns
# and DIR/folds.tsv one row per traced run (kernel cpus boot load config
# ops folds insns). icount-summary.sh makes the tables from them.
#
# --clock icount (default): -icount shift=S,sleep=off with one TCG thread:
#   guest time is a function of the instructions executed, so the counts
#   are the same whatever the host does. It boots only with --cpus 1 on
#   QEMU 7.2 (see conformance/bench/README.md, "Cost meter").
# --perturb: boot b gets "cfsbench.pad=" and 8*b characters more on its
#   command line: nothing reads it, but parsing it moves every later event
#   by a few instructions, so boots of one kernel differ the way two
#   kernels' boots do (timer ticks fall elsewhere in the work). Without it
#   every boot of a kernel repeats the same execution; with it the spread
#   over boots is the meter's resolution for comparing kernels.
# --clock mttcg: -accel tcg,thread=multi and real time: any vCPU count,
#   counts vary with host timing (give --boots >= 3 and read the spread).
#
# On a shared machine run the whole script under the machine's lock
# (e.g. `flock /work/cpu.lock make bench-icount`).
# Exit: 0 every boot finished and was paired, 1 a boot failed, 2 usage.
set -uo pipefail

kernels=() initrd= plugin= out= boots=2 ops=4000 reps=3 cpus=1
clock=icount shift=3 knobs= deadline=900 extra= tag= perturb=0 bopts=
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernels+=("$2") ;;
	--initrd) initrd=$2 ;;
	--plugin) plugin=$2 ;;
	--out) out=$2 ;;
	--boots) boots=$2 ;;
	--ops) ops=$2 ;;
	--reps) reps=$2 ;;
	--cpus) cpus=$2 ;;
	--clock) clock=$2 ;;
	--shift) shift=$2 ;;
	--deadline) deadline=$2 ;;
	--append) extra=" $2" ;;
	--tag) tag=-$2 ;;
	--benchopts) bopts=,$2 ;;
	--knobs) knobs=,--knobs; shift; continue ;;
	--perturb) perturb=1; shift; continue ;;
	*) echo "bench-icount.sh: unknown argument $1" >&2; exit 2 ;;
	esac
	shift 2
done
say() { echo "[bench-icount] $*"; }
die() { echo "[bench-icount] error: $*" >&2; exit 2; }
[ ${#kernels[@]} -gt 0 ] || die "no --kernel NAME=BZIMAGE"
for k in "${kernels[@]}"; do
	[[ $k == ?*=?* ]] && [ -r "${k#*=}" ] || die "--kernel $k: want NAME=readable bzImage"
done
[ -r "$initrd" ] && [ -r "$plugin" ] && [ -n "$out" ] || die "--initrd, --plugin and --out are required"
[[ $boots =~ ^[1-9][0-9]*$ && $cpus =~ ^[1-9][0-9]*$ && $ops =~ ^[1-9][0-9]*$ ]] ||
	die "--boots, --cpus and --ops are counts"
# Nothing of the host may reach the guest under icount: the RTC runs on
# the virtual clock from a fixed date (else the boot's wall time seeds the
# RNG and everything after differs), no kernel or user address
# randomisation (nokaslr norandmaps, on every clock for the same kernel
# command line).
rtc=()
case "$clock" in
icount) accel=(-accel tcg,thread=single -icount "shift=$shift,align=off,sleep=off")
	rtc=(-rtc base=2026-01-01T00:00:00,clock=vm)
	mode=inline ;;
mttcg) accel=(-accel tcg,thread=multi); mode=cb ;;
*) die "--clock icount|mttcg" ;;
esac
mkdir -p "$out" || die "cannot create $out"
plugin=$(cd "$(dirname "$plugin")" && pwd)/$(basename "$plugin")

st=0
boot() {	# boot NAME BZIMAGE B
	local name=$1 img=$2 b=$3 bdir la0 la1 t0 t1 rc pad=
	bdir=$out/$name-${cpus}cpu$tag-$b
	rm -rf "$bdir"
	mkdir -p "$bdir"
	[ "$perturb" = 1 ] && pad=" cfsbench.pad=$(printf "%0$((8 * b))d" 0)"
	la0=$(cut -d' ' -f1-3 /proc/loadavg)
	t0=$(date +%s)
	timeout "$deadline" qemu-system-x86_64 "${accel[@]}" "${rtc[@]}" \
		-smp "$cpus" -m 1G -nodefaults -display none -no-reboot \
		-kernel "$img" -initrd "$initrd" \
		-append "console=ttyS0 panic=-1 oops=panic loglevel=4 no_timer_check nokaslr norandmaps$extra$pad conform.bench=cost conform.benchopts=--ops=$ops,--reps=$reps$knobs$bopts" \
		-serial "file:$bdir/console.log" -serial "file:$bdir/results.jsonl" \
		-plugin "$plugin,mode=$mode" -d plugin -D "$bdir/insn.log" \
		</dev/null >"$bdir/qemu.log" 2>&1
	rc=$?
	t1=$(date +%s)
	la1=$(cut -d' ' -f1-3 /proc/loadavg)
	printf 'kernel=%s image=%s cpus=%s clock=%s shift=%s boot=%s qemu_rc=%s wall_s=%s loadavg_before=%s loadavg_after=%s\n' \
		"$name" "$img" "$cpus" "$clock" "$shift" "$b" "$rc" "$((t1 - t0))" \
		"${la0// /,}" "${la1// /,}" >"$bdir/meta"
	if ! grep -q '^RUNNER_EXIT=0' "$bdir/console.log"; then
		say "$name boot $b: no RUNNER_EXIT=0 (qemu rc $rc), see $bdir/console.log"
		st=1
	fi
	say "$name boot $b: $((t1 - t0)) s, load average $la0 -> $la1"
}
n=${#kernels[@]}
for b in $(seq 1 "$boots"); do
	for i in $(seq 0 $((n - 1))); do
		j=$i
		[ $((b % 2)) = 0 ] && j=$((n - 1 - i))
		boot "${kernels[$j]%%=*}" "${kernels[$j]#*=}" "$b"
	done
done

# Pair the plugin's lines with the JSON (icount-pair.sh).
for k in "${kernels[@]}"; do
	for b in $(seq 1 "$boots"); do
		"$(dirname "$0")/icount-pair.sh" "$out/${k%%=*}-${cpus}cpu$tag-$b" \
			"$out/cost.tsv.part" "$out/folds.tsv.part" || st=1
	done
done
{
	printf 'kernel\tcpus\tclock\tboot\tload\tconfig\trep\tops\tinsns\tinsn_per_op\telapsed_ns\tbusy_ns\n'
	cat "$out/cost.tsv.part" 2>/dev/null
} >"$out/cost.tsv"
{
	printf 'kernel\tcpus\tboot\tload\tconfig\tops\tfolds\tinsns\n'
	cat "$out/folds.tsv.part" 2>/dev/null
} >"$out/folds.tsv"
rm -f "$out/cost.tsv.part" "$out/folds.tsv.part"
say "$(($(wc -l <"$out/cost.tsv") - 1)) measured runs: $out/cost.tsv"
exit $st
