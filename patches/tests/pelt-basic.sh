# Guest test: cpu.pelt exists, has one line per possible CPU and agrees
# with /sys/kernel/debug/sched/debug for the same cgroup and CPU.
cg=/sys/fs/cgroup
echo +cpu > $cg/cgroup.subtree_control
mkdir $cg/A
sh -c "echo \$\$ > $cg/A/cgroup.procs; exec taskset -c 0 sh -c 'while :; do :; done'" &
hog=$!
sleep 2
echo "--- A/cpu.pelt"
cat $cg/A/cpu.pelt
echo "--- debug"
awk '/^cfs_rq\[[0-9]+\]:\/A$/{p=1; print; next} /^cfs_rq|^rt_rq|^dl_rq/{p=0} p && /load_avg|weight|nr_running|contrib/' /sys/kernel/debug/sched/debug
echo "--- A/cpu.pelt again"
cat $cg/A/cpu.pelt
kill $hog
