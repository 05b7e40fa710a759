# Guest test (7.3 series): KUnit results of the share functions, cpu.pelt
# of a flat group (A, weight 100, one hog on CPU0) and a nested one (B,
# weight 200, whose child C has a hog on each CPU) next to sched/debug,
# the fold and reweight events, sched/blocked_averages, A's cpu.pelt
# after switching sched/cgroup_mode to smp, and C's after the hogs end.
#   patches/tests/run-guest.sh build/kernel-7.3/bzImage patches/tests/pelt-73.sh
cg=/sys/fs/cgroup
tr=/sys/kernel/tracing
[ -d $tr/events ] || tr=/sys/kernel/debug/tracing
echo "--- kunit"
dmesg | grep -E "sched_fair_group_shares|# group_|ok [0-9]+ group_|not ok" | head -40
echo "--- cgroup_mode: $(cat /sys/kernel/debug/sched/cgroup_mode)"
echo +cpu > $cg/cgroup.subtree_control
mkdir $cg/A $cg/B
echo 200 > $cg/B/cpu.weight
echo +cpu > $cg/B/cgroup.subtree_control
mkdir $cg/B/C
hog() { # group cpu
	sh -c "echo \$\$ > $cg/$1/cgroup.procs; exec taskset -c $2 sh -c 'while :; do :; done'" &
}
echo 1 > $tr/events/sched/sched_tg_load_avg_fold/enable
echo 1 > $tr/events/sched/sched_group_reweight/enable
hog A 0; h1=$!
hog B/C 0; h2=$!
hog B/C 1; h3=$!
sleep 2
echo 0 > $tr/events/sched/sched_tg_load_avg_fold/enable
echo 0 > $tr/events/sched/sched_group_reweight/enable
for g in A B B/C; do echo "--- $g/cpu.pelt"; cat $cg/$g/cpu.pelt; done
echo "--- debug"
awk '/^cfs_rq\[[0-9]+\]:\/(A|B|B\/C)$/{p=1; print; next} /^cfs_rq|^rt_rq|^dl_rq/{p=0} p && /load_avg|weight|contrib/' /sys/kernel/debug/sched/debug
echo "--- trace"
grep -c sched_tg_load_avg_fold $tr/trace | sed 's/^/folds: /'
grep -c sched_group_reweight $tr/trace | sed 's/^/reweights: /'
grep -m3 sched_tg_load_avg_fold $tr/trace
grep -m3 sched_group_reweight $tr/trace
echo "--- blocked_averages"
cat /sys/kernel/debug/sched/blocked_averages 2>&1
echo smp > /sys/kernel/debug/sched/cgroup_mode
sleep 1
echo "--- smp: A/cpu.pelt"; cat $cg/A/cpu.pelt
kill $h1 $h2 $h3
sleep 0.5
echo "--- after kill: B/C/cpu.pelt"; cat $cg/B/C/cpu.pelt
