#!/bin/bash
# matrix.sh ROOT SPEC... - the suite (SCENARIOS) on several kernels, one
# table kernel x scenario (cfsreport matrix: ROOT/matrix.html and the text
# table on stdout). SPEC is what make acceptance takes as KERNEL_PKG (a
# package, a line such as 7.3, a .deb or a vmlinuz), or patched:BASE for
# the project's own patched kernel of that base (make kernel KBASE=BASE).
#
# Each kernel's runs go to ROOT/<name>/; a kernel whose last run finished
# (the runner's exit code recorded: pass, fail, skip or inconclusive) is
# not booted again, so an interrupted matrix resumes where it stopped. A
# guest that died (panic, hang, emulator fault) is a cell state, booted
# again on the next call. One progress line per kernel.
set -uo pipefail
[ $# -ge 2 ] || { echo "usage: matrix.sh ROOT SPEC..." >&2; exit 2; }
root=$1
shift
make=${MAKE:-make}
cfsreport=${CFSREPORT:-build/report/cfsreport}
say() { echo "[matrix] $*"; }
mkdir -p "$root"

# The last run of a kernel's folder, or nothing.
last_run() {
	ls -d "$1"/2*/ 2>/dev/null | LC_ALL=C sort | tail -n 1 | sed 's:/$::'
}

# Did RUN finish (the runner's own exit code: 0, 1, 4 or 5)?
finished() {
	local rc
	[ -n "$1" ] || return 1
	rc=$("$cfsreport" verdict "$1" >/dev/null 2>&1; echo $?)
	case "$rc" in 0|1|4|5) return 0 ;; *) return 1 ;; esac
}

boot() {
	local spec=$1 dir=$2
	case "$spec" in
	patched:*)
		$make --no-print-directory kernel KBASE="${spec#patched:}" &&
		$make --no-print-directory run KBASE="${spec#patched:}" \
			RESULTS_DIR="$dir" RUN_LABEL="${spec/:/-}" ;;
	*)
		$make --no-print-directory acceptance KERNEL_PKG="$spec" \
			RESULTS_DIR="$dir" ;;
	esac
}

n=$# i=0 runs=()
for spec in "$@"; do
	i=$((i + 1))
	name=$(printf '%s' "$spec" | tr -c 'A-Za-z0-9.+_-' '_')
	dir=$root/$name
	run=$(last_run "$dir")
	if finished "$run"; then
		say "$i/$n $spec: done before ($run)"
	else
		say "$i/$n $spec: booting (log: $dir.log)"
		mkdir -p "$dir"
		start=$(date +%s)
		boot "$spec" "$dir" >"$dir.log" 2>&1
		run=$(last_run "$dir")
		say "$i/$n $spec: $(grep -h '^\[run\] verdict:' "$dir.log" | tail -n 1 |
			sed 's/^\[run\] verdict: //') ($(($(date +%s) - start)) s)"
	fi
	[ -n "$run" ] && runs+=("$run")
done
[ ${#runs[@]} -gt 0 ] || { say "no kernel produced a run"; exit 1; }
"$cfsreport" matrix --html "$root/matrix.html" "${runs[@]}"
say "table: $root/matrix.html"
