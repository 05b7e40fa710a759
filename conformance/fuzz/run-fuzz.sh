#!/bin/bash
# run-fuzz.sh BIN OUTDIR SECONDS - run the libFuzzer scenario-parser harness
# for a bounded time and print one summary line:
#   "fuzz: N executions in S s, cov C, ft F, corpus K; crashes 0"
# The working corpus (OUTDIR/corpus) is seeded from cgroup-scenarios/,
# conformance/tests/bad/ and conformance/fuzz/regressions/ and kept between
# runs. A crash, leak, timeout (> 5 s per input) or OOM leaves its input in
# OUTDIR/artifacts/ and fails the run: fix it, then move the input to
# conformance/fuzz/regressions/ (make unit-tests replays it under ASan/UBSan).
set -uo pipefail
bin=$1 out=$2 secs=${3:-60}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mkdir -p "$out/corpus" "$out/seeds" "$out/artifacts"
rm -f "$out/seeds"/*
i=0
while IFS= read -r -d '' f; do
	cp "$f" "$out/seeds/$(printf '%04d' $i)-$(basename "$f")"
	i=$((i + 1))
done < <(find "$root/cgroup-scenarios" "$root/conformance/tests/bad" "$here/seeds" \
	"$here/regressions" -type f ! -name '*.md' ! -name 'README*' -print0 |
	sort -z)
log=$out/fuzz.log
echo "[fuzz] $bin for ${secs}s, $i seed files, corpus $out/corpus"
"$bin" -max_total_time="$secs" -timeout=5 -rss_limit_mb=2048 \
	-max_len=16384 -dict="$here/scn.dict" -print_final_stats=1 \
	-artifact_prefix="$out/artifacts/" \
	"$out/corpus" "$out/seeds" >"$log" 2>&1
rc=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
last=$(grep -aE '^#[0-9]+' "$log" | grep -a 'cov:' | tail -n 1)
cov=$(sed -n 's/.*cov: \([0-9]*\).*/\1/p' <<<"$last")
ft=$(sed -n 's/.*ft: \([0-9]*\).*/\1/p' <<<"$last")
ncorp=$(find "$out/corpus" -type f | wc -l)
crashes=$(find "$out/artifacts" -type f -newer "$out/seeds" | wc -l)
echo "fuzz: ${execs:-0} executions in ${secs}s, cov ${cov:-?}, ft ${ft:-?}, corpus $ncorp; crashes $crashes"
if [ "$rc" != 0 ] || [ "$crashes" != 0 ]; then
	grep -aE 'ERROR|SUMMARY|runtime error|Test unit written|deadly signal' "$log" |
		head -n 20 | sed 's/^/  /'
	echo "[fuzz] FAILED (exit $rc): inputs in $out/artifacts/; full log $log"
	echo "fuzz: 0 passed, 1 failed"
	exit 1
fi
echo "fuzz: 1 passed, 0 failed"
