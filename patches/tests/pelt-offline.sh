# Guest test (3 CPUs): a group's blocked load on a CPU that goes offline
# must leave tg->load_avg, and the group must then get its fair share.
#
# A and B have weight 100. A's task runs on CPU2, is stopped (its load is
# blocked there) and CPU2 is offlined. Then A and B each run two hogs,
# one pinned to CPU0 and one to CPU1; both groups should get the same
# CPU time.
cg=/sys/fs/cgroup
echo +cpu > $cg/cgroup.subtree_control
mkdir $cg/A $cg/B

hog() { # group cpu
	sh -c "echo \$\$ > $cg/$1/cgroup.procs; exec taskset -c $2 sh -c 'while :; do :; done'" &
}
usage() { sed -n 's/^usage_usec //p' $cg/$1/cpu.stat; }

hog A 2
a2=$!
sleep 2
echo "--- A/cpu.pelt before offline"
cat $cg/A/cpu.pelt
kill -STOP $a2
echo 0 > /sys/devices/system/cpu/cpu2/online
sleep 0.5
echo "--- A/cpu.pelt after offline"
cat $cg/A/cpu.pelt
kill -CONT $a2
sleep 0.2
kill $a2

hog A 0; hog A 1; hog B 0; hog B 1
sleep 3
echo "--- A/cpu.pelt under load"
cat $cg/A/cpu.pelt
echo "--- B/cpu.pelt under load"
cat $cg/B/cpu.pelt
for w in 1 2 3; do
	a0=$(usage A); b0=$(usage B)
	sleep 2
	a1=$(usage A); b1=$(usage B)
	echo "window $w: A $(( (a1 - a0) / 2000 )) ms/s B $(( (b1 - b0) / 2000 )) ms/s"
done
