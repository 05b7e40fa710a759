#!/bin/bash
# test-lava-cases.sh CFSREPORT - the guest's `cfsreport lava` (KTAP ->
# lava-test-case, report/lava.c; CFSREPORT the static build the LAVA
# initramfs carries) on the KTAP of a recorded quick-suite shard (4
# scenarios and the kernel's KUnit suite), on a hand-written stream with a
# failure, an inconclusive, a skip, nested group paths and a group without
# a measurement, and on a kernel log (--kmsg). lava-test-case is replaced
# by echo. Ends with "ktap-lava: N passed, M failed".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cfsreport=${1:?usage: test-lava-cases.sh CFSREPORT}
parse() { LAVA_TEST_CASE=echo "$cfsreport" lava "$@"; }
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
    # Subtest: four
    not ok 1 B # INCONCLUSIVE
not ok 4 four # INCONCLUSIVE B: straddles
KTAP
)
has "failed group" "one.A --result fail --measurement 0.2500 --units share"
has "failed scenario" "one --result fail"
has "group path" "one.A.x --result pass --measurement 0.7500 --units share"
has "no measurement: none reported" "two.A --result pass"
lacks "no measurement carried over from another scenario" "two.A --result pass --measurement"
has "skipped scenario" "three --result skip"
has "inconclusive group: fail" "four.B --result fail"
has "inconclusive scenario: fail" "four --result fail"
n=$(grep -c -- ' --result ' <<<"$out")
[ "$n" = 8 ] && pass=$((pass + 1)) || { echo "FAIL: 8 cases, got $n"; fail=$((fail + 1)); }

# The kernel log: timestamps dropped, nothing before the KTAP, only the
# results and subtest names (their counts and other messages are not).
out=$(parse --kmsg <<'KMSG'
[    0.000000] Linux version 6.1.192+
[    0.912345] ok 9 not-a-kunit-result-before-the-ktap
[    1.104000] KTAP version 1
[    1.104001] 1..1
[    1.104002]     KTAP version 1
[    1.104003]     # Subtest: sched_fair_group_shares
[    1.104004]     # module: fair_test
[    1.104005]     1..2
[    1.104006]     ok 1 group_shares_clamp
[    1.104007]     not ok 2 group_shares_rounding
[    1.104008] # sched_fair_group_shares: pass:1 fail:1 skip:0 total:2
[    1.104009] not ok 1 sched_fair_group_shares
[    1.200000] random: crng init done
KMSG
)
has "kmsg: suite case" "sched_fair_group_shares.group_shares_clamp --result pass"
has "kmsg: failed case" "sched_fair_group_shares.group_shares_rounding --result fail"
has "kmsg: failed suite" "sched_fair_group_shares --result fail"
has "kmsg: the result lines echoed, timestamps dropped" "    ok 1 group_shares_clamp"
lacks "kmsg: nothing before the KTAP" "not-a-kunit-result"
lacks "kmsg: other messages not echoed" "crng"
lacks "kmsg: suite counts not echoed" "pass:1 fail:1"
n=$(grep -c -- ' --result ' <<<"$out")
[ "$n" = 3 ] && pass=$((pass + 1)) || { echo "FAIL: kmsg: 3 cases, got $n"; fail=$((fail + 1)); }
out=$(parse --kmsg <<<"[    0.1] no KUnit in this kernel")
[ -z "$out" ] && pass=$((pass + 1)) || { echo "FAIL: kmsg without KTAP: output '$out'"; fail=$((fail + 1)); }

# A test-case command that cannot run: said, and the KTAP still echoed
# to its end (the runner writing into the pipe must not see it close).
errf=$(mktemp)
out=$(printf 'ok 1 a\nok 2 b\n' | LAVA_TEST_CASE=/nonexistent/ltc "$cfsreport" lava 2>"$errf")
rc=$?
err=$(cat "$errf")
rm -f "$errf"
has "no command: echoed on" "ok 2 b"
[ "$rc" = 0 ] && [[ $err == *"/nonexistent/ltc"* ]] && pass=$((pass + 1)) ||
	{ echo "FAIL: no command: exit $rc, stderr '$err'"; fail=$((fail + 1)); }

# The guest has no libraries: the binary must be static.
kind=$(file -b "$cfsreport")
[[ $kind == *"statically linked"* ]] && pass=$((pass + 1)) ||
	{ echo "FAIL: $cfsreport is not static: $kind"; fail=$((fail + 1)); }

echo "ktap-lava: $pass passed, $fail failed"
[ "$fail" = 0 ]
