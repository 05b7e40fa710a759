#!/bin/bash
# browser-test.sh CFSREPORT PNGCHECK FIXTURES OUT - open generated reports in
# headless Chromium (Debian's package) and check that they render: the DOM
# has the expected inline SVG charts and verdict banner, the page logs no
# console message at all (it has no scripts, so any is an error), and the
# screenshot is not blank (and shows the red FAIL highlighting where a
# scenario failed). chromium is in the deps list, so a missing one is a
# failure; CHROMIUM= (empty) skips on purpose, saying so in the closing
# line. Ends with "report-browser-test: N passed, M failed" (or ": SKIP: why").
set -uo pipefail
cfsreport=$1 pngcheck=$2 fixtures=$3 out=$4

# CHROMIUM=path overrides; CHROMIUM= (empty) forces the skip.
if [ "${CHROMIUM-unset}" = "" ]; then
	echo "report-browser-test: SKIP: CHROMIUM= given (empty): browser checks not run"
	exit 0
fi
browser=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
if [ -z "$browser" ]; then
	echo "report-browser-test: missing tool: chromium (Debian package chromium;" \
		"run 'make deps' as root)"
	echo "report-browser-test: 0 passed, 1 failed"
	exit 1
fi
rm -rf "$out"
mkdir -p "$out"
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "  ok   $*"; }
bad() { fail=$((fail + 1)); echo "  FAIL $*"; }

# chromium PAGE MODE OUTPUT... - one headless run with its own profile
chrome() {
	local page=$1 prof rc
	shift
	prof=$(mktemp -d /tmp/report-chromium.XXXXXX)
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
		--disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--user-data-dir="$prof" --enable-logging=stderr --v=0 \
		--window-size=1280,2000 "$@" "file://$page"
	rc=$?
	rm -rf "$prof"
	return $rc
}

# check NAME PAGE MIN_SVG BANNER MIN_RED
check() {
	local name=$1 page=$2 min_svg=$3 banner=$4 min_red=$5 n
	if ! chrome "$page" --dump-dom >"$out/$name.dom" 2>"$out/$name.dom.log"; then
		bad "$name: chromium --dump-dom failed"
		tail -n 5 "$out/$name.dom.log"
		return
	fi
	n=$(grep -o '<svg ' "$out/$name.dom" | wc -l)
	if [ "$n" -ge "$min_svg" ] && grep -q "$banner" "$out/$name.dom"; then
		ok "$name: DOM has $n inline SVG charts and '$banner'"
	else
		bad "$name: DOM has $n SVG (want >= $min_svg), banner '$banner'" \
			"$(grep -c "$banner" "$out/$name.dom") times"
	fi
	if grep -E ':CONSOLE|Uncaught|net::ERR_' "$out/$name.dom.log" >"$out/$name.console"; then
		bad "$name: console messages:"
		head -n 5 "$out/$name.console"
	else
		ok "$name: no console messages or load errors"
	fi
	if ! chrome "$page" --screenshot="$out/$name.png" >/dev/null \
		2>"$out/$name.png.log" || [ ! -s "$out/$name.png" ]; then
		bad "$name: no screenshot"
		tail -n 5 "$out/$name.png.log"
		return
	fi
	if res=$("$pngcheck" "$out/$name.png" "$min_red"); then
		ok "$name: screenshot not blank ($res)"
	else
		bad "$name: screenshot looks blank or lacks red highlighting ($res)"
	fi
}

"$cfsreport" --html "$out/fail-run.html" --junit "$out/fail-run.xml" \
	"$fixtures/fail-run" >/dev/null &&
"$cfsreport" --html "$out/died-run.html" --junit "$out/died-run.xml" \
	"$fixtures/died-run" >/dev/null &&
"$cfsreport" --html "$out/pass-run.html" --junit "$out/pass-run.xml" \
	"$fixtures/pass-run" >/dev/null || { echo "report-browser-test: cfsreport failed"; exit 1; }
"$cfsreport" compare --html "$out/compare.html" "$fixtures/pass-run" \
	"$fixtures/fail-run" >/dev/null
[ $? = 1 ] || bad "compare pass-run fail-run did not report a regression"

abs=$(cd "$out" && pwd)
check fail-run "$abs/fail-run.html" 15 "FAIL: 1 of 4 scenario(s) failed" 2000
check died-run "$abs/died-run.html" 3 "the guest stopped (panic)" 1000
check pass-run "$abs/pass-run.html" 15 "PASS: all 3 scenario(s)" 0
check compare "$abs/compare.html" 1 "REGRESSION: 1 scenario(s) regressed" 500
echo "report-browser-test: $pass passed, $fail failed (screenshots in $out)"
[ "$fail" = 0 ]
