#!/bin/bash
# test-continue.sh CFSREPORT - a run the emulator kills mid-suite goes on
# in a fresh boot (initramfs/continue.sh), and the QEMU a run uses
# (tcg-thread.sh; qemu-run.sh's QEMU=, QEMU_DATA=, TCG_THREAD=). No guest
# boots: fake-qemu/qemu-system-x86_64 replays recorded consoles.
#
# fixtures/continue-run: the recorded 8-scenario guest of jobs-run
# (inconclusive/s) cut as if the emulator had killed it in scenario 3,
# uneven-pinned (an "Oops: int3" in update_curr whose text is already
# '66', from a real 7.2.13 death, report/tests/guest-death/), and b1/:
# a fresh boot of scenarios 4-8 (flat-1-2 inconclusive), which finishes.
# Ends with "continue: N passed, M failed".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cfsreport=${1:-${CFSREPORT:-}}
[ -x "$cfsreport" ] || { echo "usage: test-continue.sh CFSREPORT" >&2; exit 2; }
export CFSREPORT=$(readlink -f "$cfsreport")
tmp=$(mktemp -d /tmp/test-continue.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../../tests/check-lib.sh
. "$root/tests/check-lib.sh"
cd "$root" || exit 2
unset QEMU QEMU_DATA TCG_THREAD CONTINUE_BOOTS

# --- tcg-thread.sh: the threading for a QEMU, from its version --------------------
fake() { printf '#!/bin/sh\necho "%s"\n' "$2" >"$tmp/$1"; chmod +x "$tmp/$1"; }
fake q72 "QEMU emulator version 7.2.22 (Debian 1:7.2+dfsg-7+deb12u18+b3)"
fake q80 "QEMU emulator version 8.0.5"
fake q81 "QEMU emulator version 8.1.0"
fake q10 "QEMU emulator version 10.0.2 (Debian 1:10.0.2+ds-2+deb13u1~bpo12+1)"
fake qbad "something else"
t() { TCG_THREAD=${2:-auto} initramfs/tcg-thread.sh "$tmp/$1" 2>/dev/null; }
check "QEMU 7.2: single" eq "$(t q72)" "single 7.2.22"
check "QEMU 8.0: single" eq "$(t q80)" "single 8.0.5"
check "QEMU 8.1: multi" eq "$(t q81)" "multi 8.1.0"
check "QEMU 10.0: multi" eq "$(t q10)" "multi 10.0.2"
check "unreadable version: single" eq "$(t qbad)" "single ?"
check "TCG_THREAD=multi overrides" eq "$(t q72 multi)" "multi 7.2.22"
check "TCG_THREAD=single overrides" eq "$(t q10 single)" "single 10.0.2"
t q10 bogus >/dev/null
check "TCG_THREAD=bogus: exit 2" eq "$?" 2

# --- qemu-run.sh: QEMU=, QEMU_DATA=, the threading said and recorded -------------
fx=$here/fixtures
fq=$here/fake-qemu/qemu-system-x86_64
: >"$tmp/bzImage"
: >"$tmp/initrd"
meta() {
	python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))
print(json.dumps([m.get(k) for k in sys.argv[2:]], separators=(",", ":")))' "$@"
}
qrun() {	# qrun NAME ENV...: a replayed finished guest through qemu-run.sh
	local name=$1
	shift
	env FAKE_QEMU_REPLAY="$fx/jobs-run/inconclusive/s" FAKE_QEMU_ARGS="$tmp/$name.args" "$@" \
		initramfs/qemu-run.sh --kernel "$tmp/bzImage" --initrd "$tmp/initrd" \
		--results "$tmp/$name" --accel tcg --label quick >"$tmp/$name.log" 2>&1
}
qrun run-q72 QEMU="$fq" QEMU_DATA=/opt/q/share:/usr/share/seabios
check "QEMU 7.2, auto: single, said on a [run] line" has "$tmp/run-q72.log" \
	"[run] QEMU 7.2.22 ($fq, firmware /opt/q/share:/usr/share/seabios), TCG thread=single"
check "QEMU_DATA: -L for each folder, before -accel" has "$tmp/run-q72.args" \
	"-L /opt/q/share -L /usr/share/seabios -accel tcg,thread=single"
check "meta.json: qemu_version, tcg_thread" eq \
	"$(meta "$tmp/run-q72/latest/meta.json" qemu_version tcg_thread exit_code)" '["7.2.22","single",5]'
qrun run-q10 QEMU="$fq" FAKE_QEMU_VERSION=10.0.2
check "QEMU 10.0: multi" has "$tmp/run-q10.args" "-accel tcg,thread=multi"
qrun run-forced QEMU="$fq" TCG_THREAD=multi
check "TCG_THREAD=multi on QEMU 7.2" eq "$(meta "$tmp/run-forced/latest/meta.json" tcg_thread)" '["multi"]'
qrun run-path PATH="$here/fake-qemu:$PATH"
check "no QEMU=: the one in PATH" has "$tmp/run-path.log" "[run] QEMU 7.2.22 ($fq), TCG thread=single"
qrun run-missing QEMU=/nonexistent/qemu
check "QEMU= not executable: exit 2" eq "$?" 2

