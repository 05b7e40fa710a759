#!/bin/bash
# check-inputs.sh - do the stand-alone reproducer
# (patches/reproducers/load-sum-truncation.sh, default fork/exit mode) and
# the suite's scenario (cgroup-scenarios/nested/heavy-children-churn.scn)
# set up the same thing: the same groups with the same cpu.weight, and
# the same tasks (group, CPU, hog or churn)? The churn rate is not
# compared: the scenario's children run 20 ms, the script's `(:)` exits
# at once. Needs no guest. Closes with make-test.sh's line format, so
# `step "reproducer inputs" docs/findings/load-sum-truncation/check-inputs.sh`
# would add it to `make test`.
set -euo pipefail
top=$(cd "$(dirname "$0")/../../.." && pwd)
scn=$top/cgroup-scenarios/nested/heavy-children-churn.scn
sh=$top/patches/reproducers/load-sum-truncation.sh

# "weight GROUP W" and "task GROUP CPU KIND" lines, sorted
from_scn() {
	awk '$1 == "group" { w = 100; for (i = 3; i <= NF; i++)
			if ($i ~ /^weight=/) w = substr($i, 8)
			print "weight", $2, w }
	     $1 == "task" { g = ""; c = ""; k = "hog"
			for (i = 3; i <= NF; i++) {
				if ($i ~ /^group=/) g = substr($i, 7)
				if ($i ~ /^cpus=/) c = substr($i, 6)
				if ($i ~ /^kind=/) k = substr($i, 6) }
			print "task", g, c, k }' "$scn" | sort
}
from_sh() {
	# weights: echo W > "$cg/PATH/cpu.weight", with $c from its for loop
	awk '/^for c in / { n = split($0, a, " "); list = ""
			for (i = 4; i <= n; i++) { gsub(/;/, "", a[i])
				if (a[i] != "" && a[i] != "do") list = list " " a[i] } }
	     /echo [0-9]+ > "\$cg\/.*\/cpu.weight"/ {
			w = $2; p = $4; gsub(/"|\$cg\/|\/cpu.weight/, "", p)
			if (p ~ /\$c/) { m = split(list, l, " ")
				for (i = 1; i <= m; i++) { q = p; sub(/\$c/, l[i], q); print "weight", q, w } }
			else print "weight", p, w }' "$sh"
	# tasks: the run lines of the default (non-duty) branch and after it
	awk '/^if \[ "\$mode" = duty \]/ { skip = 1; next }
	     skip && /^else/ { skip = 0; next }
	     skip { next }
	     /^[ \t]*run / { n = split($0, s, ";")
			for (i = 1; i <= n; i++) { split(s[i], f, " ")
				if (f[1] != "run") continue
				k = f[4]; gsub(/"|\$/, "", k); print "task", f[2], f[3], k } }' "$sh"
}

a=$(from_scn) b=$(from_sh | sort)
pass=0 fail=0
if [ -n "$a" ] && [ "$a" = "$b" ]; then
	pass=1
	echo "same groups, weights and tasks: $(wc -l <<<"$a") lines"
else
	fail=1
	echo "the reproducer and $(basename "$scn") differ (< scenario, > script):"
	diff <(echo "$a") <(echo "$b") || true
fi
echo "reproducer inputs: $pass passed, $fail failed"
[ "$fail" = 0 ]
