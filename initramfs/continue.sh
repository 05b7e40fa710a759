#!/bin/bash
# continue.sh - `make run` (JOBS=1): boot the suite, and when the emulator
# kills the guest (exit 15, an int3 in kernel text already patched:
# report/guestdeath.h) with scenarios left, boot again with the scenarios
# after the one it died in; the boots are merged into one results
# directory as the shards of a JOBS=N run are (shard-merge.sh).
#
#   continue.sh RUNNER RUNNER_HOST RESULTS_DIR LABEL INITRD DEADLINE -- \
#               QEMU_RUN_ARGS... -- SCENARIO...
#
# The first boot is qemu-run.sh's with INITRD (every SCENARIO) and
# DEADLINE. A run it finishes is left as it is. After an emulator fault
# its results directory moves into RESULTS_DIR/<its id>-cont/shards/ as
# boot 0 (shards/s0.span: the scenarios it accounts for, up to the one it
# died in), and each fresh boot K gets its own initramfs of the remaining
# scenarios (mkinitramfs.sh; shards/sK.scenarios names them), deadline
# (deadline.sh) and results directory; at most $CONTINUE_BOOTS (default 3) fresh boots a run. The
# scenario the emulator killed keeps no verdict: the report shows it as
# "emulator fault" (meta.json emulator_faults).
#
# Exit: the run's code: 15 when an emulator fault remains in it (another
# guest-level code, 10-14, outranks it; report/metamerge.h), else the
# merged verdict's.
set -uo pipefail
runner=$1 runner_host=$2 results=$3 label=$4 initrd=$5 deadline=$6
shift 6
[ "${1:-}" = -- ] || { echo "usage: continue.sh RUNNER RUNNER_HOST RESULTS LABEL INITRD DEADLINE -- ARGS -- SCN..." >&2; exit 2; }
shift
qargs=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do qargs+=("$1"); shift; done
shift
files=("$@")
here=$(cd "$(dirname "$0")" && pwd)
cfsreport=${CFSREPORT:-${BUILD:-build}/report/cfsreport}
cap=${CONTINUE_BOOTS:-3}
say() { echo "[run] $*"; }
[[ $cap =~ ^[0-9]+$ ]] || { say "CONTINUE_BOOTS=$cap is not a count" >&2; exit 2; }

# boot LOG ARGS...: qemu-run.sh, its output shown and kept in LOG; its code
boot() {
	local log=$1
	shift
	"$here/qemu-run.sh" "$@" "${qargs[@]}" 2>&1 | tee "$log"
	return "${PIPESTATUS[0]}"
}
results_of() { sed -n 's/^\[run\] results: //p' "$1" | tail -n 1; }

t0=$(date +%s)
first_log=$(mktemp)
trap 'rm -f "$first_log"' EXIT
boot "$first_log" --initrd "$initrd" --results "$results" --deadline "$deadline" \
	--label "$label"
rc=$?
part=$(results_of "$first_log")
if [ "$rc" != 15 ] || [ -z "$part" ]; then
	exit "$rc"
fi

dir=
k=0 covered=0 n=${#files[@]}
while [ "$rc" = 15 ]; do
	read -r died name < <("$cfsreport" died-in "$part") || break
	covered=$((covered + died))
	[ "$covered" -lt "$n" ] || break
	if [ "$k" -ge "$cap" ]; then
		say "emulator fault in scenario '$name' ($covered of $n): no fresh boot left" \
			"(CONTINUE_BOOTS=$cap); $((n - covered)) scenarios not run"
		break
	fi
	if [ -z "$dir" ]; then		# boot 0 becomes the merged run's first part
		dir=$part-cont
		mkdir -p "$dir/shards" || exit 2
		mv "$part" "$dir/shards/" || exit 2
		part=$dir/shards/${part##*/}
		echo "[run] results: $part" >"$dir/shards/s0.log"
		echo 15 >"$dir/shards/s0.rc"
	fi
	echo "$died" >"$dir/shards/s$k.span"
	[ "$k" != 0 ] || echo all >"$dir/shards/s0.hostcpus"
	k=$((k + 1))
	rest=("${files[@]:covered}")
	say "emulator fault in scenario '$name' ($covered of $n), no verdict for it:" \
		"continuing with the ${#rest[@]} scenarios after it in a fresh boot" \
		"($k of at most $cap)"
	echo "${rest[*]}" >"$dir/shards/s$k.scenarios"
	"$here/mkinitramfs.sh" "$dir/shards/initramfs-b$k.cpio.gz" "$runner" "${rest[@]}" >/dev/null || exit 1
	dl=$("$here/deadline.sh" "$runner_host" "${rest[@]}") || exit 2
	boot "$dir/shards/s$k.log" --initrd "$dir/shards/initramfs-b$k.cpio.gz" \
		--results "$dir/shards" --deadline "$dl" --label "$label-b$k"
	rc=$?
	echo "$rc" >"$dir/shards/s$k.rc"
	echo all >"$dir/shards/s$k.hostcpus"
	part=$(results_of "$dir/shards/s$k.log")
	[ -n "$part" ] || break
done
[ -n "$dir" ] || exit 15
rm -f "$dir/shards/latest" "$dir"/shards/initramfs-b*.cpio.gz
ln -sfn "${dir##*/}" "$results/latest"
say "merging $((k + 1)) boots into $dir"
"$here/shard-merge.sh" "$dir" "$((k + 1))" "$(($(date +%s) - t0))"
