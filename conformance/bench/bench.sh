#!/bin/bash
# bench.sh - the rounds of `make bench` (called by bench.mk).
#
#   bench.sh --stock BZ --patched BZ --initrd CPIO --runner CONFORM_HOST
#            --report CFSREPORT --results DIR --n N --seconds S --cpus C
#            --mem M --accel A --cgroups LIST [--ksrc DIR] SCENARIO...
#
# Round i boots the stock kernel (section hot) and the patched kernel
# (hot, prop, blocked) in alternating order (ABBA...), so that host noise
# and drift hit both alike; then one boot of the patched kernel runs the
# given scenarios for the time to a verdict. Every boot's results go to
# DIR/<time>-bench/runs/; cfsreport bench aggregates them there.
# Exit: 0 done, 1 a boot failed (the report is still written), 2 usage.
set -uo pipefail

stock= patched= initrd= runner= report= results=results n=5 seconds=2
cpus=2 mem=1G accel=auto cgroups=10,100,1000,4000 ksrc=
while [ $# -gt 0 ]; do
	case "$1" in
	--stock) stock=$2 ;;
	--patched) patched=$2 ;;
	--initrd) initrd=$2 ;;
	--runner) runner=$2 ;;
	--report) report=$2 ;;
	--results) results=$2 ;;
	--n) n=$2 ;;
	--seconds) seconds=$2 ;;
	--cpus) cpus=$2 ;;
	--mem) mem=$2 ;;
	--accel) accel=$2 ;;
	--cgroups) cgroups=$2 ;;
	--ksrc) ksrc=$2 ;;
	--*) echo "bench.sh: unknown argument $1" >&2; exit 2 ;;
	*) break ;;
	esac
	shift 2
done
say() { echo "[bench] $*"; }
die() { echo "[bench] error: $*" >&2; exit 2; }
for f in "$stock" "$patched" "$initrd"; do
	[ -r "$f" ] || die "'$f' not found"
done
[[ $n =~ ^[1-9][0-9]*$ ]] || die "BENCH_N=$n is not a count"

here=$(cd "$(dirname "$0")" && pwd)
t0=$(date +%s)
out=$results/$(date -u +%Y%m%d-%H%M%S)-bench
mkdir -p "$out/runs" || die "cannot create $out"
# cp: another build may replace the images while the rounds run
cp "$stock" "$out/stock-bzImage" && cp "$patched" "$out/patched-bzImage" ||
	die "cannot copy the kernel images"
say "$n rounds of stock and patched boots, ${seconds}s per load, $cpus vCPUs: $out"

st=0
boot() {	# boot KIND ROUND
	local kind=$1 round=$2 img sections deadline
	if [ "$kind" = stock ]; then
		img=$out/stock-bzImage sections=hot
		deadline=$(awk -v s="$seconds" 'BEGIN { print int(60 + 4 * s) }')
	else
		img=$out/patched-bzImage sections=hot,prop,blocked
		deadline=$(awk -v s="$seconds" 'BEGIN { print int(240 + 40 * s) }')
	fi
	"$here/../../initramfs/qemu-run.sh" --kernel "$img" --initrd "$initrd" \
		--results "$out/runs" --accel "$accel" --cpus "$cpus" --mem "$mem" \
		--deadline "$deadline" --label "bench-$kind-$round" \
		--append "conform.bench=$sections conform.benchopts=--seconds=$seconds,--cgroups=${cgroups//,/:}" ||
		{ say "$kind boot of round $round failed"; st=1; }
}
for i in $(seq 1 "$n"); do
	if [ $((i % 2)) = 1 ]; then
		boot stock "$i"; boot patched "$i"
	else
		boot patched "$i"; boot stock "$i"
	fi
done

if [ $# -gt 0 ]; then
	deadline=$("$here/../../initramfs/deadline.sh" "$runner" "$@") || die "bad scenarios"
	"$here/../../initramfs/qemu-run.sh" --kernel "$out/patched-bzImage" \
		--initrd "$initrd" --results "$out/runs" --accel "$accel" \
		--cpus "$cpus" --mem "$mem" --deadline "$deadline" \
		--label bench-suite-1 || say "suite boot: not every scenario passed (timing is kept)"
fi
rm -f "$out/runs/latest"

# kselftest's cgroup cpu weight tests hog for a fixed wall time: read it
# from the source (test_cpu.c) instead of assuming it.
ks=()
tc=$(ls $ksrc/tools/testing/selftests/cgroup/test_cpu.c 2>/dev/null | head -n 1)
if [ -n "$tc" ]; then
	w=$(awk '/^static pid_t weight_hog_ncpus/,/^}/' "$tc" |
		sed -n 's/.*usage_seconds = \([0-9]*\);.*/\1/p' | head -n 1)
	nw=$(awk '/^run_cpucg_nested_weight_test/,/^}/' "$tc" |
		sed -n 's/.*\.tv_sec = \([0-9]*\),.*/\1/p' | head -n 1)
	[ -n "$w" ] && ks+=(--kselftest "overprovisioned-50-100-150=test_cpucg_weight_overprovisioned=$w"
		--kselftest "underprovisioned=test_cpucg_weight_underprovisioned=$w")
	[ -n "$nw" ] && ks+=(--kselftest "nested-two-levels=test_cpucg_nested_weight_overprovisioned=$nw")
else
	say "no kernel source with tools/testing/selftests/cgroup/test_cpu.c: no kselftest comparison"
fi

elapsed=$(($(date +%s) - t0))
"$report" bench --out "$out" --elapsed "$elapsed" "${ks[@]}" "$out"/runs/*
rrc=$?
case $rrc in
0) ;;
1)	# the report is written; it counts the failed boots and missing rounds
	say "report written, but a boot failed or a kernel has no complete round (see $out/bench.md)"
	st=1 ;;
*)	say "cfsreport bench could not write the report (exit $rrc)"; exit 1 ;;
esac
say "done in ${elapsed}s: $out/bench.html"
exit $st
