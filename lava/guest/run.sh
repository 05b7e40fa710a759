#!/bin/sh
# run.sh [RUNNER_OPTS] - the LAVA test step inside the guest: the mounts
# the initramfs /init does (proc, sysfs, devtmpfs, debugfs, tracefs,
# cgroup2), the kernel's KUnit results from the kernel log, then the
# runner on /scenarios/run.list, each KTAP piped through ktap-lava.sh. Needed because LAVA boots the initramfs with
# rdinit=/bin/sh (a shell, not /init) to run its overlay.
here=$(cd "$(dirname "$0")" && pwd)
mountpoint -q /proc || mount -t proc proc /proc
mountpoint -q /sys || mount -t sysfs sysfs /sys
mountpoint -q /dev || mount -t devtmpfs devtmpfs /dev
mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug
[ -d /sys/kernel/tracing ] && ! mountpoint -q /sys/kernel/tracing &&
	mount -t tracefs tracefs /sys/kernel/tracing
mountpoint -q /sys/fs/cgroup || mount -t cgroup2 cgroup2 /sys/fs/cgroup
# The kernel's KUnit suites ran at boot; their KTAP is in the kernel log
# (as /init's report_kunit finds it): one test case per suite and case.
if dmesg | grep -qE '^(\[[ 0-9.]*\] )?KTAP version 1$'; then
	dmesg | sed -n 's/^\[[ 0-9.]*\] //; /^KTAP version 1$/,$p' |
		grep -E '^ *((not )?ok [0-9]+ |# Subtest: )' | "$here/ktap-lava.sh"
fi
opts=$(echo "$1" | tr ',' ' ')
cd /scenarios || exit 3
# shellcheck disable=SC2046
/bin/conform --json /dev/null $opts $(cat /scenarios/run.list) | "$here/ktap-lava.sh"
