#!/bin/bash
# run-tests.sh OUT FIXTURES TEST_BIN... - the report's tests: every cmocka
# program (built with ASan/UBSan), then the sanitized cfsreport on every
# fixture directory and on the compare pairs, checking exit codes and that
# the JUnit XML is valid against report/tests/junit.xsd. Ends with
# "report-tests: N passed, M failed".
set -uo pipefail
out=$1 fixtures=$2
shift 2
pass=0 fail=0
tmp=$(mktemp -d /tmp/report-tests.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

ok() { pass=$((pass + 1)); echo "  ok   $*"; }
bad() { fail=$((fail + 1)); echo "  FAIL $*"; }

for t in "$@"; do
	log=$tmp/$(basename "$t").log
	if "$t" >"$log" 2>&1; then
		ok "$(basename "$t") ($(grep -c '^\[       OK \]' "$log") cases)"
	else
		bad "$(basename "$t")"
		sed 's/^/       /' "$log" | tail -n 40
	fi
done

san=$out/cfsreport-san
xsd=$(dirname "$0")/junit.xsd
for d in "$fixtures"/*/; do
	name=$(basename "$d")
	if "$san" --html "$tmp/$name.html" --junit "$tmp/$name.xml" "$d" \
		>"$tmp/$name.log" 2>&1 && [ -s "$tmp/$name.html" ] &&
		grep -q '</html>' "$tmp/$name.html"; then
		ok "cfsreport $name"
	else
		bad "cfsreport $name"
		tail -n 20 "$tmp/$name.log"
	fi
	# xmllint is in the deps list: without it this check fails, by name.
	if ! command -v xmllint >/dev/null; then
		bad "junit.xml valid: $name: missing tool: xmllint (Debian package libxml2-utils)"
	elif xmllint --noout --schema "$xsd" "$tmp/$name.xml" \
		2>"$tmp/$name.xmllint"; then
		ok "junit.xml valid (junit.xsd): $name"
	else
		bad "junit.xml valid (junit.xsd): $name"
		head -n 5 "$tmp/$name.xmllint"
	fi
done

# The schema is not a no-op: it rejects what Jenkins' xunit schema rejects
# (a "skipped" count on testsuites, a testcase without a name, nested
# testsuites, a negative count).
reject() {
	printf '%s\n' "$2" >"$tmp/reject.xml"
	if xmllint --noout --schema "$xsd" "$tmp/reject.xml" >/dev/null 2>&1; then
		bad "junit.xsd rejects $1"
	else
		ok "junit.xsd rejects $1"
	fi
}
reject "skipped on testsuites" '<testsuites skipped="1"/>'
reject "a nameless testcase" \
	'<testsuites><testsuite name="s" tests="1" failures="0" errors="0"><testcase/></testsuite></testsuites>'
reject "nested testsuites" \
	'<testsuites><testsuite name="s" tests="0" failures="0" errors="0"><testsuite name="t" tests="0" failures="0" errors="0"/></testsuite></testsuites>'
reject "a negative count" \
	'<testsuites><testsuite name="s" tests="-1" failures="0" errors="0"/></testsuites>'

# compare BASE CAND -> expected exit status
expect_compare() {
	local base=$1 cand=$2 want=$3 rc
	"$san" compare --html "$tmp/cmp.html" "$fixtures/$base" \
		"$fixtures/$cand" >"$tmp/cmp.log" 2>&1
	rc=$?
	if [ "$rc" = "$want" ] && grep -q '</html>' "$tmp/cmp.html"; then
		ok "compare $base $cand -> exit $rc"
	else
		bad "compare $base $cand -> exit $rc (want $want)"
		tail -n 20 "$tmp/cmp.log"
	fi
}
expect_compare pass-run pass-run2 0
expect_compare pass-run pass-run 0
expect_compare fail-run fail-run 0
expect_compare pass-run fail-run 1
expect_compare fail-run pass-run 0
expect_compare pass-run died-run 1
expect_compare pass-run missing-run 1
# no verdict is neither a regression nor an improvement
expect_compare pass-run inconclusive-run 0
expect_compare fail-run inconclusive-run 0

# usage errors are exit 2, not a crash
"$san" >/dev/null 2>&1
[ $? = 2 ] && ok "usage: no arguments -> exit 2" || bad "usage: no arguments"
"$san" compare "$fixtures/pass-run" >/dev/null 2>&1
[ $? = 2 ] && ok "usage: compare with one dir -> exit 2" ||
	bad "usage: compare with one dir"

echo "report-tests: $pass passed, $fail failed"
[ "$fail" = 0 ]
