#!/bin/bash
# check-commits.sh - hold the history to CONTRIBUTING.md's subject rule:
# every non-merge, non-revert commit that came after the commit adding
# this script (reachable from HEAD, not an ancestor of that commit, and
# committed after it) has the subject "area: summary", at most 72
# characters. The area is a word, a path or a comma-separated list of
# them ("report", "docs/verdict.md", "verdict, runner").
#
# The rule itself is first run on fixed subjects, each counted as a check,
# so that a broken pattern fails here rather than passing everything.
# Ends with "commits: N passed, M failed" (N: rule cases + commits), or
# with "commits: SKIP: why" where the history cannot be read: outside a
# git checkout, on a shallow clone, or before this script is committed.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
export LC_ALL=C.UTF-8	# ${#s} counts characters, not bytes
self=tests/check-commits.sh
max=72
area='[A-Za-z0-9._/+-]+(, ?[A-Za-z0-9._/+-]+)*'
pass=0 fail=0

# subject_ok SUBJECT: the rule, 0 when SUBJECT keeps it
subject_ok() {
	[ "${#1}" -le $max ] && [[ $1 =~ ^$area:\ [^\ ] ]]
}

expect() {	# expect ok|bad SUBJECT: a fixed case of the rule
	local got=bad
	subject_ok "$2" && got=ok
	if [ "$got" = "$1" ]; then
		pass=$((pass + 1))
	else
		echo "commits: rule case '$2': want $1, got $got"
		fail=$((fail + 1))
	fi
}

if ! git rev-parse --git-dir >/dev/null 2>&1; then
	echo "commits: SKIP: not a git checkout, no history to check"
	exit 0
fi
if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
	echo "commits: SKIP: shallow clone, the history is cut (git fetch --unshallow)"
	exit 0
fi
add=$(git log --diff-filter=A --format=%H -- "$self" | tail -n 1)
if [ -z "$add" ]; then
	echo "commits: SKIP: $self is not committed yet, nothing to count from"
	exit 0
fi

expect ok "report: one verdict line for JOBS=1 and JOBS=N"
expect ok "verdict, runner: split the measured split from the model"
expect ok "docs/verdict.md: say what a look is"
expect bad "report one verdict line"
expect bad "report:one verdict line"
expect bad ": no area"
expect bad "report:  two spaces"
expect bad "runner: $(printf '%066d' 0)"	# 74 characters

since=$(git log -1 --format=%ct "$add")
n=0
while IFS=$'\t' read -r hash ct subject; do
	[ "$ct" -ge "$since" ] || continue
	case "$subject" in 'Revert "'*) continue ;; esac
	n=$((n + 1))
	if subject_ok "$subject"; then
		pass=$((pass + 1))
	else
		echo "commits: ${hash:0:12} (${#subject} characters): $subject"
		fail=$((fail + 1))
	fi
done < <(git log --no-merges --format=$'%H\t%ct\t%s' "$add..HEAD")
[ "$fail" = 0 ] || echo "commits: the rule: 'area: summary', at most $max characters (CONTRIBUTING.md)"
echo "commits: $n commits after ${add:0:12} checked"
echo "commits: $pass passed, $fail failed"
[ "$fail" = 0 ]
