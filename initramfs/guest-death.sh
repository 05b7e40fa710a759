#!/bin/bash
# guest-death.sh - say why a guest died, from its console log.
#
#   guest-death.sh [--accel tcg|kvm] CONSOLE_LOG
#
# Prints one line, "<class>: <detail>", and exits with the class's code:
#   0  none           no oops and no panic in the log
#   30 emulator-int3  an int3 oops in kernel text that no longer holds an
#                     int3 (the Code: byte before the marker is not cc), or
#                     any int3 oops in kernel text under TCG: a breakpoint
#                     the kernel's text patching (jump labels, static calls:
#                     smp_text_poke_batch_finish / text_poke_bp) had already
#                     removed, executed from a stale translation. An
#                     emulator fault, not a kernel bug.
#   31 kernel-oops    any other oops, BUG or panic
# An int3 oops under KVM whose byte is still cc is a kernel-oops: real
# hardware never runs a breakpoint the patcher has removed and synced.
#
# The detail names the first oops: the function (RIP) and the CPU.
set -uo pipefail

accel=tcg
while [ $# -gt 1 ]; do
	case "$1" in
	--accel) accel=$2; shift 2 ;;
	*) echo "guest-death.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done
log=${1:-}
[ -r "$log" ] || { echo "guest-death.sh: usage: guest-death.sh [--accel tcg|kvm] CONSOLE_LOG" >&2; exit 2; }

# The console, without CRs and the printk timestamps.
text=$(tr -d '\r' <"$log" | sed -E 's/^\[ *[0-9]+\.[0-9]+\] //')

first=$(grep -anE '(^|Oops: )[a-z0-9 ]+: [0-9a-f]{4} \[#1\]|^BUG: |^kernel BUG at|Kernel panic - not syncing' <<<"$text" |
	head -n 1)
if [ -z "$first" ]; then
	echo "none: no oops or panic in $log"
	exit 0
fi
lineno=${first%%:*}
head=${first#*:}
# The RIP and Code lines of the first oops (within its first 40 lines).
block=$(tail -n +"$lineno" <<<"$text" | head -n 40)
rip=$(grep -am1 -oE '^RIP: [0-9a-f]{4}:[^ ]+' <<<"$block" | sed 's/^RIP: [0-9a-f]*://')
cpu=$(grep -am1 -oE '^CPU: [0-9]+' <<<"$block" | sed 's/^CPU: //')
code=$(grep -am1 '^Code: ' <<<"$block")
# The byte before <..>: where the int3 was, since the trap leaves RIP after it.
before=$(sed -nE 's/.* ([0-9a-f]{2}) <[0-9a-f]{2}>.*/\1/p' <<<"$code")

if grep -qE '(^|Oops: )int3: ' <<<"$head"; then
	where="int3 at ${rip:-?} on CPU ${cpu:-?}"
	if [ -n "$before" ] && [ "$before" != cc ]; then
		echo "emulator-int3: $where, but the text there is '$before', not int3 cc: a breakpoint already patched away ran from a stale translation ($accel)"
		exit 30
	fi
	if [ "$accel" != kvm ]; then
		echo "emulator-int3: $where under $accel: a text-patching breakpoint (jump label / static call) hit by another vCPU"
		exit 30
	fi
	echo "kernel-oops: $where under $accel, the breakpoint still in memory"
	exit 31
fi
echo "kernel-oops: ${head#*Oops: }${rip:+ at $rip}${cpu:+ on CPU $cpu}"
exit 31
