# Guest test: the fold and reweight trace events exist and fire while
# two groups ramp up on the CPUs, and the last fold of a group reports
# the group load that cpu.pelt shows (if no fold happened in between).
cg=/sys/fs/cgroup
tr=/sys/kernel/tracing
[ -d $tr/events ] || tr=/sys/kernel/debug/tracing
echo +cpu > $cg/cgroup.subtree_control
mkdir $cg/A $cg/B
ls -d $tr/events/sched/sched_tg_load_avg_fold $tr/events/sched/sched_group_reweight || exit 1

hog() { # group cpu
	sh -c "echo \$\$ > $cg/$1/cgroup.procs; exec taskset -c $2 sh -c 'while :; do :; done'" &
}
echo 1 > $tr/events/sched/sched_tg_load_avg_fold/enable
echo 1 > $tr/events/sched/sched_group_reweight/enable
hog A 0; ha=$!
hog B 0; hb=$!
sleep 0.5
hog B 1; hb1=$!
sleep 1.5
echo 0 > $tr/events/sched/sched_tg_load_avg_fold/enable
echo 0 > $tr/events/sched/sched_group_reweight/enable
echo "--- B/cpu.pelt"
cat $cg/B/cpu.pelt
echo "B cgroup id (inode): $(stat -c %i $cg/B)"
echo "--- trace"
grep -c sched_tg_load_avg_fold $tr/trace | sed 's/^/folds: /'
grep -c sched_group_reweight $tr/trace | sed 's/^/reweights: /'
grep -m3 sched_tg_load_avg_fold $tr/trace
grep -m3 sched_group_reweight $tr/trace
echo "last fold of B:"
grep "sched_tg_load_avg_fold.*cgroup_id=$(stat -c %i $cg/B) " $tr/trace | tail -1
kill $ha $hb $hb1
