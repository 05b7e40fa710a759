#!/bin/sh
# run.sh [RUNNER_OPTS] - the LAVA test step inside the guest: the mounts
# the initramfs /init does (proc, sysfs, devtmpfs, debugfs, tracefs,
# cgroup2), the kernel's KUnit results from the kernel log, then the
# runner on /scenarios/run.list. Needed because LAVA boots the initramfs
# with rdinit=/bin/sh (a shell, not /init) to run its overlay. The test
# cases are reported by the initramfs' static cfsreport (cfsreport lava,
# report/lava.c): one lava-test-case per scenario, group subtest, KUnit
# suite and KUnit case, the KTAP echoed.
mountpoint -q /proc || mount -t proc proc /proc
mountpoint -q /sys || mount -t sysfs sysfs /sys
mountpoint -q /dev || mount -t devtmpfs devtmpfs /dev
mountpoint -q /sys/kernel/debug || mount -t debugfs debugfs /sys/kernel/debug
[ -d /sys/kernel/tracing ] && ! mountpoint -q /sys/kernel/tracing &&
	mount -t tracefs tracefs /sys/kernel/tracing
mountpoint -q /sys/fs/cgroup || mount -t cgroup2 cgroup2 /sys/fs/cgroup
# The kernel's KUnit suites ran at boot; their KTAP is in the kernel log.
dmesg | /bin/cfsreport lava --kmsg
opts=$(echo "$1" | tr ',' ' ')
cd /scenarios || exit 3
# shellcheck disable=SC2046
/bin/conform --json /dev/null $opts $(cat /scenarios/run.list) | /bin/cfsreport lava
