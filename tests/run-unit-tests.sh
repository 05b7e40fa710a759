#!/bin/bash
# run-unit-tests.sh LABEL BIN... - run cmocka test programs; print each
# program's outcome and a closing "LABEL: N passed, M failed" line counting
# test cases (from cmocka's own summary lines). Exit 1 on any failure.
label=$1
shift
passed=0 failed=0 st=0
for bin in "$@"; do
	out=$("$bin" 2>&1)
	rc=$?
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' <<<"$out" | tail -n 1)
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' <<<"$out" | tail -n 1)
	p=${p:-0} f=${f:-0}
	if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		f=1	# crashed or sanitizer abort before cmocka's summary
	fi
	passed=$((passed + p)) failed=$((failed + f))
	if [ "$rc" = 0 ] && [ "$f" = 0 ]; then
		echo "  ok   $(basename "$bin") ($p tests)"
	else
		st=1
		echo "  FAIL $(basename "$bin") (exit $rc)"
		grep -E 'FAILED|ERROR|error|Sanitizer|runtime error|^\[  (FAILED|ERROR)' <<<"$out" |
			head -n 20 | sed 's/^/       /'
	fi
done
echo "$label: $passed passed, $failed failed"
exit $st
