#!/bin/sh
# unpack-source.sh - unpack a Debian linux-source tarball for an x86_64
# guest build, leaving out what that build never reads.
#
#   unpack-source.sh TARBALL DEST
#
# The whole 6.1 or 6.12 tree is 1.4-1.5 GiB unpacked; CI machines and
# minimal installs can have less than two of those free (a CI run died
# with "No space left on device" unpacking the second base). The guest
# kernel (tinyconfig + patches/guest.config, x86_64) reads none of:
#   - the .c, .h, .S and device-tree files of arch/* other than x86,
#   - tools/perf,
#   - the .c and .h files of the driver subsystems below and of sound/.
# Every Kconfig file and Makefile is kept (6.12's crypto/Kconfig opens
# arch/arm/crypto/Kconfig even on x86), so kconfig sees every option and
# kbuild can walk every directory. Documentation/ is kept whole: the
# series patches it. That leaves about 450-490 MiB. The list was checked
# against the files the build's .cmd dependency records name, for both
# bases. A config that needs one of these files fails to build with "No
# such file"; set KSRC_FULL=1 to unpack everything (build-kernel.sh
# re-unpacks a lean tree when KSRC_FULL=1 is asked for).
#
# DEST must not exist. Exit status: 0, 2 usage, 3 not enough disk space,
# 1 tar failed (DEST is removed, nothing half-unpacked is left behind).
set -eu

say() { echo "[unpack] $*"; }

[ $# -eq 2 ] || { echo "usage: unpack-source.sh TARBALL DEST" >&2; exit 2; }
tarball=$1
dest=$2
[ -r "$tarball" ] || { say "error: $tarball: not readable" >&2; exit 2; }
[ ! -e "$dest" ] || { say "error: $dest already exists" >&2; exit 2; }

# Members are named <top>/..., top = the tarball's name without .tar.xz.
top=$(basename "$tarball" .tar.xz)
if [ "${KSRC_FULL:-0}" = 1 ]; then
	need_mib=1800
	mode=full
else
	need_mib=500
	mode=lean
fi

# UNPACK_NEED_MIB overrides the estimate (the tests use it).
need_mib=${UNPACK_NEED_MIB:-$need_mib}
parent=$(dirname "$dest")
mkdir -p "$parent"
free_mib=$(df -Pm "$parent" | awk 'NR == 2 { print $4 }')
if [ "$free_mib" -lt "$need_mib" ]; then
	say "error: $free_mib MiB free on the file system of $parent;" \
		"the $mode tree of $top needs about $need_mib MiB" >&2
	exit 3
fi

# Patterns are anchored at <top>/. A pattern that matches a directory
# also leaves out everything below it (tools/perf); the file-type
# patterns let '*' cross '/', to reach files at every level below.
drivers="gpu net media staging scsi infiniband usb iio pinctrl clk phy soc
	mtd hwmon crypto remoteproc regulator mfd leds gpio spi i2c mmc ata md
	nvme platform firmware"
set --
if [ "$mode" = lean ]; then
	set -- --anchored --exclude="$top/tools/perf" --wildcards-match-slash \
		--exclude="$top/arch/[!xK]*/*.[chS]" \
		--exclude="$top/arch/[!xK]*/*.dts*" \
		--exclude="$top/sound/*.[ch]"
	for d in $drivers; do
		set -- "$@" --exclude="$top/drivers/$d/*.[ch]"
	done
fi

mkdir -p "$dest"
if ! tar -xJf "$tarball" -C "$dest" --strip-components=1 "$@"; then
	rm -rf "$dest"
	say "error: unpacking $tarball failed ($(df -Pm "$parent" |
		awk 'NR == 2 { print $4 }') MiB now free in $parent)" >&2
	exit 1
fi
[ -f "$dest/Makefile" ] && [ -f "$dest/arch/x86/Kconfig" ] || {
	rm -rf "$dest"
	say "error: $tarball did not unpack to a kernel tree (top dir not $top/?)" >&2
	exit 1
}
echo "$mode" >"$dest/.unpack-mode"
say "unpacked the $mode tree of $top: $(du -sm "$dest" | cut -f1) MiB in $dest"
