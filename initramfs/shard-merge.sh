#!/bin/bash
# shard-merge.sh DIR JOBS DURATION_S - merge the shards of a `make run
# JOBS=N` (DIR/shards/sK.log names each shard's results directory) into
# DIR/results.ktap, results.jsonl, console.log and meta.json, in the shapes
# qemu-run.sh writes, so cfsreport and compare read them unchanged.
#
# KTAP: one plan for all scenarios, results renumbered in shard order, each
# shard's header diagnostics kept, one summed "# Totals:" line. JSON Lines:
# scenario indices offset the same way, one run_start (scenarios = total)
# and one run_end (summed totals, the merged exit). A line that is not JSON
# (a shard's truncated last line) is left out here and kept in the shard.
# The KTAP and JSON Lines merges are cfsreport's shard-ktap and
# shard-jsonl (report/ktapmerge.c, report/shardmerge.c, tested by
# report/tests/test_ktapmerge.c and test_shardmerge.c): $CFSREPORT, else
# $BUILD/report/cfsreport. meta.json is merged with jq.
# Exit: see shard.sh.
set -uo pipefail
dir=$1 jobs=$2 duration=$3
say() { echo "[run] $*"; }
cfsreport=${CFSREPORT:-${BUILD:-build}/report/cfsreport}
[ -x "$cfsreport" ] || { say "no cfsreport at $cfsreport (make $cfsreport, or set CFSREPORT)"; exit 2; }

sdirs=() rcs=()
for ((k = 0; k < jobs; k++)); do
	d=$(sed -n 's/^\[run\] results: //p' "$dir/shards/s$k.log" | tail -n 1)
	[ -n "$d" ] && [ -d "$d" ] || { say "shard $k left no results directory (see $dir/shards/s$k.log)"; d=; }
	sdirs[k]=$d
	rcs[k]=$(cat "$dir/shards/s$k.rc")
done

# --- merged exit code ------------------------------------------------------------
# 1 (a failure) outranks 5 (an inconclusive), which outranks 4 (all skipped).
rc=0 any_fail=0 any_inc=0 all_skip=1
for ((k = 0; k < jobs; k++)); do
	case "${rcs[k]}" in
	0) all_skip=0 ;;
	1) any_fail=1; all_skip=0 ;;
	5) any_inc=1; all_skip=0 ;;
	4) ;;
	*) [ "$rc" = 0 ] && rc=${rcs[k]} ;;
	esac
done
if [ "$rc" = 0 ]; then
	if [ $any_fail = 1 ]; then rc=1
	elif [ $any_inc = 1 ]; then rc=5
	elif [ $all_skip = 1 ]; then rc=4; fi
fi

# --- KTAP ----------------------------------------------------------------------------
# A shard's KTAP holds its scenarios (numbered 1..nscen, nscen from its
# run_start record) and then the kernel's KUnit suites, numbered after them
# (qemu-run.sh). Every guest boots the same kernel and runs the same suites:
# cfsreport shard-ktap reports them once, from the first shard where one
# failed, else from the first shard, numbered after all scenarios as in a
# JOBS=1 run, and sums the totals.
given=()	# the shards' results directories, "-" for a lost one
for ((k = 0; k < jobs; k++)); do
	d=${sdirs[k]}
	given[k]=${d:--}
done
"$cfsreport" shard-ktap "$dir" "$jobs" "${given[@]}" >"$dir/results.ktap.tmp" &&
	mv "$dir/results.ktap.tmp" "$dir/results.ktap"

# --- JSON Lines ------------------------------------------------------------------------
# cfsreport shard-jsonl (report/shardmerge.c): records in shard order with
# scenario indices offset, shard 0's run_start (scenarios = total), one
# run_end summing the shards' (when every shard wrote one).
"$cfsreport" shard-jsonl "$jobs" "$rc" "${given[@]}" >"$dir/results.jsonl"

# --- console and meta ------------------------------------------------------------------
for ((k = 0; k < jobs; k++)); do
	echo "==== shard $k: ${sdirs[k]:-no results} ===="
	[ -n "${sdirs[k]}" ] && cat "${sdirs[k]}/console.log"
done >"$dir/console.log"
metas=$(for d in "${sdirs[@]}"; do [ -n "$d" ] && jq -c . "$d/meta.json"; done)
jq -s --arg id "${dir##*/}" --argjson rc "$rc" --argjson dur "$duration" \
	--argjson jobs "$jobs" --arg hc "$(for ((k = 0; k < jobs; k++)); do cat "$dir/shards/s$k.hostcpus"; done)" '
	(map(select(.host_status != "ok")) | first) as $bad |
	.[0] + {run_id: $id, label: (.[0].label | sub("-s0$"; "")), jobs: $jobs,
		runner_exit: (if $bad then null else $rc end), exit_code: $rc,
		host_status: (if $bad then $bad.host_status else "ok" end),
		last_scenario: (map(.last_scenario) | map(select(. != null)) | first),
		duration_s: $dur,
		shards: [to_entries[] | .key as $i | {run_id: .value.run_id, host_cpus: (($hc | split("\n"))[$i]),
			runner_exit: .value.runner_exit, host_status: .value.host_status,
			duration_s: .value.duration_s}]}' <<<"$metas" >"$dir/meta.json"

pass=$(grep -E '^ok [0-9]+' "$dir/results.ktap" | grep -cv '# SKIP')
skip=$(grep -cE '^ok [0-9]+.*# SKIP' "$dir/results.ktap")
fail=$(grep -cE '^not ok [0-9]+' "$dir/results.ktap")
if [ "$rc" = 0 ]; then verdict=PASS; elif [ "$rc" = 4 ]; then verdict=SKIP; else verdict=FAIL; fi
say "verdict: $verdict ($pass passed, $fail failed, $skip skipped; exit $rc) in ${duration}s, $jobs guests"
say "results: $dir"
exit "$rc"
