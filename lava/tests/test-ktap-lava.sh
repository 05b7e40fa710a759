#!/bin/bash
# test-ktap-lava.sh - lava/guest/ktap-lava.sh (KTAP -> lava-test-case) on
# the KTAP of a recorded quick-suite shard (4 scenarios and the kernel's
# KUnit suite) and on a hand-written stream with a failure, a skip, nested
# group paths and a group without a measurement. lava-test-case is
# replaced by echo. Ends with "ktap-lava: N passed, M failed".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
parse() { LAVA_TEST_CASE=echo "$here/../guest/ktap-lava.sh"; }
pass=0 fail=0
has() {	# has NAME LINE: the parser's output holds exactly LINE
	if grep -qxF -- "$2" <<<"$out"; then pass=$((pass + 1)); else
		echo "FAIL: $1: no line '$2'"; fail=$((fail + 1)); fi
}
lacks() {
	if grep -qF -- "$2" <<<"$out"; then echo "FAIL: $1: unexpected '$2'"; fail=$((fail + 1)); else
		pass=$((pass + 1)); fi
}

ktap=$here/../../initramfs/tests/fixtures/shard-run/20261203-173557-quick-s0/results.ktap
out=$(parse <"$ktap")
has "the KTAP is echoed" "$(sed -n 3p "$ktap")"
has "scenario case" "underprovisioned --result pass"
has "group case with its share" "underprovisioned.A --result pass --measurement 0.4932 --units share"
has "nested path with dots" "nested-four-levels.a.b.c.d --result pass --measurement 0.0471 --units share"
has "KUnit suite" "sched_fair_group_shares --result pass"
has "KUnit case" "sched_fair_group_shares.group_shares_clamp --result pass"
n=$(grep -c -- ' --result ' <<<"$out")
[ "$n" = 26 ] && pass=$((pass + 1)) || { echo "FAIL: 26 cases (4 scenarios, 14 groups, 1 KUnit suite of 7), got $n"; fail=$((fail + 1)); }

out=$(parse <<'KTAP'
KTAP version 1
1..3
# conform 0.1 on test
    KTAP version 1
    # Subtest: one
    1..2
    # A: measured 0.2500 (0.5000 CPUs) model 0.3333
    not ok 1 A
    # A/x: measured 0.7500 (1.5000 CPUs) model 0.6667
    ok 2 A/x
not ok 1 one
    KTAP version 1
    # Subtest: two
    1..1
    ok 1 A
ok 2 two
ok 3 three # SKIP needs 3 CPUs
KTAP
)
has "failed group" "one.A --result fail --measurement 0.2500 --units share"
has "failed scenario" "one --result fail"
has "group path" "one.A.x --result pass --measurement 0.7500 --units share"
has "no measurement: none reported" "two.A --result pass"
lacks "no measurement carried over from another scenario" "two.A --result pass --measurement"
has "skipped scenario" "three --result skip"

echo "ktap-lava: $pass passed, $fail failed"
[ "$fail" = 0 ]
