#!/bin/bash
# kunit-parse-test.sh - the kernel's own KTAP reader on our output: every
# `kunit.py parse` of an unpacked kernel tree in $BUILD (6.1, 6.12, ...)
# reads the recorded runs of tests/fixtures/ktap with the totals in
# tests/fixtures/ktap/expected, names failed and skipped scenarios, never
# calls a passing run crashed, and calls a run that died crashed.
# The trees are unpacked by `make kernel`; with none, this fails.
set -uo pipefail
cd "$(dirname "$0")/.."
. tests/check-lib.sh
fx=tests/fixtures/ktap

mapfile -t parsers < <(ls -d "${BUILD:-build}"/kernel*/src-*/tools/testing/kunit/kunit.py 2>/dev/null)
check "an unpacked kernel tree with kunit.py in ${BUILD:-build}" test ${#parsers[@]} -gt 0

for kunit in "${parsers[@]}"; do
	tree=${kunit%/tools/*}
	tree=${tree##*/}
	while IFS=$'\t' read -r name want; do
		out=$(python3 "$kunit" parse "$PWD/$fx/$name.ktap" 2>&1 |
			sed -E 's/^\[[0-9:]+\] //')
		check "$tree: $name totals" eq "$(grep '^Testing complete' <<<"$out")" \
			"Testing complete. $want"
		case $name in
		pass) check "$tree: pass: no CRASHED or FAILED" \
			eval "! grep -qE 'CRASHED|FAILED' <<<\"\$out\"" ;;
		fail) check "$tree: fail: flat-1-2 FAILED" grep -q '\[FAILED\] flat-1-2' <<<"$out"
			check "$tree: fail: nested-four-levels FAILED" \
				grep -q '\[FAILED\] nested-four-levels' <<<"$out" ;;
		skip) check "$tree: skip: v1-shares-nested SKIPPED" \
			grep -q '\[SKIPPED\] v1-shares-nested' <<<"$out" ;;
		died) check "$tree: died: CRASHED" grep -q 'CRASHED' <<<"$out" ;;
		esac
	done <"$fx/expected"
done

echo "kunit-parse: $pass passed, $fail failed"
[ "$fail" = 0 ]
