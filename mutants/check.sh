#!/bin/bash
# check.sh KBASE FAIR CATALOGUE CFS_MUTANTS FUNCTIONS - the catalogue of
# one base still fits that base (make mutants-check; no build):
#   1. every patch applies to FAIR, the base's fair.c as make kernel
#      builds it (git apply --check: no fuzz), one case per patch;
#   2. the generator, run again on FAIR with the seed and sample size
#      the patches record, writes every catalogued patch byte for byte,
#      and every patch it writes is catalogued or listed in PRUNED.
# A series change that moves a mutated line fails 1; a generator change
# fails 2 until the catalogue is regenerated (make mutants-gen).
# Closing line: "mutants-check KBASE: N passed, M failed". Exit 1 on any
# failure, 2 usage.
set -uo pipefail
[ $# -eq 5 ] || {
	echo "usage: check.sh KBASE FAIR CATALOGUE CFS_MUTANTS FUNCTIONS" >&2
	exit 2
}
kbase=$1 fair=$2 cat=$3 gen=$4 functions=$5
pass=0 fail=0
bad() { echo "  FAIL $*"; fail=$((fail + 1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/kernel/sched" "$tmp/gen"
cp "$fair" "$tmp/kernel/sched/fair.c"
cat=$(cd "$cat" 2>/dev/null && pwd) || {
	echo "mutants-check $kbase: SKIP: no catalogue for $kbase"
	exit 0
}

n=0
for p in "$cat"/*.patch; do
	[ -e "$p" ] || break
	n=$((n + 1))
	if (cd "$tmp" && git apply --check "$p") 2>"$tmp/err"; then
		pass=$((pass + 1))
	else
		bad "$(basename "$p"): does not apply to $kbase: $(head -n 1 "$tmp/err")"
	fi
done
[ "$n" -gt 0 ] || bad "$cat: no patches"

# The seed and sample size, from the first patch's header line.
hdr=$(head -n 1 "$(ls "$cat"/*.patch | head -n 1)")
seed=$(sed -n 's/.*(seed \([0-9]*\), .*/\1/p' <<<"$hdr")
per=$(sed -n 's/.*, \([0-9]*\) per function).*/\1/p' <<<"$hdr")
if [ -z "$seed" ] || [ -z "$per" ]; then
	bad "$cat: first patch has no (seed S, N per function) header"
elif ! "$gen" --base "$kbase" --seed "$seed" --per-func "$per" \
	--functions "$functions" --out "$tmp/gen" "$fair" >/dev/null 2>"$tmp/err"; then
	bad "cfs-mutants failed: $(tail -n 1 "$tmp/err")"
else
	drift=0
	for p in "$tmp/gen"/*.patch; do
		name=$(basename "$p" .patch)
		if [ -e "$cat/$name.patch" ]; then
			cmp -s "$p" "$cat/$name.patch" || {
				bad "$name: the generator now writes it differently"
				drift=1
			}
		elif ! grep -q "^$name	" "$cat/PRUNED" 2>/dev/null; then
			bad "$name: generated, neither catalogued nor in PRUNED"
			drift=1
		fi
	done
	for p in "$cat"/*.patch; do
		[ -e "$tmp/gen/${p##*/}" ] || {
			bad "$(basename "$p"): catalogued, no longer generated"
			drift=1
		}
	done
	[ $drift = 1 ] || pass=$((pass + 1))
fi
echo "mutants-check $kbase: $pass passed, $fail failed"
[ "$fail" = 0 ]
