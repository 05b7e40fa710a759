#!/bin/bash
# stable-patch.sh - write the truncation fix of one base as a stand-alone
# stable patch: `git format-patch` of that one change against the
# pristine Debian tree, with the base's stable changelog
# (patches/<base>/stable.msg: its own numbers, Fixes: tags, the
# reproducer), plus the reproducer itself.
#
#   stable-patch.sh --tarball T --base-dir DIR --fix PATCH --msg MSG \
#                   --version V --out OUT
#
# DIR is a build folder of build-kernel.sh (its src-*/ repo has the
# pristine tree tagged "base"; make kernel-stock provides one). Only the
# hunks of PATCH outside the KUnit test block are taken (6.1's 0008 also
# adds a KUnit case to a suite the stable tree does not have); the result
# must apply to the pristine tree on its own, or the script fails.
set -euo pipefail

tarball= dir= fix= msg= version= out=
while [ $# -gt 0 ]; do
	case "$1" in
	--tarball) tarball=$2; shift 2 ;;
	--base-dir) dir=$2; shift 2 ;;
	--fix) fix=$2; shift 2 ;;
	--msg) msg=$2; shift 2 ;;
	--version) version=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	*) echo "stable-patch.sh: unknown argument $1" >&2; exit 2 ;;
	esac
done
say() { echo "[stable-patch] $*"; }
die() { echo "[stable-patch] error: $*" >&2; exit 1; }
[ -r "$fix" ] && [ -r "$msg" ] || die "usage: see the header"
fix=$(cd "$(dirname "$fix")" && pwd)/$(basename "$fix")
msg=$(cd "$(dirname "$msg")" && pwd)/$(basename "$msg")
src=$(ls -d "$dir"/src-* 2>/dev/null | head -n 1)
[ -z "$src" ] || src=$(cd "$src" && pwd)
[ -n "$src" ] && git -C "$src" rev-parse -q --verify base >/dev/null ||
	die "no unpacked tree with a 'base' tag under $dir (run make kernel-stock)"
mkdir -p "$out"
out=$(cd "$out" && pwd)

# Drop the hunks that add KUnit code (they belong to the series' test
# suite, not to the fix).
filtered=$out/fix.diff
awk '
	/^diff --git / { flush(); hdr = $0 "\n"; inhdr = 1; next }
	inhdr && /^@@/ { inhdr = 0 }
	inhdr { hdr = hdr $0 "\n"; next }
	/^@@/ { flush(); hunk = $0 "\n"; next }
	/^-- $/ { flush(); done = 1 }
	done { next }
	hunk != "" { hunk = hunk $0 "\n"; if ($0 ~ /KUNIT|kunit/) kunit = 1; next }
	function flush() {
		if (hunk != "" && !kunit) {
			if (hdr != "") { printf "%s", hdr; hdr = "" }
			printf "%s", hunk
		}
		hunk = ""; kunit = 0
	}
	END { flush() }
' "$fix" >"$filtered"
[ -s "$filtered" ] || die "$fix: no hunk left"

git_k() { git -C "$src" -c user.name="Conformance Suite Developers" \
	-c user.email=dev@cfs-conformance.invalid -c gc.auto=0 "$@"; }
idx=$src/.git/stable-index
rm -f "$idx"
GIT_INDEX_FILE=$idx git_k read-tree base
GIT_INDEX_FILE=$idx git_k apply --cached "$filtered" ||
	die "the fix does not apply to the pristine $version tree on its own"
tree=$(GIT_INDEX_FILE=$idx git_k write-tree)
rm -f "$idx"
commit=$(git_k commit-tree "$tree" -p base -F "$msg")
rm -f "$out"/0001-*.patch
git_k format-patch -q --zero-commit --subject-prefix="PATCH $version.y" \
	-o "$out" -1 "$commit"
rm -f "$filtered"
cp "$(dirname "$0")/reproducers/load-sum-truncation.sh" "$out/"
say "wrote $(ls "$out"/0001-*.patch) and $out/load-sum-truncation.sh"
