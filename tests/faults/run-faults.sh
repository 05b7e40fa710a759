#!/bin/bash
# run-faults.sh [--quick] [FAULT...] - fault-injection tests of the guest
# pipeline: boot the kernel in QEMU through initramfs/qemu-run.sh with test
# initramfs images, inject one fault each, and check the launcher's verdict:
# its exit code, the message naming the scenario, meta.json, and that the
# results completed before the fault are still in results.ktap and
# results.jsonl.
#
#   --quick   only the cheap faults (a fake runner, no real scenarios but
#             the panic one): what `make test` runs, < 2 minutes
#   FAULT...  run only these (names as printed)
#
# Environment: KERNEL (build/kernel/bzImage), RUNNER (build/conformance/conform),
# BUILD (build), FAULT_TMP (a fresh mktemp -d; results are kept there, never
# in results/; removed after a clean run unless FAULT_KEEP=1 or FAULT_TMP
# was given), ACCEL (tcg), FAULT_IDLE (idle deadline of the hang tests, 10),
# LAUNCHER (initramfs/qemu-run.sh), FAULT_APPEND (kernel arguments added to
# every boot, default no_timer_check), REPORT (the cfsreport binary: when set,
# the report of a stopped run is checked too).
#
# Each fault prints "ok|FAIL NAME: outcome (exit N, S s)"; the last line is
# "faults: N passed, M failed". Nothing is loaded into the host kernel.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root" || exit 2
BUILD=${BUILD:-build}
KERNEL=${KERNEL:-$BUILD/kernel/bzImage}
RUNNER=${RUNNER:-$BUILD/conformance/conform}
ACCEL=${ACCEL:-tcg}
FAULT_IDLE=${FAULT_IDLE:-10}
LAUNCHER=${LAUNCHER:-initramfs/qemu-run.sh}
# A loaded host can make a TCG guest fail the kernel's IO-APIC timer check
# ("IO-APIC + timer doesn't work!" panic at boot): skip it, as VM
# launchers do; the faults under test come later.
FAULT_APPEND=${FAULT_APPEND-no_timer_check}
quick=0
only=()
for a in "$@"; do
	case "$a" in
	--quick) quick=1 ;;
	-*) echo "run-faults.sh: unknown option $a" >&2; exit 2 ;;
	*) only+=("$a") ;;
	esac
done

[ -r "$KERNEL" ] || { echo "[faults] no kernel $KERNEL (make kernel)" >&2; exit 2; }
[ -x "$RUNNER" ] || { echo "[faults] no runner $RUNNER (make runner)" >&2; exit 2; }
tmp=${FAULT_TMP:-$(mktemp -d /tmp/faults.XXXXXX)}
mkdir -p "$tmp"
echo "[faults] kernel $KERNEL, runner $RUNNER, work dir $tmp"

scn=tests/faults/scenarios
passed=0 failed=0
declare -a summary=()

# ---- building test images -------------------------------------------------

# The static stand-in runner (tests/faults/progs/fake-runner.c).
fake_runner() {
	local bin=$tmp/fake-runner
	if [ ! -x "$bin" ] || [ "$here/progs/fake-runner.c" -nt "$bin" ]; then
		gcc -std=gnu11 -O2 -Wall -Wextra -Werror -static \
			-o "$bin" "$here/progs/fake-runner.c" || return 1
	fi
	echo "$bin"
}

# image OUT RUNNER SCENARIO... : initramfs/mkinitramfs.sh, quietly.
image() {
	local out=$1
	shift
	initramfs/mkinitramfs.sh "$out" "$@" >"$out.log" 2>&1 ||
		{ cat "$out.log" >&2; return 1; }
}

# hooked OUT BASE HOOK : BASE plus an appended cpio segment whose /init is
# initramfs/init with "sh /fault-hook &" started just before the runner.
# The kernel unpacks concatenated archives in order, so the later /init
# replaces the first one; /fault-hook is HOOK.
hooked() {
	local out=$1 base=$2 hook=$3 ov
	ov=$(mktemp -d "$tmp/overlay.XXXXXX")
	sed '/^run_runner$/i sh /fault-hook &' initramfs/init >"$ov/init"
	grep -q '^sh /fault-hook &$' "$ov/init" ||
		{ echo "[faults] cannot hook initramfs/init" >&2; return 1; }
	cp "$hook" "$ov/fault-hook"
	chmod 755 "$ov/init" "$ov/fault-hook"
	{
		cat "$base"
		(cd "$ov" && printf '%s\n' init fault-hook |
			cpio --quiet -o -H newc -R 0:0) | gzip -n
	} >"$out"
	rm -rf "$ov"
}

