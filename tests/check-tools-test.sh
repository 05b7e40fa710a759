#!/bin/bash
# check-tools-test.sh - the tests of tests/check-tools.sh and of
# tools/commands-used.awk: the lexer finds commands and nothing else, a
# missing tool fails the presence check naming it (every listed tool, one
# at a time), and an unlisted command or a package outside its list fails
# the full check naming it.
set -uo pipefail
cd "$(dirname "$0")/.."
. tests/check-lib.sh
tmp=$(mktemp -d /tmp/check-tools-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# --- the lexer ---------------------------------------------------------------
cat >"$tmp/s.sh" <<'EOF'
#!/bin/bash
# grep in a comment is not run
x=$(basename "$f") y="$(cut -d: -f1 <<<"$x")"
awk '{ print "sed" }
	next' file.txt | sort -u
if cmp -s a b; then echo "tail is text"; fi
case "$m" in head | wc) tr a b ;; *) ;; esac
case "$n" in
top | xargs) ;;
esac
cat <<DOC
mv inside a here-document
DOC
timeout 5 stat x && command -v jq >/dev/null
foo() { sha256sum "$1"; }
foo x; LC_ALL=C tee y >/dev/null
v="$([ -n "$x" ] && echo uniq || printf nl)"
EOF
awk -v mode=sh -f tools/commands-used.awk "$tmp/s.sh" | sed 's/.*: //' | sort -u | tr '\n' ' ' >"$tmp/got"
check "lexer: sh commands" eq "$(cat "$tmp/got")" \
	"awk basename cat cmp cut foo jq sha256sum sort stat tee timeout tr "
printf 'X := $(shell git rev-parse HEAD)\nall:\n\t$(Q)$(MAKE) -C d && $(CC) -o a\n\t@echo "$$(date)" | gzip >x\n' >"$tmp/m.mk"
check "lexer: make recipes and \$(shell)" eq \
	"$(awk -v mode=make -f tools/commands-used.awk "$tmp/m.mk" | sed 's/.*: //' | sort -u | tr '\n' ' ')" \
	"date gcc git gzip make "

# --- presence: drop each listed tool in turn ---------------------------------
mapfile -t tools < <(awk -F'\t' '$1 !~ /^(#|guest|$)/ && ($3 == "deps" || $3 == "base") { print $1 }' tools/commands.tsv)
check "the table lists deps/base tools" test "${#tools[@]}" -gt 20
all=ok
for drop in "${tools[@]}"; do
	bin="$tmp/bin-$drop"
	mkdir "$bin"
	for t in "${tools[@]}"; do
		[ "$t" = "$drop" ] && continue
		p=$(type -P "$t") && ln -s "$p" "$bin/$t"
	done
	out=$(PATH=$bin /bin/bash tests/check-tools.sh --present 2>&1) && {
		echo "FAIL: --present passed without $drop"
		all=bad
	}
	grep -q "missing tool: $drop " <<<"$out" || {
		echo "FAIL: without $drop the check did not name it:"
		sed 's/^/    /' <<<"$out" | tail -n 3
		all=bad
	}
	rm -rf "$bin"
done
check "each of ${#tools[@]} tools, removed, fails the presence check by name" eq "$all" ok

# --- the full check against a damaged table ----------------------------------
sed -e '/^file\t/d' -e 's/^xmllint\tlibxml2-utils\t/xmllint\tno-such-package\t/' \
	tools/commands.tsv >"$tmp/table.tsv"
CHECK_TOOLS_TABLE=$tmp/table.tsv tests/check-tools.sh >"$tmp/out" 2>&1
check "damaged table: the check fails" test $? = 1
check "an unlisted command is named with its script" has "$tmp/out" \
	"initramfs/mkinitramfs.sh:"
check "... and the command" has "$tmp/out" "runs 'file', which tools/commands.tsv does not list"
check "a package outside DEPS_PKGS is named" has "$tmp/out" \
	"xmllint: package no-such-package is not in DEPS_PKGS"
check "a command from another package is named" has "$tmp/out" \
	"xmllint: /usr/bin/xmllint comes from 'libxml2-utils"

echo "check-tools-test: $pass passed, $fail failed"
[ "$fail" = 0 ]
