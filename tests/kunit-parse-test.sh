#!/bin/bash
# kunit-parse-test.sh - the kernel's own KTAP reader on our output: every
# `kunit.py parse` of an unpacked kernel tree in $BUILD (6.1, 6.12, ...)
# reads the recorded runs of tests/fixtures/ktap with the totals in
# tests/fixtures/ktap/expected, names failed and skipped scenarios, never
# calls a passing run crashed, and calls a run that died crashed.
# The trees are unpacked by `make kernel`; with none, this fails.
# A merged JOBS=N run is made here from the recorded shards of
# initramfs/tests/fixtures/shard-run (4 + 4 scenarios, each with the KUnit
# suite), with CFSREPORT (argument or environment; it does the merge).
set -uo pipefail
cd "$(dirname "$0")/.."
. tests/check-lib.sh
fx=tests/fixtures/ktap
cfsreport=${1:-${CFSREPORT:-}}
[ -x "$cfsreport" ] || { echo "usage: kunit-parse-test.sh CFSREPORT" >&2; exit 2; }
tmp=$(mktemp -d /tmp/kunit-parse.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# the merged run: shard-merge.sh over copies of the recorded shards
shards=initramfs/tests/fixtures/shard-run
mkdir -p "$tmp/merged/shards"
cp "$shards"/s* "$tmp/merged/shards/"
k=0
for s in "$shards"/*-s[0-9]; do
	cp -r "$s" "$tmp/merged/shards/"
	echo "[run] results: $tmp/merged/shards/${s##*/}" >"$tmp/merged/shards/s$k.log"
	k=$((k + 1))
done
CFSREPORT=$cfsreport initramfs/shard-merge.sh "$tmp/merged" 2 30 >"$tmp/merge.log" 2>&1
check "shard-merge of the recorded shards" test -s "$tmp/merged/results.ktap"
cp "$tmp/merged/results.ktap" "$tmp/merged.ktap" 2>/dev/null

mapfile -t parsers < <(ls -d "${BUILD:-build}"/kernel*/src-*/tools/testing/kunit/kunit.py 2>/dev/null)
check "an unpacked kernel tree with kunit.py in ${BUILD:-build}" test ${#parsers[@]} -gt 0

for kunit in "${parsers[@]}"; do
	tree=${kunit%/tools/*}
	tree=${tree##*/}
	while IFS=$'\t' read -r name want; do
		f=$fx/$name.ktap
		[ "$name" = merged ] && f=$tmp/merged.ktap
		out=$(python3 "$kunit" parse "$(realpath "$f")" 2>&1 |
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
		merged) check "$tree: merged: no CRASHED or FAILED" \
			eval "! grep -qE 'CRASHED|FAILED' <<<\"\$out\"" ;;
		esac
	done <"$fx/expected"
done

echo "kunit-parse: $pass passed, $fail failed"
[ "$fail" = 0 ]