# ---- running and checking ---------------------------------------------------

# launch NAME INITRD [launcher args...] : start qemu-run.sh in the
# background; sets LPID, LOG, RES (the results folder, once it exists).
launch() {
	local name=$1 initrd=$2 app=$FAULT_APPEND args=()
	shift 2
	while [ $# -gt 0 ]; do
		if [ "$1" = --append ]; then
			app="$app $2"
			shift 2
		else
			args+=("$1")
			shift
		fi
	done
	RES_BASE=$tmp/$name/results
	LOG=$tmp/$name/launcher.log
	mkdir -p "$RES_BASE"
	T0=$(date +%s)
	"$LAUNCHER" --kernel "$KERNEL" --initrd "$initrd" \
		--results "$RES_BASE" --accel "$ACCEL" --label "$name" \
		"${args[@]}" --append "$app" \
		>"$LOG" 2>&1 &
	LPID=$!
}

# wait_console PATTERN TIMEOUT : wait until the guest console shows PATTERN.
wait_console() {
	local pat=$1 t=$2 i
	for ((i = 0; i < t * 5; i++)); do
		if [ -r "$RES_BASE/latest/console.log" ] &&
			tr -d '\r' <"$RES_BASE/latest/console.log" | grep -aqE "$pat"; then
			return 0
		fi
		kill -0 "$LPID" 2>/dev/null || return 1
		sleep 0.2
	done
	return 1
}

# The QEMU process the launcher started (its direct child).
qemu_pid() {
	ps -o pid=,comm= --ppid "$LPID" | awk '$2 ~ /^qemu-system/ { print $1 }'
}

# finish : wait for the launcher; sets RC, DUR, RES.
finish() {
	wait "$LPID"
	RC=$?
	DUR=$(($(date +%s) - T0))
	RES=$(readlink -f "$RES_BASE/latest")
}

ERRS=()
check() {	# check DESCRIPTION COMMAND... : record a failed expectation
	local what=$1
	shift
	"$@" >/dev/null 2>&1 || ERRS+=("$what")
}

has() { grep -aqE "$1" "$2"; }
meta() { grep -aqE "\"$1\":$2" "$RES/meta.json"; }

# The result of the scenario that ran before the fault survives.
check_before_kept() {
	local n=$1
	check "result of '$n' kept in results.ktap" has "^(not )?ok 1 $n( |$)" "$RES/results.ktap"
	check "result of '$n' kept in results.jsonl" has "\"type\":\"result\".*\"name\":\"$n\"" "$RES/results.jsonl"
}

# The HTML report (report/cfsreport, when REPORT names it) shows the
# completed scenarios and marks the one the guest stopped in.
check_report() {	# check_report PASSED STOPPED_IN HOST_STATUS
	local kunit
	[ -n "${REPORT:-}" ] || return 0
	"$REPORT" "$RES" >"$RES/report.out" 2>&1
	# The guest kernel's passing KUnit suites (patch 0007) count as well.
	kunit=$(sed -n '/^\[init\] kunit: begin/,/^\[init\] kunit: end/p' \
		"$RES/console.log" | grep -cE '^ok [0-9]+ ' || true)
	check "report: $1 completed scenario(s) (+$kunit KUnit) counted" \
		has "results: $(($1 + kunit)) pass, .*1 incomplete" "$RES/report.out"
	check "report: names '$2' as where the guest stopped" has "host status '$3' during scenario $2" "$RES/report.out"
	check "report.html written" test -s "$RES/report.html"
}

report() {	# report NAME WANT_RC OUTCOME
	local name=$1 want=$2 outcome=$3
	[ "$RC" = "$want" ] || ERRS=("exit $RC, want $want" "${ERRS[@]}")
	if [ ${#ERRS[@]} = 0 ]; then
		passed=$((passed + 1))
		echo "ok   $name: $outcome (exit $RC, ${DUR}s)"
		summary+=("| $name | $outcome | $RC | ${DUR} s |")
	else
		failed=$((failed + 1))
		echo "FAIL $name: $outcome (exit $RC, ${DUR}s)"
		printf '       %s\n' "${ERRS[@]}"
		sed 's/^/       | /' "$LOG" | tail -n 15
		summary+=("| $name | FAILED: ${ERRS[*]} | $RC | ${DUR} s |")
	fi
	ERRS=()
}

want() {	# want NAME : is NAME selected?
	local n
	[ ${#only[@]} = 0 ] && return 0
	for n in "${only[@]}"; do [ "$n" = "$1" ] && return 0; done
	return 1
}

# ---- the faults --------------------------------------------------------------

# Runner crash: the fake runner completes scenario 1, starts "fault-segv"
# and dereferences NULL. /init prints RUNNER_EXIT=139: exit 14.
fault_runner_segv() {
	launch runner-segv "$FAKE_IMG" --idle 30 --deadline 120 --append fault.mode=segv
	finish
	check_before_kept fault-before
	check "message names the scenario" has "runner crashed \(signal 11\) during scenario 'fault-segv'" "$LOG"
	check "meta.json host_status" meta host_status '"runner-crashed"'
	check "meta.json runner_exit 139" meta runner_exit 139
	check "meta.json last_scenario" meta last_scenario '"fault-segv"'
	report runner-segv 14 "runner SIGSEGV -> RUNNER_EXIT=139, 'fault-segv' named, earlier result kept"
}

# Hang: the fake runner goes silent after scenario 1 (the guest prints
# nothing more). The launcher must stop it after --idle s: exit 11.
fault_hang_silent() {
	launch hang-silent "$FAKE_IMG" --idle "$FAULT_IDLE" --deadline 300 --append fault.mode=hang
	finish
	check_before_kept fault-before
	check "message names the scenario" has "guest hung: no output for ${FAULT_IDLE}s during scenario 'fault-hang'" "$LOG"
	check "meta.json host_status" meta host_status '"hang"'
	check "stopped within idle + 30 s of boot" test "$DUR" -le $((FAULT_IDLE + 30))
	report hang-silent 11 "silent guest stopped after the ${FAULT_IDLE}s idle deadline, 'fault-hang' named"
}

# QEMU killed from outside (kill -9) while the fake runner is in its second
# scenario: exit 13, results kept.
fault_qemu_killed() {
	local q
	launch qemu-killed "$FAKE_IMG" --idle 60 --deadline 300 --append fault.mode=hang
	if wait_console '^# fault-hang: starting' 60 && q=$(qemu_pid) && [ -n "$q" ]; then
		kill -9 "$q"
	else
		ERRS+=("could not find the running guest to kill")
	fi
	finish
	check_before_kept fault-before
	check "message names the scenario" has "QEMU exited \(137\) before the runner finished \(scenario 'fault-hang'\)" "$LOG"
	check "meta.json host_status" meta host_status '"qemu-died"'
	report qemu-killed 13 "QEMU kill -9 mid-scenario -> 'fault-hang' named, earlier result kept"
}

# Out of memory, fake runner: it allocates until the OOM killer kills it
# (pid 1 is never chosen): RUNNER_EXIT=137, exit 14.
fault_oom_alloc() {
	launch oom-alloc "$FAKE_IMG" --mem 128M --idle 60 --deadline 300 --append fault.mode=oom
	finish
	check_before_kept fault-before
	check "the kernel's OOM killer acted" has "Out of memory|oom-kill" "$RES/console.log"
	check "message names the scenario" has "runner crashed \(signal 9[,)].* during scenario 'fault-oom'" "$LOG"
	report oom-alloc 14 "runner allocating until OOM -> OOM-killed (signal 9), 'fault-oom' named"
}

# Kernel panic, real runner: fault-pass-first, then fault-panic whose
# "at 1s panic" triggers sysrq 'c': exit 10 naming fault-panic.
fault_panic() {
	local img=$tmp/panic.cpio.gz
	image "$img" "$RUNNER" $scn/pass-first.scn $scn/panic.scn || return
	launch panic "$img" --idle 60 --deadline 300
	finish
	check_before_kept fault-pass-first
	check "console shows the sysrq panic" has "Kernel panic - not syncing: sysrq triggered crash" "$RES/console.log"
	check "message names the scenario" has "guest kernel panicked during scenario 'fault-panic'" "$LOG"
	check "meta.json host_status" meta host_status '"panic"'
	check "meta.json last_scenario" meta last_scenario '"fault-panic"'
	check "no result invented for fault-panic" sh -c "! grep -aq 'ok 2 fault-panic' '$RES/results.ktap'"
	check_report 1 fault-panic panic
	report panic 10 "sysrq-c in scenario 2 -> panic detected, 'fault-panic' named, scenario 1 kept"
}

# Kernel hang, real runner: freeze the whole guest (SIGSTOP to QEMU, as if
# the kernel locked up) during the second scenario; the launcher must stop
# it after --idle s: exit 11.
fault_guest_frozen() {
	local img=$tmp/frozen.cpio.gz q
	image "$img" "$RUNNER" $scn/pass-first.scn $scn/after.scn || return
	launch guest-frozen "$img" --idle "$FAULT_IDLE" --deadline 300
	if wait_console '^(not )?ok 1 fault-' 120 && q=$(qemu_pid) && [ -n "$q" ]; then
		kill -STOP "$q"
	else
		ERRS+=("scenario 1 never finished")
	fi
	finish
	check_before_kept fault-pass-first
	check "message names the scenario" has "guest hung: no output for ${FAULT_IDLE}s during scenario 'fault-after'" "$LOG"
	check_report 1 fault-after hang
	check "meta.json host_status" meta host_status '"hang"'
	report guest-frozen 11 "guest frozen (QEMU SIGSTOP) in scenario 2 -> hang after ${FAULT_IDLE}s, 'fault-after' named"
}

# QEMU killed from outside during a real run's second scenario.
fault_qemu_killed_real() {
	local img=$tmp/frozen.cpio.gz q
	[ -r "$img" ] || image "$img" "$RUNNER" $scn/pass-first.scn $scn/after.scn || return
	launch qemu-killed-real "$img" --idle 60 --deadline 300
	if wait_console '^(not )?ok 1 fault-' 120 && q=$(qemu_pid) && [ -n "$q" ]; then
		sleep 1
		kill -9 "$q"
	else
		ERRS+=("scenario 1 never finished")
	fi
	finish
	check_before_kept fault-pass-first
	check "message names the scenario" has "QEMU exited \(137\) before the runner finished \(scenario 'fault-after'\)" "$LOG"
	check "meta.json host_status" meta host_status '"qemu-died"'
	report qemu-killed-real 13 "QEMU kill -9 in the real runner's scenario 2 -> 'fault-after' named, scenario 1 kept"
}

# Hook: wait for scenario N's cgroup, then send SIG to the process chosen
# by WHO (main: the runner; child: the runner's scenario process).
write_hook() {	# write_hook FILE N SIG WHO
	cat >"$1" <<EOF
#!/bin/sh
# fault hook: when scenario $2 starts, send SIG$3 to the $4 process.
# Shell builtins only in the loops: forks are slow beside the hogs.
while [ ! -d /sys/fs/cgroup/conform.$2 ]; do sleep 0.1; done
procs=
for d in /proc/[0-9]*; do
	read -r st <\$d/stat 2>/dev/null || continue
	set -- \$st
	[ "\$2" = "(conform)" ] && procs="\$procs \$1:\$4"
done
main= target=
for p in \$procs; do [ "\${p#*:}" = 1 ] && main=\${p%:*}; done
for p in \$procs; do [ "\${p#*:}" = "\$main" ] && target=\${p%:*}; done
[ "$4" = main ] && target=\$main
echo "[fault-hook] SIG$3 to $4 process \${target:-none} (runner \${main:-none})"
[ -n "\$target" ] && kill -$3 \$target
EOF
}

# Runner crash, real runner: SIGSEGV to conform during scenario 2: exit 14.
fault_runner_segv_real() {
	local img=$tmp/segv-real.cpio.gz base=$tmp/frozen.cpio.gz
	[ -r "$base" ] || image "$base" "$RUNNER" $scn/pass-first.scn $scn/after.scn || return
	write_hook "$tmp/hook-segv" 2 SEGV main
	hooked "$img" "$base" "$tmp/hook-segv" || return
	launch runner-segv-real "$img" --idle 60 --deadline 300
	finish
	check_before_kept fault-pass-first
	check "the hook fired" has "^\[fault-hook\] SIGSEGV" "$RES/console.log"
	check "message names the scenario" has "runner crashed \(signal 11\) during scenario 'fault-after'" "$LOG"
	check_report 1 fault-after runner-crashed
	report runner-segv-real 14 "SIGSEGV to the real runner in scenario 2 -> exit 14, 'fault-after' named, scenario 1 kept"
}

# A scenario that never finishes: its scenario process is frozen (SIGSTOP)
# so its workload never ends; the runner's per-scenario deadline (timeout
# 6s in never-exits.scn) must kill it, report it, and run the next one.
fault_never_exits() {
	local img=$tmp/never.cpio.gz base=$tmp/never-base.cpio.gz
	image "$base" "$RUNNER" $scn/pass-first.scn $scn/never-exits.scn $scn/after.scn || return
	write_hook "$tmp/hook-stop" 2 STOP child
	hooked "$img" "$base" "$tmp/hook-stop" || return
	launch never-exits "$img" --idle 60 --deadline 300
	finish
	check_before_kept fault-pass-first
	check "the hook fired" has "^\[fault-hook\] SIGSTOP" "$RES/console.log"
	check "scenario 2 reported as timed out" has "^not ok 2 fault-never-exits.*(TIMEOUT|deadline)" "$RES/results.ktap"
	check "scenario 2 has a result in results.jsonl" has "\"type\":\"result\".*\"name\":\"fault-never-exits\"" "$RES/results.jsonl"
	check "scenario 3 ran after it" has "^(not )?ok 3 fault-after" "$RES/results.ktap"
	check "scenario 2's cgroups removed" sh -c "! grep -aq 'leftover cgroup' '$RES/console.log'"
	check "meta.json host_status ok" meta host_status '"ok"'
	report never-exits 1 "frozen scenario killed at its 6s deadline (not ok 2 # TIMEOUT), scenario 3 still ran, exit 1"
}

# Out of memory, real runner: 1024 hogs in a 96 MiB guest after a passing
# scenario. Any of: the OOM killer's victim makes the scenario fail
# (exit 1), or kills the runner (exit 14); never a hang, never lost results.
fault_oom_real() {
	local img=$tmp/oom.cpio.gz
	image "$img" "$RUNNER" $scn/pass-first.scn $scn/oom.scn || return
	launch oom-real "$img" --mem 96M --idle 60 --deadline 300
	finish
	check_before_kept fault-pass-first
	check "the outcome is a failure or a runner crash" test "$RC" = 1 -o "$RC" = 14
	if [ "$RC" = 1 ]; then
		check "fault-oom has a not-ok result" has "^not ok 2 fault-oom" "$RES/results.ktap"
	fi
	local what="exit $RC"
	has "Out of memory|oom-kill" "$RES/console.log" && what="$what, the kernel OOM-killed tasks"
	grep -aE '^not ok 2 ' "$RES/results.ktap" | head -n 1 | cut -c1-100 >"$tmp/oom.line"
	[ -s "$tmp/oom.line" ] && what="$what: $(cat "$tmp/oom.line")"
	report oom-real "$RC" "1024 hogs in 96M: $what"
}

# ---- main --------------------------------------------------------------------

FAKE=$(fake_runner) || { echo "[faults] cannot build the fake runner" >&2; exit 1; }
FAKE_IMG=$tmp/fake.cpio.gz
image "$FAKE_IMG" "$FAKE" $scn/pass-first.scn || exit 1

quick_set=(runner-segv hang-silent qemu-killed panic)
full_set=(runner-segv hang-silent qemu-killed panic oom-alloc guest-frozen
	qemu-killed-real runner-segv-real never-exits oom-real)
if [ "$quick" = 1 ]; then set=("${quick_set[@]}"); else set=("${full_set[@]}"); fi
t_all=$(date +%s)
for f in "${set[@]}"; do
	want "$f" || continue
	"fault_${f//-/_}"
done
echo
echo "| fault | outcome | exit | time |"
echo "|---|---|---|---|"
printf '%s\n' "${summary[@]}"
echo
if [ "$failed" = 0 ] && [ -z "${FAULT_TMP:-}" ] && [ "${FAULT_KEEP:-0}" != 1 ]; then
	rm -rf "$tmp"
	where="removed $tmp (FAULT_KEEP=1 keeps it)"
else
	where="results in $tmp"
fi
echo "[faults] $((passed + failed)) faults in $(($(date +%s) - t_all))s; $where"
echo "faults: $passed passed, $failed failed"
[ "$failed" = 0 ]
