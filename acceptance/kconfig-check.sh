#!/bin/bash
# kconfig-check.sh CONFIG FRAGMENT SOURCE OUT_JSON - before a distro kernel
# boots: does its config (the package's /boot/config-*) have what the guest
# needs? Every option the project's own guest kernel asks for
# (patches/guest.config) is looked up and classed:
#
#   boot      the guest cannot start or report without it (initramfs,
#             serial console, ELF/script exec, proc/sys/devtmpfs): an
#             option that is not built in stops here with exit 2 — a
#             module cannot help, nothing would be there to load it
#             before the console and /init need it;
#   feature   scenarios or checks that need it SKIP (the runner says which
#             and why); named here in advance, one line each;
#   other     build choices of our own kernel (HZ, NR_CPUS, KUnit):
#             differences are shown, never an error.
#
# Writes OUT_JSON for meta.json's kernel_build (qemu-run.sh --kernel-meta):
# the release, SOURCE (package and version), the config's hash, the
# options that differ. Exit 0 when the kernel can run the suite, 2 when a
# boot option is missing or CONFIG is unreadable.
set -euo pipefail
config=$1 fragment=$2 source=$3 out=$4
say() { echo "[acceptance] $*" >&2; }

[ -r "$config" ] || { say "error: kernel config '$config' not readable"; exit 2; }

boot=" 64BIT PRINTK TTY SERIAL_8250 SERIAL_8250_CONSOLE BLK_DEV_INITRD RD_GZIP
 BINFMT_ELF BINFMT_SCRIPT PROC_FS SYSFS DEVTMPFS SHMEM TMPFS MULTIUSER FUTEX
 POSIX_TIMERS ACPI PCI CGROUPS "
declare -A feature=(
	[SMP]="the cross-CPU scenarios (one CPU only)"
	[CGROUP_SCHED]="every scenario (no cpu controller)"
	[FAIR_GROUP_SCHED]="every scenario (no CFS group scheduling)"
	[CFS_BANDWIDTH]="bandwidth/ and the throttling regressions (no cpu.max)"
	[CPUSETS]="the cpuset placements (affinity/cpuset-*)"
	[CGROUP_CPUACCT]="the cpuacct cross-check of the v1 scenarios"
	[HOTPLUG_CPU]="hotplug/ (no CPU offline/online)"
	[SCHED_DEBUG]="the PELT checks without cpu.pelt (no sched/debug)"
	[DEBUG_FS]="the PELT checks without cpu.pelt (no debugfs)"
	[SCHEDSTATS]="per-task CPU times if SCHED_INFO is off too (/proc/<pid>/schedstat)"
	[FTRACE]="the series' trace-event counts (patched kernels only)"
	[EVENT_TRACING]="the series' trace-event counts (patched kernels only)"
	[MAGIC_SYSRQ]="the fault-injection tests only"
	[HIGH_RES_TIMERS]="nothing; the sampler's wake-ups are tick-granular"
)

state() {
	local v
	v=$(grep -E "^CONFIG_$1=|^# CONFIG_$1 is not set" "$config" | head -n 1)
	case "$v" in
	"CONFIG_$1="*) echo "${v#*=}" ;;
	*) echo n ;;
	esac
}

fatal=0 differ=()
while read -r opt want; do
	have=$(state "$opt")
	[ "$have" = "$want" ] && continue
	differ+=("\"CONFIG_$opt\":\"$have\"")
	if [[ $boot == *" $opt "* ]]; then
		say "error: CONFIG_$opt=$have in $(basename "$config"): the guest needs it built in (=y) to boot and report"
		fatal=1
	elif [ -n "${feature[$opt]:-}" ]; then
		say "CONFIG_$opt=$have: affects ${feature[$opt]}"
	else
		say "CONFIG_$opt=$have (our guest kernel: $want; informational)"
	fi
done < <(sed -n 's/^CONFIG_\([A-Z0-9_]*\)=\(.*\)$/\1 \2/p' "$fragment")

hz=$(state HZ)
# /boot/config-<release> (Debian 12), /usr/lib/modules/<release>/config
release=$(basename "$config" | sed 's/^config-//')
[ "$release" != config ] || release=$(basename "$(dirname "$config")")
hash=$(sha256sum "$config" | cut -c1-16)
{
	printf '{"kernel_release":"%s","source":"%s","patches":0,' "$release" "$source"
	printf '"config_hash":"%s","hz":"%s","config_differs":{' "$hash" "$hz"
	(IFS=,; printf '%s' "${differ[*]}")
	printf '}}\n'
} >"$out"
if [ $fatal = 1 ]; then
	say "this kernel cannot run the suite; see the options above"
	exit 2
fi
say "kernel config $(basename "$config"): every boot option built in, HZ=$hz, ${#differ[@]} option(s) differ from patches/guest.config"
