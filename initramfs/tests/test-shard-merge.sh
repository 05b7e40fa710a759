#!/bin/bash
# test-shard-merge.sh [CFSREPORT] - shard-merge.sh on the shards of a real
# `make run SCENARIOS=quick JOBS=2` (fixtures/shard-run: 4 + 4 scenarios,
# each guest also reporting the kernel's KUnit suite), then with the KUnit
# suite failed in the second shard and with a shard that left no results;
# last, the same recorded results through the JOBS=1 and the JOBS=2 path
# (QEMU replayed), which must give the same verdict line and exit code.
# Checks the merged KTAP plan, numbering and totals, the JSON indices and
# run records, meta.json, the exit code and the verdict line, and (given CFSREPORT) that the report reads
# the merged run without problems. Ends with "shard-merge: N passed, M failed".
# CFSREPORT (argument or environment) is required: it does the KTAP merge.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
merge=$here/../shard-merge.sh
cfsreport=${1:-${CFSREPORT:-}}
[ -x "$cfsreport" ] || { echo "usage: test-shard-merge.sh CFSREPORT (it merges the KTAP)" >&2; exit 2; }
cfsreport=$(readlink -f "$cfsreport")
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
# JSON read with python3 (in the deps list): meta FILE KEY... prints the
# keys' values as a JSON list; records FILE TYPE KEY... one list per
# record of that type (KEY may be "totals.pass").
meta() {
	python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))
print(json.dumps([m.get(k) for k in sys.argv[2:]], separators=(",", ":")))' "$@"
}
records() {
	python3 -c 'import json, sys
def get(r, k):
    for p in k.split("."):
        r = r.get(p) if isinstance(r, dict) else None
    return r
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r.get("type") == sys.argv[2]:
        print(json.dumps([get(r, k) for k in sys.argv[3:]], separators=(",", ":")))' "$@"
}
verdict() { sed -n 's/^\[run\] verdict: //p' "$1"; }

# --- both shards passed ---------------------------------------------------------
d=$(setup ok)
"$merge" "$d" 2 30 >"$d/merge.log" 2>&1
check "exit 0 when every shard passed" eq "$?" 0
check "meta.json exit_code 0" eq "$(meta "$d/meta.json" exit_code)" "[0]"
check "plan counts 8 scenarios + 1 KUnit suite" eq "$(sed -n 2p "$d/results.ktap")" "1..9"
check "scenarios then KUnit, numbered 1..9" eq "$(top "$d" | cut -d' ' -f2 | tr '\n' ' ')" "1 2 3 4 5 6 7 8 9 "
check "KUnit suite once, last" eq "$(top "$d" | grep -c sched_fair_group_shares):$(top "$d" | tail -n 1)" \
	"1:ok 9 sched_fair_group_shares"
check "second shard's scenarios follow the first's" eq "$(top "$d" | sed -n 5p)" "ok 5 flat-1-2"
check "KUnit subtest kept" grep -q '^    # Subtest: sched_fair_group_shares' "$d/results.ktap"
check "totals summed once" eq "$(grep '^# Totals:' "$d/results.ktap")" \
	"# Totals: pass:9 fail:0 xfail:0 xpass:0 skip:0 error:0 inconclusive:0"
check "one run_start with 8 scenarios" eq \
	"$(records "$d/results.jsonl" run_start scenarios | tr '\n' ' ')" "[8] "
check "JSON results indexed 1..8" eq \
	"$(records "$d/results.jsonl" result index | tr -d '[]' | sort -n | tr '\n' ' ')" "1 2 3 4 5 6 7 8 "
check "one merged run_end, 8 passed" eq \
	"$(records "$d/results.jsonl" run_end totals.pass exit shards)" "[8,0,2]"
check "meta: jobs 2, host status ok" eq "$(meta "$d/meta.json" jobs host_status)" '[2,"ok"]'
check "meta: shard 0's run and label without -s0" eq \
	"$(meta "$d/meta.json" run_id label last_scenario)" '["ok","quick",null]'
check "verdict line" eq "$(verdict "$d/merge.log")" \
	"PASS (9 passed, 0 failed, 0 inconclusive, 0 skipped; exit 0) in 30s, 2 guests"
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
check "meta.json exit_code 1" eq "$(meta "$d/meta.json" exit_code)" "[1]"
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
check "meta.json exit_code 5" eq "$(meta "$d/meta.json" exit_code)" "[5]"
check "totals count it inconclusive, not failed" eq "$(grep '^# Totals:' "$d/results.ktap")" \
	"# Totals: pass:8 fail:0 xfail:0 xpass:0 skip:0 error:0 inconclusive:1"
