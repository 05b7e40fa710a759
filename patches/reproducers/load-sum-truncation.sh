#!/bin/sh
# load-sum-truncation.sh - stand-alone reproducer of the 32-bit load_sum
# truncation of a heavy cfs_rq (patches/6.1/0008, patches/6.12/0001).
# Needs only busybox (sh, taskset, awk) and cgroup v2 with the cpu
# controller; run as root on a machine (or guest) with 2+ CPUs that is
# otherwise idle. No project code.
#
#   S (cpu.weight 100): S/a, S/b, S/c, S/d (cpu.weight 10000 each)
#   T (cpu.weight 100)
#   CPU0: S/a churn, S/b hog, T hog      CPU1: S/c churn, S/d hog, T hog
#
# S and T have the same placement on both CPUs, so each must get 1/2 of
# the CPU time the two of them use. S's cfs_rq weighs ~204800 on each
# CPU, so its load_sum is above 2^32; every fork and exit in S/a and S/c
# is propagated to it by update_tg_cfs_load(), whose
# max_t(u32, load_sum, ...) clamp truncates load_sum to 32 bits on a
# kernel without the fix: S's load_avg collapses, its contribution to
# tg->load_avg with it, and S gets more than 1/2.
#
# MODE=duty instead of the fork/exit churn runs a task that sleeps and
# wakes every 10 ms in S/a and S/c (the reweight_entity() path), with S/a
# and S/c also running a hog on the other CPU so their shares change.
#
# usage: load-sum-truncation.sh [SECONDS]   (default 5; prints the split)
#
# Measured (QEMU TCG, 2 vCPUs, patches/tests/run-guest.sh, churn mode, 5 s):
# stock 6.12.118 "S share 0.5910"; with patches/6.12/0001 "S share 0.5100",
# S's load_avg 204818 / 204834 at the end of the window (not truncated).
# The 0.51 left on the fixed kernel is PELT's estimate of a group
# entity's load after fork/exit, which the kernel means (nested/
# heavy-children-churn.scn). The duty mode is not measured yet.
set -eu

secs=${1:-5}
mode=${MODE:-churn}
cg=/sys/fs/cgroup
[ -w "$cg/cgroup.subtree_control" ] || { echo "no writable cgroup v2 at $cg" >&2; exit 2; }

echo +cpu > "$cg/cgroup.subtree_control"
mkdir -p "$cg/S" "$cg/T"
echo 100 > "$cg/S/cpu.weight"
echo 100 > "$cg/T/cpu.weight"
echo +cpu > "$cg/S/cgroup.subtree_control"
for c in a b c d; do
	mkdir -p "$cg/S/$c"
	echo 10000 > "$cg/S/$c/cpu.weight"
done

pids=
# run GROUP CPU COMMAND: start COMMAND pinned to CPU inside GROUP
run() {
	sh -c "echo \$\$ > $cg/$1/cgroup.procs; exec taskset -c $2 sh -c '$3'" &
	pids="$pids $!"
}
hog='while :; do :; done'
churn='while :; do (:); done'
duty='while :; do i=0; while [ \$i -lt 200 ]; do i=\$((i + 1)); done; usleep 8000; done'

if [ "$mode" = duty ]; then
	run S/a 0 "$hog"; run S/a 1 "$hog"; run S/a 0 "$duty"
	run S/b 0 "$hog"; run S/b 1 "$hog"
	run S/c 0 "$hog"; run S/c 1 "$hog"; run S/c 1 "$duty"
	run S/d 0 "$hog"; run S/d 1 "$hog"
else
	run S/a 0 "$churn"; run S/b 0 "$hog"
	run S/c 1 "$churn"; run S/d 1 "$hog"
fi
run T 0 "$hog"; run T 1 "$hog"

usage() { awk '$1 == "usage_usec" { print $2 }' "$cg/$1/cpu.stat"; }
sleep 2
s0=$(usage S); t0=$(usage T)
sleep "$secs"
s1=$(usage S); t1=$(usage T)
if [ -r /sys/kernel/debug/sched/debug ]; then
	# read while the load runs: ~204800 per CPU when not truncated
	loads=$(awk '/^cfs_rq\[[0-9]+\]:\/S$/ { on = 1; cpu = $1; next }
	     /^cfs_rq/ { on = 0 }
	     on && $1 == ".load_avg" { printf "  %s load_avg %s\n", cpu, $3 }' \
		/sys/kernel/debug/sched/debug)
fi
kill $pids 2>/dev/null || true
# the churn loops' children and the hogs are gone once their shells are
for g in S T; do
	for p in $(cat "$cg/$g/cgroup.procs" "$cg"/$g/*/cgroup.procs 2>/dev/null); do
		kill -9 "$p" 2>/dev/null || true
	done
done

echo "kernel $(uname -r), mode $mode, $secs s"
awk -v s=$((s1 - s0)) -v t=$((t1 - t0)) 'BEGIN {
	printf "S %.1f ms, T %.1f ms: S share %.4f (expected 0.5000)\n",
	       s / 1000, t / 1000, s / (s + t)
}'
if [ -n "${loads:-}" ]; then
	echo "S's cfs_rq load_avg per CPU at the end of the window" \
	     "(sched/debug; ~204800 when not truncated):"
	echo "$loads"
fi
