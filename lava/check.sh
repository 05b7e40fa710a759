#!/bin/bash
# check.sh DIR RESULTS_DIR - compare the test cases lava-run collected
# (DIR/run.log, its "results" records) with the guest's KTAP -> test case
# reader (cfsreport lava: $CFSREPORT, else $BUILD/report/cfsreport) run
# over a direct `make run` of the same scenarios (RESULTS_DIR/results.ktap).
# Prints both, exits 0 when every case has the same result, 1 otherwise,
# 2 when lava-run did not finish the job.
set -uo pipefail
dir=$1 res=$2
cfsreport=${CFSREPORT:-${BUILD:-build}/report/cfsreport}
grep -q '"case": "job", "definition": "lava", "result": "pass"' "$dir/run.log" ||
	{ echo "[lava-check] lava-run did not pass the job; first error:" >&2
	  grep -m1 '"lvl": "error"' "$dir/run.log" >&2; exit 2; }
sed -n 's/.*"case": "\([^"]*\)", "definition": "0_cfs-conformance".*"result": "\([a-z]*\)".*/\1 \2/p' \
	"$dir/run.log" | sort >"$dir/lava.cases"
LAVA_TEST_CASE=echo "$cfsreport" lava <"$res/results.ktap" |
	sed -n 's/^\([^ ]*\) --result \([a-z]*\).*/\1 \2/p' | sort >"$dir/direct.cases"
# cases the runner reports that are not scenarios of this selection (the
# kernel's KUnit relay) are compared only if both sides have them
join "$dir/lava.cases" "$dir/direct.cases" >"$dir/both.cases"
echo "[lava-check] $(wc -l <"$dir/lava.cases") LAVA cases, $(wc -l <"$dir/direct.cases") direct, $(wc -l <"$dir/both.cases") in both"
awk '{ printf "  %-40s lava %-5s direct %s%s\n", $1, $2, $3, ($2 == $3) ? "" : "  DIFFERS" }' "$dir/both.cases"
only=$(comm -3 <(cut -d' ' -f1 "$dir/lava.cases") <(cut -d' ' -f1 "$dir/direct.cases"))
[ -z "$only" ] || echo "[lava-check] in one side only: $(echo $only)"
awk '$2 != $3 { d++ } END { exit d ? 1 : 0 }' "$dir/both.cases" || { echo "[lava-check] FAIL: results differ"; exit 1; }
[ -s "$dir/both.cases" ] || { echo "[lava-check] FAIL: no case in common"; exit 1; }
echo "[lava-check] PASS: LAVA and make run agree on every common case"
