# check-lib.sh - sourced by the project's shell test scripts: counters and
# the assertions they share. Each script ends with
#   echo "<label>: $pass passed, $fail failed"; [ "$fail" = 0 ]
pass=0 fail=0

# check NAME CMD...: run CMD, count it passed or failed (naming NAME)
check() {
	if "${@:2}"; then pass=$((pass + 1)); else echo "FAIL: $1"; fail=$((fail + 1)); fi
}

# eq GOT WANT
eq() { [ "$1" = "$2" ] || { echo "  got '$1', want '$2'"; return 1; }; }

# has FILE TEXT: FILE contains TEXT (fixed string)
has() { grep -qF -- "$2" "$1" || { echo "  '$2' not in:"; sed 's/^/    /' "$1"; return 1; }; }
