#!/bin/sh
# Boot a kernel in QEMU (TCG) with a busybox initramfs that runs one
# guest-side test script, and print the serial console.
#
# usage: run-guest.sh BZIMAGE TEST_SCRIPT [SMP] [TIMEOUT_S]
#
# The initramfs /init mounts proc, sysfs, devtmpfs, cgroup2, debugfs and
# tracefs, runs TEST_SCRIPT with /bin/sh, prints "TEST_EXIT=<rc>" and
# powers off. The verdict is that marker, never QEMU's exit status.
set -eu

bzimage=$1
script=$2
smp=${3:-2}
timeout_s=${4:-120}
busybox=${BUSYBOX:-/bin/busybox}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

root=$work/root
mkdir -p "$root/bin" "$root/sbin" "$root/proc" "$root/sys" "$root/dev" \
	"$root/tmp"
cp "$busybox" "$root/bin/busybox"
for app in $("$busybox" --list); do
	[ -e "$root/bin/$app" ] || ln -s busybox "$root/bin/$app"
done
cp "$script" "$root/test.sh"

cat > "$root/init" <<'INIT'
#!/bin/sh
export PATH=/bin:/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t cgroup2 cgroup2 /sys/fs/cgroup
mount -t debugfs debugfs /sys/kernel/debug
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
echo "TEST_START"
sh /test.sh
echo "TEST_EXIT=$?"
poweroff -f
INIT
chmod +x "$root/init"

(cd "$root" && find . | cpio -o -H newc 2>/dev/null | gzip -1) > "$work/initrd.gz"

timeout "$timeout_s" qemu-system-x86_64 -accel tcg,thread=multi -smp "$smp" \
	-m 512M -kernel "$bzimage" -initrd "$work/initrd.gz" \
	-append "console=ttyS0 panic=-1 oops=panic quiet" \
	-display none -serial stdio -no-reboot </dev/null
