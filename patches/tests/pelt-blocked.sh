# Guest benchmark: cost of update_blocked_averages() against the number
# of cgroups with blocked load (sched/blocked_averages counters).
#
# For N groups, every group has one task that wakes every 20 ms and
# sleeps again, so that the group's cfs_rqs carry blocked load and stay
# on the leaf lists; one hog keeps CPU0 busy in the root. Counters are
# reset, then read after 1 s.
cg=/sys/fs/cgroup
ba=/sys/kernel/debug/sched/blocked_averages
echo +cpu > $cg/cgroup.subtree_control
cat $ba
taskset -c 0 sh -c 'while :; do :; done' &
hog=$!
made=0
for n in 1 16 64; do
	while [ $made -lt $n ]; do
		made=$((made + 1))
		mkdir $cg/g$made
		sh -c "echo \$\$ > $cg/g$made/cgroup.procs; exec sh -c 'while :; do usleep 20000; done'" &
	done
	sleep 0.5
	echo 0 > $ba
	sleep 1
	echo "--- groups=$n"
	cat $ba
	awk -v n=$n '{for (i=2;i<=NF;i++){split($i,a,"="); s[a[1]]+=a[2]; if (a[1]=="lock_ns_max" && a[2]>mx) mx=a[2]}}
	     END{printf "groups=%d calls=%d cfs_rqs=%d cfs_rqs_per_call=%.1f ns_per_call=%.0f max_ns=%d\n",
	         n, s["calls"], s["cfs_rqs"], s["calls"] ? s["cfs_rqs"]/s["calls"] : 0,
	         s["calls"] ? s["lock_ns_total"]/s["calls"] : 0, mx}' $ba
done
kill $hog
