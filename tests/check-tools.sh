#!/bin/bash
# check-tools.sh [--present] - hold the tree to tools/commands.tsv, the
# table of every external command the host side runs and its package.
#
#   1. each command in command position in Makefile, *.mk, host shell
#      scripts and .ci/run (tools/commands-used.awk) that names an
#      executable here is in the table (functions of the same file aside);
#   2. each row's package is in the list the row names: DEPS_PKGS or
#      LAVA_DEPS_PKGS (from make), or Priority: required for "base";
#   3. each deps/base command is present, and a copy of it in PATH comes
#      from that package.
#
# --present runs only the presence part with shell builtins alone, so that
# it works with any PATH (the self-test of tests/check-tools-test.sh).
# Exit 0 when all hold; 1 with one "check-tools: ..." line per problem.
set -uo pipefail
root=${0%/*}/..
table=${CHECK_TOOLS_TABLE:-$root/tools/commands.tsv}
fails=0 passes=0

problem() {
	echo "check-tools: $*"
	fails=$((fails + 1))
}

# The rows as "command package list" (comments and guest lines dropped).
rows() {
	local cmd pkg list rest
	while IFS=$'\t' read -r cmd pkg list rest; do
		case "$cmd" in '' | '#'* | guest) continue ;; esac
		echo "$cmd $pkg $list"
	done <"$table"
}

present() {
	local cmd pkg list
	while read -r cmd pkg list; do
		case "$list" in deps | base) ;; *) continue ;; esac
		if command -v "$cmd" >/dev/null 2>&1; then
			passes=$((passes + 1))
		else
			problem "missing tool: $cmd (Debian package $pkg; make deps installs the deps list)"
		fi
	done < <(rows)
}

if [ "${1:-}" = --present ]; then
	present
	echo "check-tools --present: $passes passed, $fails failed"
	[ $fails = 0 ]
	exit
fi
cd "$root" || exit 2

guest_file() {
	local g
	for g in $(awk -F'\t' '$1 == "guest" { print $2 }' "$table"); do
		# shellcheck disable=SC2053 # the table's globs
		[[ $1 == $g ]] && return 0
	done
	return 1
}

# 1. the scan
scan() {
	local f mode
	while IFS= read -r f; do
		guest_file "$f" && continue
		case "$f" in
		Makefile | *.mk) mode=make ;;
		*) mode=sh ;;
		esac
		# the file's own functions are not commands
		local funcs
		funcs=" $(sed -nE 's/^[[:space:]]*(function[[:space:]]+)?([A-Za-z0-9_-]+)[[:space:]]*\(\).*/\2/p' "$f" | tr '\n' ' ') "
		awk -v mode=$mode -f tools/commands-used.awk "$f" |
			while IFS= read -r hit; do
				[[ $funcs == *" ${hit##*: } "* ]] || echo "$hit"
			done
	done < <(git ls-files --cached --others --exclude-standard -- \
		Makefile '*.mk' '*.sh' .ci/run 2>/dev/null)
}
declare -A listed pkg_of list_of
while read -r cmd pkg list; do
	listed[$cmd]=1 pkg_of[$cmd]=$pkg list_of[$cmd]=$list
done < <(rows)
scanned=0
while IFS= read -r hit; do
	w=${hit##*: }
	[ -n "${listed[$w]:-}" ] && { scanned=$((scanned + 1)); continue; }
	type -P "$w" >/dev/null || continue
	problem "$hit: runs '$w', which tools/commands.tsv does not list"
done < <(scan)
[ $scanned -gt 0 ] && passes=$((passes + 1)) ||
	problem "the scan found no listed command at all (tools/commands-used.awk broken?)"

# 2. each package in its list
deps=" $(make -s --no-print-directory print-deps) "
lava=" $(make -s --no-print-directory print-deps DEPS_LIST=LAVA_DEPS_PKGS) "
for cmd in "${!listed[@]}"; do
	p=${pkg_of[$cmd]}
	[[ $p == *'('*')' ]] && p=${p#*'('} && p=${p%')'} # owner(installed through)
	case "${list_of[$cmd]}" in
	deps) [[ $deps == *" $p "* ]] || problem "$cmd: package $p is not in DEPS_PKGS" ;;
	lava) [[ $lava == *" $p "* ]] || problem "$cmd: package $p is not in LAVA_DEPS_PKGS" ;;
	base)
		prio=$(dpkg-query -W -f='${Priority}' "$p" 2>/dev/null)
		[ "$prio" = required ] ||
			problem "$cmd: package $p is '${prio:-not installed}', not required: put it in DEPS_PKGS" ;;
	self) grep -rEqs "deps\.sh\"? $p" --include="*.sh" . ||
			problem "$cmd: no script installs $p through tools/deps.sh" ;;
	*) problem "$cmd: unknown list '${list_of[$cmd]}'" ;;
	esac
done

# 3. present, and from the package the table names
owner() {
	local p=$1 alt q
	alt=$(readlink -f "$p")
	for q in "$p" "${p/#\/usr\/bin/\/bin}" "${p/#\/usr\/sbin/\/sbin}" "$alt" \
		"${alt/#\/usr\/bin/\/bin}"; do
		dpkg-query -S "$q" 2>/dev/null | sed 's/:.*//; s/, /\n/g' && return
	done
}
# One of the PATH's copies must be the package's: a user's PATH may put
# another (pyenv's python3, say) first, which is theirs to choose.
from_package() {
	local path
	while IFS= read -r path; do
		grep -qx "$2" < <(owner "$path") && return 0
	done < <(type -a -P "$1")
	return 1
}
present
for cmd in "${!listed[@]}"; do
	case "${list_of[$cmd]}" in deps | base) ;; *) continue ;; esac
	path=$(type -P "$cmd") || continue # reported by present
	from_package "$cmd" "${pkg_of[$cmd]%'('*}" ||
		problem "$cmd: $path comes from '$(owner "$path" | tr '\n' ' ')', not ${pkg_of[$cmd]%'('*}"
done

echo "check-tools: $passes passed, $fails failed"
[ $fails = 0 ]
