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
# --list prints one line per scenario; the duration is the field that
# ends in "s" after "duration" (duration=2.5s or duration 2.5s).
total=$(sed -nE 's/.*duration[= ]+([0-9.]+)s.*/\1/p' <<<"$out" |
	awk -v per=$per '{ t += $1 * 1.5 + per } END { printf "%d", t }')
n=$(grep -c . <<<"$out")
[ -n "$total" ] && [ "$total" -gt 0 ] || total=$((n * 60))
echo $((boot + total))
