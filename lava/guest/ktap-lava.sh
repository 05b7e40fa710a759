#!/bin/sh
# ktap-lava.sh - KTAP of conform (conformance/output/ktap.c) on stdin -> echoed,
# and one lava-test-case per scenario ("NAME") and per group subtest
# ("NAME.GROUP", '/' in group paths as '.'), result pass/fail/skip, the
# group's measured share as measurement (units: share of total CPU).
# LAVA_TEST_CASE=echo prints the calls instead (host tests).
ltc=${LAVA_TEST_CASE:-lava-test-case}
awk -v ltc="$ltc" '
function run(name, res, meas) {
	gsub("/", ".", name)
	cmd = ltc " " name " --result " res
	if (meas != "")
		cmd = cmd " --measurement " meas " --units share"
	system(cmd)
}
{ print; fflush() }
function result(line) {
	if ($1 != "ok")
		return "fail"
	return line ~ /# SKIP/ ? "skip" : "pass"
}
/^    # Subtest: / { scn = $3; split("", m); next }
/^    # [^ ]+: measured / { g = $2; sub(":$", "", g); m[g] = $4; next }
/^    (not )?ok [0-9]+ / {
	n = ($1 == "ok") ? 3 : 4
	g = $n
	run(scn "." g, result($0), m[g])
	next
}
/^(not )?ok [0-9]+ / {
	n = ($1 == "ok") ? 3 : 4
	run($n, result($0), "")
}'
