#!/bin/bash
# run.sh KBASE KTREE CATALOGUE ROOT SCENARIOS [MUTANT...] - make mutants.
#
# KTREE is the base's kernel folder of make kernel (src-*/, obj/,
# bzImage). First make kernel brings it to the base + series and the
# unmutated kernel boots the suite (ROOT/unmutated/); if that run fails a
# scenario or its guest dies, the whole run is void: it says so and exits
# 1. Then, for each mutant (CATALOGUE/*.patch, or those named: numbers
# or names), one hold of MUTANTS_LOCK (if set):
#   apply    git apply to the tree's fair.c
#   build    make bzImage in the tree's object folder (incremental: fair.o
#            and the link), the image copied to ROOT/<mutant>/bzImage
#   restore  fair.c checked out again (also on exit, whatever the cause:
#            the tree is never left mutated)
#   boot     make run KERNEL=that image RUN_LABEL=<mutant>
# A mutant that does not build is stillborn (ROOT/<mutant>/stillborn). A
# mutant whose run decided it (cfsreport kill: killed or survived), or that
# is stillborn, is not redone: the run resumes. A run the emulator killed
# (TCG's int3 fault, not the kernel) decides nothing and is booted again. One progress line per mutant; at the end
#   ROOT/kills.tsv     mutant, state, how, build s, boot s
#   ROOT/matrix.txt, ROOT/matrix.html   cfsreport matrix --labels
#   ROOT/summary.txt   the kill rate: killed / (mutants - stillborn)
# Exit: 0, 1 void or an error, 2 usage.
set -uo pipefail
[ $# -ge 5 ] || {
	echo "usage: run.sh KBASE KTREE CATALOGUE ROOT SCENARIOS [MUTANT...]" >&2
	exit 2
}
kbase=$1 ktree=$2 cat=$3 root=$4 scenarios=$5
shift 5
make=${MAKE:-make}
cfsreport=${CFSREPORT:-build/report/cfsreport}
lock=${MUTANTS_LOCK:-}
say() { echo "[mutants] $*"; }
die() { echo "[mutants] error: $*" >&2; exit 1; }

# --- which mutants -------------------------------------------------------
all=("$cat"/*.patch)
[ -e "${all[0]}" ] || die "$cat: no mutants (make mutants-gen KBASE=$kbase)"
mutants=()
if [ $# = 0 ]; then
	mutants=("${all[@]}")
else
	for want in "$@"; do
		m=$(ls "$cat/$want"*.patch "$cat/$want" 2>/dev/null | head -n 1)
		[ -n "$m" ] || die "MUTANTS: $want: not in $cat"
		mutants+=("$m")
	done
fi

hold() { [ -z "$lock" ] || flock 9; }
release() { [ -z "$lock" ] || flock -u 9; }
[ -z "$lock" ] || exec 9>>"$lock"
mkdir -p "$root"
root=$(cd "$root" && pwd)
mkdir -p "$ktree" && ktree=$(cd "$ktree" && pwd) || die "$2: cannot make that folder"

last_run() { ls -d "$1"/2*/ 2>/dev/null | LC_ALL=C sort | tail -n 1 | sed 's:/$::'; }
# A run that decided its mutant (killed or survived; not an emulator fault).
finished() {
	local rc
	[ -n "$1" ] || return 1
	rc=$("$cfsreport" kill "$1" >/dev/null 2>&1; echo $?)
	[ "$rc" = 0 ] || [ "$rc" = 1 ]
}

# boot DIR LABEL IMAGE [META]: the suite on IMAGE, results in DIR/<run>/.
boot() {
	$make run KERNEL="$3" KERNEL_META="${4:-$ktree/kernel.json}" \
		SCENARIOS="$scenarios" RESULTS_DIR="$1" RUN_LABEL="$2" \
		>"$1/boot.log" 2>&1
}

# --- the unmutated kernel -------------------------------------------------
hold
$make kernel KBASE="$kbase" >"$root/kernel.log" 2>&1 ||
	{ release; die "make kernel KBASE=$kbase failed (see $root/kernel.log)"; }
src=$(ls -d "$ktree"/src-*/ | head -n 1)
src=${src%/}
git -C "$src" diff --quiet HEAD ||
	{ release; die "$src has local changes: not a base to mutate"; }
dir=$root/unmutated
mkdir -p "$dir"
run=$(last_run "$dir")
if ! finished "$run"; then
	start=$(date +%s)
	boot "$dir" unmutated "$ktree/bzImage"
	echo "$(($(date +%s) - start))" >"$dir/boot.seconds"
	run=$(last_run "$dir")
fi
release
[ -n "$run" ] || die "the unmutated kernel produced no run (see $dir/boot.log)"
verdict=$("$cfsreport" kill "$run")
if [ $? != 1 ]; then	# failed, died, or an emulator fault: no baseline
	say "VOID: the unmutated $kbase kernel is $verdict ($run); no mutant can be judged"
	exit 1
fi
say "0/${#mutants[@]} unmutated: $verdict $(cat "$dir/boot.seconds" 2>/dev/null || echo '?') s"

# --- the mutants ------------------------------------------------------------
restore() { git -C "$src" checkout -q HEAD -- kernel/sched/fair.c; }
trap 'restore' EXIT
trap 'exit 130' INT TERM

# build_one PATCH DIR: apply, build, copy the image, restore; 1 stillborn.
build_one() {
	local p=$1 dir=$2 rc=0 start
	start=$(date +%s)
	git -C "$src" apply "$(cd "$(dirname "$p")" && pwd)/${p##*/}" \
		>"$dir/build.log" 2>&1 || rc=1
	if [ $rc = 0 ]; then
		ARCH=x86_64 make -C "$src" O="$ktree/obj" -j"$(nproc)" bzImage \
			>>"$dir/build.log" 2>&1 || rc=1
	fi
	[ $rc = 0 ] && cp "$ktree/obj/arch/x86/boot/bzImage" "$dir/bzImage"
	restore
	echo "$(($(date +%s) - start))" >"$dir/build.seconds"
	return $rc
}

i=0
for p in "${mutants[@]}"; do
	i=$((i + 1))
	name=$(basename "$p" .patch)
	dir=$root/$name
	mkdir -p "$dir"
	run=$(last_run "$dir")
	if [ ! -f "$dir/stillborn" ] && ! finished "$run"; then
		hold
		if build_one "$p" "$dir"; then
			start=$(date +%s)
			sed "s|\"source\":\"\([^\"]*\)\"|\"source\":\"\1 + mutant $name\"|" \
				"$ktree/kernel.json" >"$dir/kernel.json"
			boot "$dir" "$name" "$dir/bzImage" "$dir/kernel.json"
			echo "$(($(date +%s) - start))" >"$dir/boot.seconds"
			rm -f "$dir/bzImage"
		else
			touch "$dir/stillborn"
		fi
		release
		run=$(last_run "$dir")
	fi
	secs=$(( $(cat "$dir/build.seconds" 2>/dev/null || echo 0) +
		$(cat "$dir/boot.seconds" 2>/dev/null || echo 0) ))
	if [ -f "$dir/stillborn" ]; then
		say "$i/${#mutants[@]} $name: stillborn (does not build: $dir/build.log)"
	elif [ -n "$run" ]; then
		say "$i/${#mutants[@]} $name: $("$cfsreport" kill "$run") $secs s"
	else
		say "$i/${#mutants[@]} $name: no run (see $dir/boot.log)"
	fi
done
restore
trap - EXIT
exec "$(dirname "$0")/tally.sh" "$kbase" "$root" "$cfsreport" "${mutants[@]}"
