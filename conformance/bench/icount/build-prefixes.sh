#!/bin/bash
# build-prefixes.sh - one kernel per prefix of the series (0 = stock, K =
# the first K patches), built one after another in one tree with
# patches/build-kernel.sh, so that each step recompiles only what the
# next patch touches. Leaves BUILD/pK.bzImage and BUILD/pK.json.
#
#   build-prefixes.sh --tarball T --build BUILD --series FILE [--config F]...
#                     [--only "K K ..."]
#
# Options a later patch defines (its Kconfig) are left out of the earlier
# prefixes (--allow-undefined), as for make kernel-stock.
set -euo pipefail
tarball= build= series= only=
configs=()
while [ $# -gt 0 ]; do
	case "$1" in
	--tarball) tarball=$2 ;;
	--build) build=$2 ;;
	--series) series=$2 ;;
	--config) configs+=(--config "$2") ;;
	--only) only=$2 ;;
	*) echo "build-prefixes.sh: unknown argument $1" >&2; exit 2 ;;
	esac
	shift 2
done
[ -n "$tarball" ] && [ -n "$build" ] && [ -r "$series" ] || {
	echo "usage: build-prefixes.sh --tarball T --build DIR --series FILE [--config F]..." >&2
	exit 2
}
here=$(cd "$(dirname "$0")" && pwd)
root=$here/../../..
mkdir -p "$build/series"
# build-kernel.sh reads each patch relative to the series file's folder
rel=$(realpath --relative-to="$build/series" "$(dirname "$series")")
mapfile -t all < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$series")
for k in ${only:-$(seq 0 ${#all[@]})}; do
	s=$build/series/p$k
	for ((i = 0; i < k; i++)); do echo "$rel/${all[$i]}"; done >"$s"
	echo "[prefix] p$k: the first $k of ${#all[@]} patches"
	"$root/patches/build-kernel.sh" --tarball "$tarball" \
		--build "$build/tree" --series "$s" --allow-undefined "${configs[@]}"
	cp "$build/tree/bzImage" "$build/p$k.bzImage"
	cp "$build/tree/kernel.json" "$build/p$k.json"
done
