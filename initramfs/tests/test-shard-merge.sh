#!/bin/bash
# test-shard-merge.sh [CFSREPORT] - shard-merge.sh on the shards of a real
# `make run SCENARIOS=quick JOBS=2` (fixtures/shard-run: 4 + 4 scenarios,
# each guest also reporting the kernel's KUnit suite), then with the KUnit
# suite failed in the second shard and with a shard that left no results.
# Checks the merged KTAP plan, numbering and totals, the JSON indices and
# run records, the exit code, and (given CFSREPORT) that the report reads
# the merged run without problems. Ends with "shard-merge: N passed, M failed".
# CFSREPORT (argument or environment) is required: it does the KTAP merge.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
merge=$here/../shard-merge.sh
cfsreport=${1:-${CFSREPORT:-}}
[ -x "$cfsreport" ] || { echo "usage: test-shard-merge.sh CFSREPORT (it merges the KTAP)" >&2; exit 2; }
export CFSREPORT=$cfsreport
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../../tests/check-lib.sh
. "$here/../../tests/check-lib.sh"

# setup CASE: a run directory with the fixture shards, their logs naming them
setup() {
	local d=$tmp/$1 k=0 s
	mkdir -p "$d/shards"
	cp "$here"/fixtures/shard-run/s* "$d/shards/"
	for s in "$here"/fixtures/shard-run/*-s[0-9]; do
		cp -r "$s" "$d/shards/"
		echo "[run] results: $d/shards/${s##*/}" >"$d/shards/s$k.log"
		k=$((k + 1))
	done
	echo "$d"
}
top() { grep -E '^(not )?ok [0-9]+' "$1/results.ktap"; }

# --- both shards passed ---------------------------------------------------------
d=$(setup ok)
"$merge" "$d" 2 30 >"$d/merge.log" 2>&1
check "exit 0 when every shard passed" eq "$?" 0
check "meta.json exit_code 0" eq "$(jq .exit_code "$d/meta.json")" 0
check "plan counts 8 scenarios + 1 KUnit suite" eq "$(sed -n 2p "$d/results.ktap")" "1..9"
check "scenarios then KUnit, numbered 1..9" eq "$(top "$d" | awk '{print $2}' | tr '\n' ' ')" "1 2 3 4 5 6 7 8 9 "
check "KUnit suite once, last" eq "$(top "$d" | grep -c sched_fair_group_shares):$(top "$d" | tail -n 1)" \
	"1:ok 9 sched_fair_group_shares"
check "second shard's scenarios follow the first's" eq "$(top "$d" | sed -n 5p)" "ok 5 flat-1-2"
check "KUnit subtest kept" grep -q '^    # Subtest: sched_fair_group_shares' "$d/results.ktap"
check "totals summed once" eq "$(grep '^# Totals:' "$d/results.ktap")" \
	"# Totals: pass:9 fail:0 xfail:0 xpass:0 skip:0 error:0 inconclusive:0"
check "one run_start with 8 scenarios" eq \
	"$(jq -c 'select(.type == "run_start") | .scenarios' "$d/results.jsonl" | tr '\n' ' ')" "8 "
check "JSON results indexed 1..8" eq \
	"$(jq -r 'select(.type == "result") | .index' "$d/results.jsonl" | sort -n | tr '\n' ' ')" "1 2 3 4 5 6 7 8 "
check "one merged run_end, 8 passed" eq \
	"$(jq -c 'select(.type == "run_end") | [.totals.pass, .exit, .shards]' "$d/results.jsonl")" "[8,0,2]"
check "meta: jobs 2, host status ok" eq "$(jq -c '[.jobs, .host_status]' "$d/meta.json")" '[2,"ok"]'
if [ -n "$cfsreport" ]; then
	"$cfsreport" "$d" >"$d/report.log" 2>&1
	check "report reads the merged run" eq "$?" 0
	check "report: no problems, 9 pass" eq \
		"$(grep -c 'in results.ktap only\|never started' "$d/report.html"):$(grep -o '9 pass, 0 fail' "$d/report.html" | head -n 1)" \
		"0:9 pass, 0 fail"
fi

# --- the KUnit suite failed in shard 1 --------------------------------------------
d=$(setup kunit)
k1=$(ls -d "$d"/shards/*-s1)
sed -i 's/^ok 5 sched_fair_group_shares/not ok 5 sched_fair_group_shares/' "$k1/results.ktap"
echo 1 >"$d/shards/s1.rc"
"$merge" "$d" 2 30 >"$d/merge.log" 2>&1
check "exit 1 when a shard's KUnit suite failed" eq "$?" 1
check "meta.json exit_code 1" eq "$(jq .exit_code "$d/meta.json")" 1
check "the failed suite is the one reported" eq "$(top "$d" | tail -n 1)" "not ok 9 sched_fair_group_shares"
check "totals count the failure" eq "$(grep '^# Totals:' "$d/results.ktap")" \
	"# Totals: pass:8 fail:1 xfail:0 xpass:0 skip:0 error:0 inconclusive:0"

# --- a scenario of shard 1 was inconclusive; then shard 0 failed too --------------
d=$(setup inconclusive)
k1=$(ls -d "$d"/shards/*-s1)
sed -i 's/^ok 1 \(.*\)$/not ok 1 \1 # INCONCLUSIVE A: straddles/' "$k1/results.ktap"
echo 5 >"$d/shards/s1.rc"
"$merge" "$d" 2 30 >"$d/merge.log" 2>&1
check "exit 5 when a shard was inconclusive and none failed" eq "$?" 5
check "meta.json exit_code 5" eq "$(jq .exit_code "$d/meta.json")" 5
check "totals count it inconclusive, not failed" eq "$(grep '^# Totals:' "$d/results.ktap")" \
	"# Totals: pass:8 fail:0 xfail:0 xpass:0 skip:0 error:0 inconclusive:1"
echo 1 >"$d/shards/s0.rc"
"$merge" "$d" 2 30 >"$d/merge.log" 2>&1
check "a failure outranks an inconclusive" eq "$?" 1

# --- shard 1 left no results ----------------------------------------------------------
d=$(setup lost)
echo "[run] QEMU died" >"$d/shards/s1.log"
echo 13 >"$d/shards/s1.rc"
"$merge" "$d" 2 30 >"$d/merge.log" 2>&1
check "a lost shard's guest code is the exit" eq "$?" 13
check "the other shard's results are kept" eq "$(sed -n 2p "$d/results.ktap"):$(top "$d" | wc -l)" "1..5:5"
check "the merge names the lost shard" grep -q 'shard 1 left no results directory' "$d/merge.log"

echo "shard-merge: $pass passed, $fail failed"
[ "$fail" = 0 ]
