#!/bin/bash
# check-all.sh "MAKE" KBASE... - make mutants-check-base for each base,
# then one closing line for make test: "mutants-check: N passed, M
# failed" (the bases' cases summed; a base whose check died counts one
# failure).
set -uo pipefail
make=$1
shift
p=0 f=0
for b in "$@"; do
	out=$($make mutants-check-base KBASE="$b" 2>&1)
	rc=$?
	echo "$out"
	line=$(grep -E "^mutants-check $b: [0-9]+ passed, [0-9]+ failed" <<<"$out" | tail -n 1)
	if [ -n "$line" ]; then
		p=$((p + $(sed -E 's/.*: ([0-9]+) passed.*/\1/' <<<"$line")))
		f=$((f + $(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$line")))
	elif [ $rc != 0 ]; then
		f=$((f + 1))
	fi
done
echo "mutants-check: $p passed, $f failed"
[ "$f" = 0 ]
