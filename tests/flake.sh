#!/bin/bash
# flake.sh N "MAKE" - run the selected suite N times on one kernel (one
# guest boot per run) and summarize per scenario: verdict counts and the
# distribution of the worst group's error, inconclusive runs apart, and
# the time to a verdict (p50, p90, max). Writes results/flake-<time>.txt;
# exits 1 when any scenario failed or was inconclusive in any run.
set -uo pipefail
n=$1 make=$2
results=${RESULTS_DIR:-results}
cfsreport=${CFSREPORT:-build/report/cfsreport}
[[ $n =~ ^[0-9]+$ ]] && [ "$n" -ge 1 ] || { echo "[flake] N=$n is not a count" >&2; exit 2; }
dirs=()
for i in $(seq 1 "$n"); do
	echo "[flake] run $i of $n"
	$make run RUN_LABEL=flake$i >/dev/null 2>&1
	d=$(readlink -f "$results/latest")
	# the run's own verdict line and exit code (README "Exit codes"),
	# not make's
	echo "[flake] run $i: $("$cfsreport" verdict "$d" | sed 's/^\[run\] //')"
	dirs+=("$d")
done
out=$results/flake-$(date -u +%Y%m%d-%H%M%S).txt
"$cfsreport" flake "${dirs[@]}" | tee "$out"
st=${PIPESTATUS[0]}
echo "[flake] summary: $out"
exit "$st"
