# Guest benchmark: fold rate into tg->load_avg per setting of the
# propagation knobs (tg_load_avg_shift, TG_LOAD_RATELIMIT), counted with
# the sched_tg_load_avg_fold event, and the CPU split of the groups.
#
# Four groups of weight 100, each with one unpinned hog and two tasks
# that run ~1 ms and sleep ~2 ms, so loads change and tasks migrate.
cg=/sys/fs/cgroup
tr=/sys/kernel/tracing
dbg=/sys/kernel/debug/sched
echo +cpu > $cg/cgroup.subtree_control
WIN=${WIN:-3}

spawn() { # group script
	sh -c "echo \$\$ > $cg/$1/cgroup.procs; exec sh -c '$2'" &
}
for g in G1 G2 G3 G4; do
	mkdir $cg/$g
	spawn $g 'while :; do :; done'
	spawn $g 'while :; do usleep 2000; i=0; while [ $i -lt 60 ]; do i=$((i+1)); done; done'
	spawn $g 'while :; do usleep 2000; i=0; while [ $i -lt 60 ]; do i=$((i+1)); done; done'
done
sleep 1

usage() { sed -n 's/^usage_usec //p' $cg/$1/cpu.stat; }
now_cs() { sed 's/^\([0-9]*\)\.\([0-9][0-9]\).*/\1\2/' /proc/uptime; }
# staleness: |tg load_avg - sum of the CPUs' load_avg| of G1, sampled
stale() {
	awk '/^tg /{split($2,a,"="); tg=a[2]} /^cpu/{split($9,b,"="); s+=b[2]}
	     END{d=tg-s; if (d<0) d=-d; print d}' $cg/G1/cpu.pelt
}

run() { # label shift feature
	echo $2 > $dbg/tg_load_avg_shift
	echo $3 > $dbg/features
	sleep 0.5
	echo > $tr/trace
	u1=$(usage G1); u2=$(usage G2); u3=$(usage G3); u4=$(usage G4)
	echo 1 > $tr/events/sched/sched_tg_load_avg_fold/enable
	c0=$(now_cs)
	st=0; n=0
	t=0
	while [ $t -lt $((WIN * 10)) ]; do
		sleep 0.1
		st=$((st + $(stale))); n=$((n + 1)); t=$((t + 1))
	done
	echo 0 > $tr/events/sched/sched_tg_load_avg_fold/enable
	cs=$(($(now_cs) - c0))
	v1=$(usage G1); v2=$(usage G2); v3=$(usage G3); v4=$(usage G4)
	folds=$(sed -n 's/.*entries-written: [0-9]*\/\([0-9]*\).*/\1/p' $tr/trace | head -1)
	echo "$1 shift=$2 $3 window_cs=$cs folds_per_s=$((folds * 100 / cs))" \
	     "mean_abs_staleness=$((st / n))" \
	     "G1=$(( (v1 - u1) / (cs * 10) )) G2=$(( (v2 - u2) / (cs * 10) ))" \
	     "G3=$(( (v3 - u3) / (cs * 10) )) G4=$(( (v4 - u4) / (cs * 10) )) ms/s"
}

cat $dbg/tg_load_avg_shift
grep -o 'TG_LOAD_RATELIMIT' $dbg/features
for rep in 1 2; do
	run "rep$rep" 6 NO_TG_LOAD_RATELIMIT
	run "rep$rep" 3 NO_TG_LOAD_RATELIMIT
	run "rep$rep" 10 NO_TG_LOAD_RATELIMIT
	run "rep$rep" 6 TG_LOAD_RATELIMIT
	run "rep$rep" 3 TG_LOAD_RATELIMIT
done
echo "--- knob range"
for v in 0 1 63 64 x 6; do
	if echo $v > $dbg/tg_load_avg_shift 2>/dev/null; then r=ok; else r=rejected; fi
	echo "shift $v: $r -> $(cat $dbg/tg_load_avg_shift)"
done
