#!/bin/bash
# resolve-scenarios.sh WORD... - turn SCENARIOS= words into scenario files.
#
# A word is a scenario file (path as given, or relative to
# cgroup-scenarios/), a suite name (cgroup-scenarios/suites/<word>: one
# path per line, '#' comments), or a theme folder (every .scn in it).
# Prints one path per line, relative to the repository; exits 2 naming
# the word it cannot resolve.
set -euo pipefail
top=cgroup-scenarios
for w in "$@"; do
	if [ -f "$w" ]; then
		echo "$w"
	elif [ -f "$top/$w" ]; then
		echo "$top/$w"
	elif [ -f "$top/suites/$w" ]; then
		n=0
		while IFS= read -r line; do
			n=$((n + 1))
			line=${line%%#*}
			line=$(echo "$line" | xargs)
			[ -n "$line" ] || continue
			[ -f "$top/$line" ] || {
				echo "$top/suites/$w:$n: no such scenario file: $line" >&2
				exit 2
			}
			echo "$top/$line"
		done <"$top/suites/$w"
	elif [ -d "$top/$w" ]; then
		find "$top/$w" -name '*.scn' | LC_ALL=C sort
	else
		echo "SCENARIOS: '$w' is neither a scenario file, a suite ($top/suites/) nor a folder of $top/" >&2
		exit 2
	fi
done