# --- continue.sh ------------------------------------------------------------------
read -ra s0 <"$fx/shard-run/s0.scenarios"
read -ra s1 <"$fx/shard-run/s1.scenarios"
files=()
for i in 0 1 2 3; do files+=("${s0[i]}" "${s1[i]}"); done
: >"$tmp/conform"
printf '#!/bin/sh\nshift\nfor f; do echo "$f duration_us=2000000"; done\n' >"$tmp/conform-host"
chmod +x "$tmp/conform-host"
cont() {	# cont NAME REPLAY ENV...: continue.sh on replayed guests
	local name=$1 replay=$2
	shift 2
	env PATH="$here/fake-qemu:$PATH" FAKE_QEMU_REPLAY="$replay" "$@" \
		initramfs/continue.sh "$tmp/conform" "$tmp/conform-host" "$tmp/$name" quick \
		"$tmp/initrd" 300 -- --kernel "$tmp/bzImage" --accel tcg --cpus 2 --mem 1G \
		-- "${files[@]}" >"$tmp/$name.log" 2>&1
}
verdict() { sed -n 's/^\[run\] verdict: \(.*\) in [0-9]*s.*/\1/p' "$1" | tail -n 1; }

cont died "$fx/continue-run"
rc=$?
d=$(readlink -f "$tmp/died/latest")
check "emulator fault then a finished boot: exit 15" eq "$rc" 15
check "boot 0 names the emulator fault, function, CPU, scenario" has "$tmp/died.log" \
	"[run] emulator fault, not a kernel verdict: int3 at update_curr+0xaf/0x1e0 on CPU 1"
check "boot 0: ... during scenario 'uneven-pinned'" has "$tmp/died.log" "during scenario 'uneven-pinned'"
check "a progress line says what is continued" has "$tmp/died.log" \
	"[run] emulator fault in scenario 'uneven-pinned' (3 of 8), no verdict for it: continuing with the 5 scenarios after it in a fresh boot (1 of at most 3)"
check "the fresh boot got scenarios 4-8" eq "$(cat "$d/shards/s1.scenarios")" "${files[*]:3}"
check "one results directory, both boots in it" eq "$(ls -d "$d"/shards/*/ | wc -l)" 2
check "boot 0 accounts for 3 scenarios" eq "$(cat "$d/shards/s0.span")" 3
check "merged verdict: EMULATOR-FAULT, never PASS" eq "$(verdict "$tmp/died.log")" \
	"EMULATOR-FAULT (7 passed, 0 failed, 1 inconclusive, 0 skipped; exit 15)"
check "merged plan: 8 scenarios + KUnit" eq "$(sed -n 2p "$d/results.ktap")" "1..9"
check "the boots' results numbered as one run" eq \
	"$(grep -E '^(not )?ok [0-9]' "$d/results.ktap" | awk '{ print $1 == "not" ? $1 " " $2 " " $3 " " $4 : $1 " " $2 " " $3 }' | tr '\n' '|')" \
	"ok 1 underprovisioned|ok 2 nested-four-levels|ok 4 extreme-1-vs-10000|not ok 5 flat-1-2|ok 6 overprovisioned-50-100-150|ok 7 nested-two-levels|ok 8 v1-shares-nested|ok 9 sched_fair_group_shares|"
check "meta: emulator-fault, the scenario, 2 boots" eq \
	"$(meta "$d/meta.json" host_status exit_code last_scenario emulator_faults jobs)" \
	'["emulator-fault",15,"uneven-pinned",["uneven-pinned"],2]'
"$CFSREPORT" "$d" >"$tmp/report.log" 2>&1
check "the report reads the merged run" eq "$?" 0
check "report's closing line counts the emulator fault apart" has "$tmp/report.log" \
	"results: 7 pass, 0 fail, 0 skip, 0 error, 0 incomplete, 1 inconclusive, 1 emulator fault;"
check "report: the scenario is an emulator fault" has "$d/report.html" \
	"<span class=\"v v-emulator\">emulator fault</span> <b>uneven-pinned</b>"
check "report: no scenario never started, the run ended" eq \
	"$(grep -c 'never started\|no run_end record' "$d/report.html")" 0
"$CFSREPORT" matrix "$d" >"$tmp/matrix.log" 2>&1
check "matrix cell: emulator-fault" has "$tmp/matrix.log" "uneven-pinned                            emulator-fault"

cont capped "$fx/continue-run" CONTINUE_BOOTS=0
check "CONTINUE_BOOTS=0: exit 15, no fresh boot" eq "$?:$(grep -c '^\[run\] booting' "$tmp/capped.log")" "15:1"
check "CONTINUE_BOOTS=0: says the scenarios not run" has "$tmp/capped.log" \
	"no fresh boot left (CONTINUE_BOOTS=0); 5 scenarios not run"
check "CONTINUE_BOOTS=0: the boot's own results" eq "$(ls "$tmp/capped" | grep -c cont)" 0

cont fine "$fx/jobs-run/inconclusive/s"
check "a boot that finishes: its own exit and results" eq \
	"$?:$(ls "$tmp/fine" | grep -c cont)" "5:0"

echo "continue: $pass passed, $fail failed"
[ "$fail" = 0 ]
