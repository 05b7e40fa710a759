#!/bin/bash
# base-fair.sh TARBALL SERIES OUT - kernel/sched/fair.c of a base as
# make kernel builds it: the file from Debian's linux-source tarball with
# the fair.c hunks of every patch of SERIES applied in order (git apply
# --include; the other files of the series are not needed). The pristine
# file is cached beside OUT, keyed by the tarball's package version.
#
# Exit: 0, 1 a patch does not apply or the tarball has no fair.c, 2 usage.
set -uo pipefail
[ $# -eq 3 ] || { echo "usage: base-fair.sh TARBALL SERIES OUT" >&2; exit 2; }
tarball=$1 series=$2 out=$3
die() { echo "[mutants] error: $*" >&2; exit 1; }

[ -r "$tarball" ] || die "$tarball: not readable"
top=$(basename "$tarball" .tar.xz)
ver=$(cat "$tarball.version" 2>/dev/null ||
	dpkg-query -W -f='${Version}' "$top" 2>/dev/null ||
	stat -c %Y "$tarball")
mkdir -p "$(dirname "$out")"
pristine=$(dirname "$out")/fair.c.$ver
if [ ! -s "$pristine" ]; then
	tar -xJOf "$tarball" "$top/kernel/sched/fair.c" >"$pristine.tmp" &&
		[ -s "$pristine.tmp" ] || { rm -f "$pristine.tmp"; die "$tarball: no $top/kernel/sched/fair.c"; }
	mv "$pristine.tmp" "$pristine"
fi

# git apply outside any repository: a scratch folder in TMPDIR.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/kernel/sched"
cp "$pristine" "$tmp/kernel/sched/fair.c"
patchdir=$(cd "$(dirname "$series")" && pwd)
while read -r p; do
	(cd "$tmp" && git apply --include=kernel/sched/fair.c "$patchdir/$p") ||
		die "$series: $p does not apply to $top $ver's fair.c"
done < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$series")
cp "$tmp/kernel/sched/fair.c" "$out.tmp" && mv "$out.tmp" "$out"