check "verdict INCONCLUSIVE, as one guest's" eq "$(verdict "$d/merge.log")" \
	"INCONCLUSIVE (8 passed, 0 failed, 1 inconclusive, 0 skipped; exit 5) in 30s, 2 guests"
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
check "meta: the lost shard's code" eq "$(meta "$d/meta.json" exit_code)" '[13]'
check "verdict FAIL with the guest's code" eq "$(verdict "$d/merge.log")" \
	"FAIL (5 passed, 0 failed, 0 inconclusive, 0 skipped; exit 13) in 30s, 2 guests"

# --- the same results through JOBS=1 and JOBS=2 ----------------------------------------
# fixtures/jobs-run/CASE: s (one guest, 8 scenarios), s0 and s1 (the same
# scenarios as two shards of 4), each guest with the kernel's KUnit suite,
# replayed by fake-qemu/qemu-system-x86_64 through qemu-run.sh (JOBS=1) and
# shard.sh (JOBS=2: two initramfs, two qemu-run.sh, shard-merge.sh). The
# verdict line (its duration and "on tcg" / ", 2 guests" aside), the exit
# code and the report's counts must be the same:
#   fail          a failed and an inconclusive scenario: FAIL, exit 1
#   inconclusive  an inconclusive scenario, none failed: INCONCLUSIVE, 5
export PATH=$here/fake-qemu:$PATH
fx=$here/fixtures/jobs-run
root=$here/../..

# The scenarios, the shards' interleaved: with equal durations shard.sh
# deals them alternately, so shard K gets exactly fixture sK's.
read -ra s0 <"$here/fixtures/shard-run/s0.scenarios"
read -ra s1 <"$here/fixtures/shard-run/s1.scenarios"
files=()
for i in 0 1 2 3; do files+=("${s0[i]}" "${s1[i]}"); done
: >"$tmp/bzImage"
: >"$tmp/initrd"
: >"$tmp/conform"
# conform --list: one line a scenario, every one 2 s long
printf '#!/bin/sh\nshift\nfor f; do echo "$f duration_us=2000000"; done\n' >"$tmp/conform-host"
chmod +x "$tmp/conform-host"

jverdict() { sed -n 's/^\[run\] verdict: \(.*\) in [0-9]*s.*/\1/p' "$1"; }
counts() { "$cfsreport" "$1" | grep '^results: '; }

for case in fail inconclusive; do
	case $case in
	fail) want="FAIL (7 passed, 1 failed, 1 inconclusive, 0 skipped; exit 1)" rc_want=1 ;;
	inconclusive) want="INCONCLUSIVE (8 passed, 0 failed, 1 inconclusive, 0 skipped; exit 5)" rc_want=5 ;;
	esac
	(cd "$root" && FAKE_QEMU_REPLAY=$fx/$case/s initramfs/qemu-run.sh \
		--kernel "$tmp/bzImage" --initrd "$tmp/initrd" --results "$tmp/$case-1" \
		--accel tcg --cpus 2 --label quick) >"$tmp/$case-1.log" 2>&1
	rc1=$?
	(cd "$root" && FAKE_QEMU_REPLAY=$fx/$case initramfs/shard.sh 2 1 "$tmp/conform" \
		"$tmp/conform-host" "$tmp/$case-2" quick -- --kernel "$tmp/bzImage" \
		--accel tcg --mem 1G -- "${files[@]}") >"$tmp/$case-2.log" 2>&1
	rc2=$?
	check "$case: JOBS=1 verdict line" eq "$(jverdict "$tmp/$case-1.log")" "$want"
	check "$case: JOBS=2 verdict line is JOBS=1's" eq "$(jverdict "$tmp/$case-2.log")" \
		"$(jverdict "$tmp/$case-1.log")"
	check "$case: JOBS=1 exit $rc_want" eq "$rc1" "$rc_want"
	check "$case: JOBS=2 exit is JOBS=1's" eq "$rc2" "$rc1"
	check "$case: the shards got fixture s0's and s1's scenarios" eq \
		"$(cat "$tmp/$case-2/latest/shards/s0.scenarios")|$(cat "$tmp/$case-2/latest/shards/s1.scenarios")" \
		"${s0[*]}|${s1[*]}"
	check "$case: same report counts" eq "$(counts "$tmp/$case-2/latest")" \
		"$(counts "$tmp/$case-1/latest")"
done

echo "shard-merge: $pass passed, $fail failed"
[ "$fail" = 0 ]
