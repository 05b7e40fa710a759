#!/bin/sh
# Run the kernel's scripts/checkpatch.pl --strict on every patch listed in
# PATCHDIR/series; fail on any error or warning. --strict CHECKs are
# printed and counted but do not fail (TRACE_EVENT() definitions cannot
# avoid OPEN_ENDED_LINE / PARENTHESIS_ALIGNMENT checks).
#
# usage: check-patches.sh TARBALL PATCHDIR WORKDIR
set -eu

tarball=$1
patchdir=$2
work=$3

say() { echo "[check-patches] $*"; }

mkdir -p "$work"
work=$(cd "$work" && pwd)
patchdir=$(cd "$patchdir" && pwd)
scripts=$work/scripts
if [ ! -x "$scripts/checkpatch.pl" ]; then
	say "extracting checkpatch from $tarball"
	rm -rf "$work/tmp"
	mkdir -p "$work/tmp"
	tar -xJf "$tarball" -C "$work/tmp" --strip-components=1 \
		--wildcards '*/scripts/checkpatch.pl' '*/scripts/spelling.txt' \
		'*/scripts/const_structs.checkpatch'
	mv "$work/tmp/scripts" "$scripts"
	rm -rf "$work/tmp"
fi

n=0
bad=0
checks=0
while IFS= read -r p; do
	case $p in ''|'#'*) continue ;; esac
	n=$((n + 1))
	# Run outside any git repository: the series cites upstream commits
	# that a local repository cannot resolve. Without git, checkpatch
	# reports every cited id (commit <id>, Fixes: <id>) as unknown, so
	# that one type is ignored; the form of the citation is still
	# checked (GIT_COMMIT_ID).
	out=$(cd "$work" && perl "$scripts/checkpatch.pl" --strict \
		--no-tree --ignore UNKNOWN_COMMIT_ID --show-types \
		--color=never "$patchdir/$p" 2>&1) || true
	total=$(echo "$out" | sed -n 's/^total: //p')
	e=$(echo "$total" | sed -n 's/^\([0-9]*\) errors.*/\1/p')
	w=$(echo "$total" | sed -n 's/.* \([0-9]*\) warnings.*/\1/p')
	c=$(echo "$total" | sed -n 's/.* \([0-9]*\) checks.*/\1/p')
	if [ -z "$e" ] || [ -z "$w" ] || [ -z "$c" ]; then
		echo "$out"
		say "FAIL $n $p: no checkpatch summary"
		bad=$((bad + 1))
	elif [ "$e" -ne 0 ] || [ "$w" -ne 0 ]; then
		echo "$out"
		say "FAIL $n $p: $total"
		bad=$((bad + 1))
	else
		[ "$c" -eq 0 ] || echo "$out" | grep -A3 '^CHECK:'
		say "ok $n $p: $total"
		checks=$((checks + c))
	fi
done <"$patchdir/series"

[ "$bad" -eq 0 ] || { say "$bad of $n patches are not clean"; exit 1; }
say "all $n patches: 0 errors, 0 warnings ($checks --strict checks)"
