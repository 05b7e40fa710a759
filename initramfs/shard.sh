#!/bin/bash
# shard.sh - `make run JOBS=N`: split the scenarios over N guests that run
# side by side, then merge their results into one results directory.
#
#   shard.sh JOBS GUEST_CPUS RUNNER RUNNER_HOST RESULTS_DIR LABEL -- \
#            QEMU_RUN_ARGS... -- SCENARIO...
#
# Each shard gets its own initramfs (mkinitramfs.sh, the scenarios of that
# shard), its own deadline (deadline.sh) and its own qemu-run.sh, which
# writes RESULTS_DIR/<run>/shards/<id>-sK/. Scenarios are dealt longest
# first to the shard with the least total duration (conform --list).
#
# Scaling rule: JOBS x GUEST_CPUS <= host CPUs. Then shard K is pinned with
# taskset to host CPUs [K*GUEST_CPUS, (K+1)*GUEST_CPUS). Beyond that the
# guests share host CPUs unpinned; a warning says so, because TCG vCPU
# threads then stall (late samples, wider intervals) and verdicts may move.
#
# Exit: a shard's guest-level code (2, 3, 10-14, 20) if any shard
# stopped, else 15 if the emulator killed a shard's guest (no fresh boot
# here: continue.sh is JOBS=1's), else 1 if any scenario failed, 5 if
# any was inconclusive, 4 if every scenario was skipped, else 0
# (report/metamerge.h).
set -uo pipefail

jobs=$1 gcpus=$2 runner=$3 runner_host=$4 results=$5 label=$6
shift 6
[ "${1:-}" = -- ] || { echo "usage: shard.sh JOBS CPUS RUNNER RUNNER_HOST RESULTS LABEL -- ARGS -- SCN..." >&2; exit 2; }
shift
qargs=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do qargs+=("$1"); shift; done
shift
here=$(cd "$(dirname "$0")" && pwd)
say() { echo "[run] $*"; }
[[ $jobs =~ ^[0-9]+$ ]] && [ "$jobs" -ge 1 ] || { echo "[run] JOBS=$jobs is not a count" >&2; exit 2; }
[ $# -ge 1 ] || { echo "[run] no scenarios" >&2; exit 2; }
[ "$jobs" -le $# ] || { say "JOBS=$jobs > $# scenarios: using $# guests"; jobs=$#; }

# --- deal the scenarios ------------------------------------------------------
list=$("$runner_host" --list "$@" 2>&1) || { echo "$list" >&2; exit 2; }
mapfile -t durs < <(sed -nE 's/.*duration_us=([0-9]+).*/\1/p' <<<"$list")
[ ${#durs[@]} -eq $# ] || { echo "[run] conform --list gave ${#durs[@]} durations for $# scenarios" >&2; exit 2; }
files=("$@")
declare -a load shard_of
for ((k = 0; k < jobs; k++)); do load[k]=0; done
for i in $(for ((i = 0; i < ${#files[@]}; i++)); do echo "${durs[i]} $i"; done |
	sort -k1,1nr -k2,2n | cut -d' ' -f2); do
	best=0
	for ((k = 1; k < jobs; k++)); do
		[ "${load[k]}" -lt "${load[best]}" ] && best=$k
	done
	shard_of[i]=$best
	load[best]=$((load[best] + durs[i]))
done

# --- host CPUs -----------------------------------------------------------------
host_cpus=$(nproc)
pin=1
if [ $((jobs * gcpus)) -gt "$host_cpus" ]; then
	pin=0
	say "warning: JOBS=$jobs x GUEST_CPUS=$gcpus = $((jobs * gcpus)) vCPUs on $host_cpus host CPUs:" \
		"guests share host CPUs unpinned; vCPU stalls widen intervals and may change verdicts" \
		"(rule: JOBS x GUEST_CPUS <= host CPUs)"
fi

run_id=$(date -u +%Y%m%d-%H%M%S)-$label-j$jobs
dir=$results/$run_id
n=1
while [ -e "$dir" ]; do dir=$results/$run_id.$n; n=$((n + 1)); done
run_id=${dir##*/}
mkdir -p "$dir/shards" || { echo "[run] cannot create $dir" >&2; exit 2; }

# --- one initramfs and one guest per shard ---------------------------------------
t0=$(date +%s)
pids=()
for ((k = 0; k < jobs; k++)); do
	mine=()
	for ((i = 0; i < ${#files[@]}; i++)); do
		[ "${shard_of[i]}" = "$k" ] && mine+=("${files[i]}")
	done
	initrd=$dir/shards/initramfs-s$k.cpio.gz
	"$here/mkinitramfs.sh" "$initrd" "$runner" "${mine[@]}" >/dev/null || exit 1
	deadline=$("$here/deadline.sh" "$runner_host" "${mine[@]}") || exit 2
	wrap=()
	cpus_txt="unpinned"
	if [ "$pin" = 1 ]; then
		cpus_txt=$((k * gcpus))-$(((k + 1) * gcpus - 1))
		wrap=(taskset -c "$cpus_txt")
	fi
	echo "${mine[*]}" >"$dir/shards/s$k.scenarios"
	echo "$cpus_txt" >"$dir/shards/s$k.hostcpus"
	say "shard $k: ${#mine[@]} scenarios, host CPUs $cpus_txt"
	"${wrap[@]}" "$here/qemu-run.sh" --initrd "$initrd" --results "$dir/shards" \
		--cpus "$gcpus" --deadline "$deadline" --label "$label-s$k" "${qargs[@]}" \
		>"$dir/shards/s$k.log" 2>&1 &
	pids[k]=$!
	sleep 1	# distinct run ids (qemu-run.sh names them by the second)
done
for ((k = 0; k < jobs; k++)); do
	wait "${pids[k]}"
	echo $? >"$dir/shards/s$k.rc"
	sed 's/^/  [s'$k'] /' "$dir/shards/s$k.log" | grep -E '^\s+\[s[0-9]+\]\s+(\[run\] (verdict|guest|run |runner|QEMU|error)|\s*(not )?ok [0-9])'
done
rm -f "$dir/shards/latest" "$dir"/shards/initramfs-s*.cpio.gz
ln -sfn "$run_id" "$results/latest"
"$here/shard-merge.sh" "$dir" "$jobs" "$(($(date +%s) - t0))"
