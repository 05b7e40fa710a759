#!/bin/bash
# mkinitramfs.sh OUT RUNNER SCENARIO_FILE... - assemble the guest initramfs.
#
# Contents: busybox-static with one symlink per applet, /init, the static
# runner as /bin/conform, the scenario files under /scenarios (paths kept
# relative to cgroup-scenarios/; files from elsewhere under extra/) and
# /scenarios/run.list naming them in
# order. Reproducible: fixed mtimes, sorted newc archive, gzip -n.
# BENCH_BIN=path (environment) adds that static binary as /bin/cfsbench
# (the benchmark, run by /init when the command line has conform.bench=).
# REPORT_BIN=path adds that static cfsreport as /bin/cfsreport (LAVA's
# initramfs: lava/guest/run.sh reports the test cases with it).
set -euo pipefail

[ $# -ge 2 ] || { echo "usage: mkinitramfs.sh OUT RUNNER [SCENARIO]..." >&2; exit 2; }
out=$1 runner=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
busybox=/bin/busybox
[ -x "$busybox" ] && "$busybox" --list >/dev/null 2>&1 ||
	{ echo "[initramfs] $busybox missing (apt-get install busybox-static)" >&2; exit 1; }
# file(1) says "statically linked"; so does ldd for a static-pie, or "not a
# dynamic executable" for a plain static binary (exiting 1: captured first,
# since pipefail would fail a pipeline from it).
kind=$(file -b "$busybox" 2>&1; ldd "$busybox" 2>&1) || true
grep -Eq 'statically linked|not a dynamic executable' <<<"$kind" ||
	{ echo "[initramfs] $busybox is not static (apt-get install busybox-static)" >&2; exit 1; }

stage=$(mktemp -d "${out%/*}/stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{bin,sbin,dev,proc,sys,run,tmp,scenarios}
cp "$busybox" "$stage/bin/busybox"
for applet in $("$busybox" --list); do
	[ "$applet" = busybox ] || ln -sf busybox "$stage/bin/$applet"
done
cp "$here/init" "$stage/init"
chmod 755 "$stage/init"
cp "$runner" "$stage/bin/conform"
if [ -n "${BENCH_BIN:-}" ]; then
	cp "$BENCH_BIN" "$stage/bin/cfsbench"
fi
if [ -n "${REPORT_BIN:-}" ]; then
	cp "$REPORT_BIN" "$stage/bin/cfsreport"
fi

: >"$stage/scenarios/run.list"
for f in "$@"; do
	case "$f" in
	cgroup-scenarios/*) rel=${f#cgroup-scenarios/} ;;
	*) rel=extra/$(basename "$f") ;;	# a file from outside the library
	esac
	mkdir -p "$stage/scenarios/$(dirname "$rel")"
	cp "$f" "$stage/scenarios/$rel"
	echo "$rel" >>"$stage/scenarios/run.list"
done

find "$stage" -exec touch -h -d @0 {} +
(cd "$stage" && find . -mindepth 1 | LC_ALL=C sort |
	cpio --quiet -o -H newc --reproducible -R 0:0) | gzip -n -9 >"$out.tmp"
mv "$out.tmp" "$out"
echo "[initramfs] $out: $# scenarios, $(du -k "$out" | cut -f1) KiB"
