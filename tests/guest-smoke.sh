#!/bin/bash
# guest-smoke.sh "MAKE" - boot the freshly built kernel with the quick
# suite and count its scenarios: "guest: N passed, M failed" (skips are
# reported and counted as neither; an inconclusive scenario counts as
# failed). The counts are cfsreport's (ktap-counts): $CFSREPORT, else
# $BUILD/report/cfsreport.
make=${1:-make}
cfsreport=${CFSREPORT:-${BUILD:-build}/report/cfsreport}
$make run SCENARIOS=quick
rc=$?
ktap=${RESULTS_DIR:-results}/latest/results.ktap
p=0 f=0 i=0 s=0
if [ -r "$ktap" ] && counts=$("$cfsreport" ktap-counts "$ktap"); then
	read -r p f i s <<<"$counts"
	f=$((f + i))
fi
[ "$rc" = 0 ] || [ "$f" != 0 ] || f=1	# the guest died or the run failed
[ "$s" = 0 ] || echo "guest: $s scenarios skipped (see $ktap)"
echo "guest: $p passed, $f failed"
exit "$rc"
