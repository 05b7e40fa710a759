#!/bin/bash
# kvm-probe.sh QEMU KERNEL LOGDIR [QEMU_ARG...] - does KVM work here?
# (QEMU_ARGs: given to QEMU first, e.g. -L firmware folders.) Exit 0 if a KVM
# guest printed the kernel banner within the deadline; else exit 1 and
# print why. /dev/kvm may open while KVM guests never start (the case on
# the project's build machines), so only a boot counts.
#
# The verdict is cached for this host boot: a second run spends no time
# on the probe. The cache key is the boot id, /dev/kvm (device numbers and
# change time) and the QEMU binary (path, size, change time); any change
# probes again. A cached verdict says so ("cached ...") in what it prints.
#
# Environment (tests): KVM_DEV, BOOT_ID_FILE, KVM_PROBE_CACHE (default
# $BUILD/kvm-probe.cache), KVM_PROBE_SECONDS (default 10).
set -uo pipefail
qemu=$1 kernel=$2 logdir=$3
shift 3
dev=${KVM_DEV:-/dev/kvm}
cache=${KVM_PROBE_CACHE:-${BUILD:-build}/kvm-probe.cache}
seconds=${KVM_PROBE_SECONDS:-10}

key="boot=$(cat "${BOOT_ID_FILE:-/proc/sys/kernel/random/boot_id}" 2>/dev/null)"
key+=" kvm=$(stat -Lc '%t:%T@%Z' "$dev" 2>/dev/null || echo none)"
key+=" qemu=$qemu:$(stat -Lc '%s@%Z' "$qemu" 2>/dev/null)"

if [ -r "$cache" ] && [ "$(head -n 1 "$cache")" = "$key" ]; then
	verdict=$(sed -n 2p "$cache")
	why=$(sed -n 3p "$cache")
	if [ "$verdict" = kvm ]; then
		echo "cached for this host boot"
		exit 0
	fi
	echo "$why; cached for this host boot in $cache"
	exit 1
fi

# probe - one boot under KVM; prints why it failed, returns 1 then.
probe() {
	[ -r "$dev" ] && [ -w "$dev" ] || { echo "no usable $dev"; return 1; }
	local log="$logdir/kvm-probe.log" pid i
	: >"$log"
	"$qemu" "$@" -accel kvm -nodefaults -display none -no-reboot -m 256M \
		-kernel "$kernel" -append "console=ttyS0 panic=-1 rdinit=/none" \
		-serial "file:$log" </dev/null >/dev/null 2>"$logdir/kvm-probe.err" &
	pid=$!
	for ((i = 0; i < seconds * 5; i++)); do
		if grep -q "Linux version" "$log" 2>/dev/null; then
			kill "$pid" 2>/dev/null
			wait "$pid" 2>/dev/null
			return 0
		fi
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.2
	done
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	echo "a KVM guest printed nothing within $seconds s$(head -c 200 "$logdir/kvm-probe.err" |
		tr '\n' ' ' | sed 's/^./: &/')"
	return 1
}

rc=0
why=$(probe "$@") || rc=$?
mkdir -p "$(dirname "$cache")" &&
	printf '%s\n%s\n%s\n' "$key" "$([ $rc = 0 ] && echo kvm || echo tcg)" "$why" >"$cache.tmp" &&
	mv "$cache.tmp" "$cache"
[ $rc = 0 ] || echo "$why"
exit $rc
