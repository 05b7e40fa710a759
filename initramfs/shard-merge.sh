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
# Every merge and the verdict are cfsreport's (report/runcmds.h): the
# exit code and meta.json shard-meta (report/metamerge.c), the KTAP
# shard-ktap (report/ktapmerge.c), the JSON Lines shard-jsonl
# (report/shardmerge.c), the verdict line verdict (report/verdictline.c,
# the same line as one guest's): $CFSREPORT, else $BUILD/report/cfsreport.
# Exit: the run's code (see shard.sh), from meta.json.
set -uo pipefail
dir=$1 jobs=$2 duration=$3
say() { echo "[run] $*"; }
cfsreport=${CFSREPORT:-${BUILD:-build}/report/cfsreport}
[ -x "$cfsreport" ] || { say "no cfsreport at $cfsreport (make $cfsreport, or set CFSREPORT)"; exit 2; }

sdirs=() given=()	# the shards' results directories; given: "-" for a lost one
for ((k = 0; k < jobs; k++)); do
	d=$(sed -n 's/^\[run\] results: //p' "$dir/shards/s$k.log" | tail -n 1)
	[ -n "$d" ] && [ -d "$d" ] || { say "shard $k left no results directory (see $dir/shards/s$k.log)"; d=; }
	sdirs[k]=$d
	given[k]=${d:--}
done

# --- merged exit code and meta.json ------------------------------------------------
# 1 (a failure) outranks 5 (an inconclusive), which outranks 4 (all
# skipped); a shard's guest-level code outranks them all.
"$cfsreport" shard-meta "$dir" "$jobs" "$duration" "${given[@]}" || exit 2

# --- KTAP ----------------------------------------------------------------------------
# A shard's KTAP holds its scenarios (numbered 1..nscen, nscen from its
# run_start record) and then the kernel's KUnit suites, numbered after them
# (qemu-run.sh). Every guest boots the same kernel and runs the same suites:
# cfsreport shard-ktap reports them once, from the first shard where one
# failed, else from the first shard, numbered after all scenarios as in a
# JOBS=1 run, and sums the totals.
"$cfsreport" shard-ktap "$dir" "$jobs" "${given[@]}" >"$dir/results.ktap.tmp" &&
	mv "$dir/results.ktap.tmp" "$dir/results.ktap"

# --- JSON Lines ------------------------------------------------------------------------
# cfsreport shard-jsonl (report/shardmerge.c): records in shard order with
# scenario indices offset, shard 0's run_start (scenarios = total), one
# run_end summing the shards' (when every shard wrote one).
"$cfsreport" shard-jsonl "$dir" "$jobs" "${given[@]}" >"$dir/results.jsonl"

# --- console ------------------------------------------------------------------
for ((k = 0; k < jobs; k++)); do
	echo "==== shard $k: ${sdirs[k]:-no results} ===="
	[ -n "${sdirs[k]}" ] && cat "${sdirs[k]}/console.log"
done >"$dir/console.log"
"$cfsreport" verdict "$dir"
rc=$?
say "results: $dir"
exit "$rc"
