#!/bin/bash
# browser-test.sh CFSREPORT PNGCHECK FIXTURES OUT - open generated reports in
# headless Chromium (Debian's package) and check that they render: the DOM
# has the expected inline SVG charts and verdict banner, the page logs no
# console message at all (it has no scripts, so any is an error), and the
# screenshot is not blank (and shows the red FAIL highlighting where a
# scenario failed), and that the first 1280x900 screen shows the forest
# plot of every scenario with the failing one highlighted (a 44-scenario
# run is made from the fixtures for that). chromium is in the deps list, so a missing one is a
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
		--window-size="${window:-1280,2000}" "$@" "file://$page"
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

# first_screen NAME PAGE ROWS FAILING NEAR MIN_FAILROW - the first
# 1280x900 screen: the forest plot comes before the summary table with
# ROWS scenario rows, FAILING of them failing and NEAR near the tolerance,
# and at least MIN_FAILROW pixels of the failing-row highlight (#ffd6d6,
# used nowhere else in the page) are on screen without scrolling.
first_screen() {
	local name=$1 page=$2 rows=$3 failing=$4 near=$5 min_fail=$6 n nf nn res
	n=$(grep -o 'class="fr fs-' "$out/$name.dom" | wc -l)
	nf=$(grep -o 'class="fr fs-fail"' "$out/$name.dom" | wc -l)
	nn=$(grep -o 'class="fr fs-near"' "$out/$name.dom" | wc -l)
	if [ "$n" = "$rows" ] && [ "$nf" = "$failing" ] && [ "$nn" = "$near" ] &&
		grep -o 'class="chart forest"\|<table class="summary"' \
		"$out/$name.dom" | head -n 1 | grep -q forest; then
		ok "$name: forest plot first, $n rows, $nf failing, $nn near tolerance"
	else
		bad "$name: forest plot $n rows, $nf failing, $nn near (want" \
			"$rows, $failing, $near), or not before the summary"
	fi
	if ! window=1280,900 chrome "$page" --screenshot="$out/$name-first.png" \
		>/dev/null 2>"$out/$name-first.log"; then
		bad "$name: no 1280x900 screenshot"
		return
	fi
	if res=$("$pngcheck" "$out/$name-first.png" 0 ffd6d6 "$min_fail"); then
		ok "$name: first screen (1280x900) shows it ($res)"
	else
		bad "$name: first screen (1280x900) lacks the failing row ($res)"
	fi
}

# many-run: a 44-scenario run (pass-run's three 14 times, fail-run's
# failing and skipped ones in the middle), the size of the default suite;
# in the third copy flat-1-2's interval reaches 88 % of its tolerance.
many_run() {
	local d=$out/many-run k
	mkdir -p "$d"
	cp "$fixtures/fail-run/meta.json" "$d/"
	{
		grep '"type":"run_start"' "$fixtures/fail-run/results.jsonl"
		for k in $(seq 1 14); do
			grep -v '"type":"run_\|"type":"series"' \
				"$fixtures/pass-run/results.jsonl" |
				sed "s/\"name\":\"\([^\"]*\)\"/\"name\":\"\1-$k\"/" |
				if [ "$k" = 3 ]; then
					sed 's/"ci":\[-0.0004,0.0022\]/"ci":[-0.0004,0.0088]/'
				else
					cat
				fi
			[ "$k" = 7 ] && grep -v '"type":"run_\|"type":"series"\|"name":"flat-1-2"\|"name":"phase-reweight"' \
				"$fixtures/fail-run/results.jsonl"
		done
		grep '"type":"run_end"' "$fixtures/fail-run/results.jsonl"
	} >"$d/results.jsonl"
}

many_run
"$cfsreport" --html "$out/many-run.html" "$out/many-run" >/dev/null ||
	bad "cfsreport many-run"
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
check compare "$abs/compare.html" 2 "REGRESSION: 1 scenario(s) regressed" 500
check many-run "$abs/many-run.html" 15 "FAIL: 1 of 44 scenario(s) failed" 1000
first_screen fail-run "$abs/fail-run.html" 4 1 0 5000
first_screen many-run "$abs/many-run.html" 44 1 1 5000
first_screen compare "$abs/compare.html" 4 1 0 3000
first_screen pass-run "$abs/pass-run.html" 3 0 0 0
echo "report-browser-test: $pass passed, $fail failed (screenshots in $out)"
[ "$fail" = 0 ]
