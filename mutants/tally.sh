#!/bin/bash
# tally.sh KBASE ROOT CFSREPORT PATCH... - the kill matrix and kill rate
# of the mutants' runs under ROOT (run.sh's last step; run it again to
# redraw). Writes ROOT/kills.tsv (mutant, state, how, build s, boot s),
# ROOT/matrix.txt and ROOT/matrix.html (cfsreport matrix --labels: the
# unmutated run first, then one column per mutant) and ROOT/summary.txt,
# whose line it prints:
#   [mutants] 6.1: killed K of N (R %), S survived, D stillborn, U no run
# N is the mutants that built; a mutant with no run yet, or whose run the
# emulator killed (undecided), is counted as "no run".
set -uo pipefail
[ $# -ge 3 ] || { echo "usage: tally.sh KBASE ROOT CFSREPORT PATCH..." >&2; exit 2; }
kbase=$1 root=$2 cfsreport=$3
shift 3
last_run() { ls -d "$1"/2*/ 2>/dev/null | LC_ALL=C sort | tail -n 1 | sed 's:/$::'; }

killed=0 survived=0 dead=0 norun=0 runs=()
u=$(last_run "$root/unmutated")
[ -n "$u" ] && runs+=("$u")
printf 'mutant\tstate\thow\tbuild_s\tboot_s\n' >"$root/kills.tsv"
for p in "$@"; do
	name=$(basename "$p" .patch)
	dir=$root/$name
	run=$(last_run "$dir")
	b=$(cat "$dir/build.seconds" 2>/dev/null || echo -)
	s=$(cat "$dir/boot.seconds" 2>/dev/null || echo -)
	if [ -f "$dir/stillborn" ]; then
		state=stillborn how="does not build" dead=$((dead + 1))
	elif [ -z "$run" ]; then
		state=norun how="-" norun=$((norun + 1))
	else
		how=$("$cfsreport" kill "$run")
		case $? in
		0) state=killed killed=$((killed + 1)) ;;
		1) state=survived survived=$((survived + 1)) ;;
		*) state=undecided norun=$((norun + 1)) ;;
		esac
		runs+=("$run")
	fi
	printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$state" "$how" "$b" "$s" >>"$root/kills.tsv"
done
if [ ${#runs[@]} -gt 0 ]; then
	"$cfsreport" matrix --labels --html "$root/matrix.html" "${runs[@]}" \
		>"$root/matrix.txt"
fi
n=$((killed + survived))
rate=$( [ $n -gt 0 ] && echo "$((1000 * killed / n))" | sed -E 's/(.)$/.\1/; s/^\./0./' || echo -)
line="[mutants] $kbase: killed $killed of $n ($rate %), $survived survived, $dead stillborn, $norun no run; matrix: $root/matrix.html"
echo "$line" | tee "$root/summary.txt"
