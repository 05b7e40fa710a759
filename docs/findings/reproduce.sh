#!/bin/bash
# reproduce.sh FINDING KERNEL [BOOTS] - one finding's scenario on one
# kernel, booted in QEMU; prints PASS, FAIL, INCONCLUSIVE or PANIC per
# boot with the decisive numbers of the scenario's result.
#
#   FINDING  a folder under docs/findings/ (the table below names its
#            scenario and vCPU count)
#   KERNEL   a Debian kernel package name (the host's apt, or else the
#            project's private index, tools/private-apt.sh), a .deb, or a
#            bzImage/vmlinuz
#   BOOTS    boots in a row (default 1); each is one `make acceptance`
#
# It is `make acceptance KERNEL_PKG=... SCENARIOS=<the scenario>` and
# nothing more: the package is unpacked under build/acceptance, never
# installed, and nothing is loaded into the host. Run it from any folder;
# it runs make in the project's top folder. Exit status: that of the last
# boot (README.md's exit codes: 0 pass, 1 fail, 5 inconclusive, 10 panic).
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,17p' "$0" >&2; exit 2; }
finding=$1 kernel=$2 boots=${3:-1}
top=$(cd "$(dirname "$0")/../.." && pwd)
cpus=2 runs=1
case $finding in
load-sum-truncation)        scn=nested/heavy-children-reweight.scn ;;
offlined-cpu-contribution)  scn=hotplug/offline-sleeping.scn ;;
stale-group-weight-hz250)   scn=regressions/load-sum-sync-7c7ad626d9a0.scn ;;
sched-debug-avg-vruntime-race) scn=regressions/sched-debug-avg-vruntime-e08d007f9d81.scn; runs=5 ;;
unfolded-last-dequeue)      scn=regressions/blocked-tg-contrib-duty-02da26ad5ed6.scn; cpus=4 ;;
*) echo "reproduce: no scenario for '$finding' (sleeping-task-vruntime has none: see its README)" >&2
   exit 2 ;;
esac

# A package name the host's apt does not know comes from the private index.
spec=$kernel
[ ! -e "$kernel" ] || spec=$(realpath "$kernel")
if [ ! -e "$kernel" ] && ! apt-cache show "$kernel" >/dev/null 2>&1; then
	dir=$top/build/acceptance/private
	ls "$dir/${kernel}"_*.deb >/dev/null 2>&1 ||
		(cd "$top" && tools/private-apt.sh download "$dir" "$kernel")
	spec=$(ls "$dir/${kernel}"_*.deb | head -n 1)
fi

# A race needs exposure: such a finding runs its scenario several times a boot.
scns=$(for _ in $(seq 1 "$runs"); do printf 'cgroup-scenarios/%s ' "$scn"; done)

st=0
for i in $(seq 1 "$boots"); do
	# make exits 2 whenever its recipe fails; the run's own exit code is
	# on the runner's "[run] verdict: ... exit N)" line.
	log=$(mktemp)
	(cd "$top" && make --no-print-directory acceptance KERNEL_PKG="$spec" \
		GUEST_CPUS=$cpus SCENARIOS="$scns") 2>&1 | tee "$log" >&2 || true
	st=$(sed -n 's/^\[run\] verdict: .*exit \([0-9]*\)).*/\1/p' "$log" | tail -n 1)
	rm -f "$log"
	st=${st:-2}
	case $st in
	0) v=PASS ;; 1) v=FAIL ;; 5) v=INCONCLUSIVE ;; 10) v=PANIC ;; *) v="ERROR (exit $st)" ;;
	esac
	echo "$finding $(basename "$kernel") boot $i/$boots: $v"
	# The decisive numbers as the runner printed them: each group's
	# measured share, the kernel model and the golden expectation (the
	# cfs_rq load_avg per CPU over the run is in the report's plots).
	grep -E '^ +# [^ ]+: (measured|expected) ' \
		"$top/results/latest/results.ktap" 2>/dev/null | sed 's/^ *# /  /' || true
done
exit "$st"
