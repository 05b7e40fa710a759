#!/bin/bash
# deadline.sh RUNNER_HOST SCENARIO... - the host-side deadline (seconds) of
# a guest run: boot slack plus, per scenario, its duration from the parser
# (conform --list) plus setup/teardown slack.
set -uo pipefail
runner=$1
shift
boot=90 per=20
if ! out=$("$runner" --list "$@" 2>&1); then
	echo "$out" >&2
	exit 2
fi
# --list prints one line per scenario with a duration_us=N field.
total=$(sed -nE 's/.*duration_us=([0-9]+).*/\1/p' <<<"$out" |
	awk -v per=$per '{ t += $1 / 1e6 * 1.5 + per } END { printf "%d", t }')
n=$(grep -c . <<<"$out")
[ -n "$total" ] && [ "$total" -gt 0 ] || total=$((n * 60))
echo $((boot + total))
