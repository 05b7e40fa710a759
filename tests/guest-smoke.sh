#!/bin/bash
# guest-smoke.sh "MAKE" - boot the freshly built kernel with the quick
# suite and count its scenarios: "guest: N passed, M failed" (skips are
# reported and counted as neither).
make=${1:-make}
$make run SCENARIOS=quick
rc=$?
ktap=${RESULTS_DIR:-results}/latest/results.ktap
p=0 f=0 s=0
if [ -r "$ktap" ]; then
	p=$(grep -E '^ok [0-9]+' "$ktap" | grep -cv '# SKIP')
	s=$(grep -cE '^ok [0-9]+.*# SKIP' "$ktap")
	f=$(grep -cE '^not ok [0-9]+' "$ktap")
fi
[ "$rc" = 0 ] || [ "$f" != 0 ] || f=1	# the guest died or the run failed
[ "$s" = 0 ] || echo "guest: $s scenarios skipped (see $ktap)"
echo "guest: $p passed, $f failed"
exit "$rc"
