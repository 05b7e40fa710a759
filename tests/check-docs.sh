#!/bin/bash
# check-docs.sh - hold the docs to their split by kind (CONTRIBUTING.md,
# "Docs"): reference pages say what is, the dated lab notebook says what
# was measured and when.
#
# Checks, each counted once per file (a file with several faults of one
# check is one failure, every faulty line named):
#   * README.md has at most 120 lines;
#   * every page in docs/lab/ is named YYYY-MM-DD-topic.md;
#   * the reference pages (README.md, CONTRIBUTING.md, docs/*.md and the
#     components' pages, below; not docs/lab/, not docs/findings/) hold no
#     lab notebook: no "campaign", no "round N" or "first ... seventh
#     round", no issue reference ("issue 43", "#43"), no "the lead", and
#     no date (YYYY-MM-DD). A date may stand only inside a markdown link
#     to a lab page, its text or its target ("[2026-12-07-topic.md](lab/
#     2026-12-07-topic.md)"), inside any link's target, or on a line that
#     cites upstream mail (it names lore.kernel.org or lkml);
#   * every relative markdown link of README.md, the components' pages and
#     docs/**/*.md points to a file or folder that exists (the #anchor is
#     not checked).
#
# The rules are first run on fixed lines, each counted as a check, so that
# a broken pattern fails here rather than passing everything. Ends with
# "docs: N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
export LC_ALL=C.UTF-8
max_readme=120
pass=0 fail=0
components=(cgroup-scenarios/FORMAT.md conformance/bench/README.md
	lava/README.md patches/README.md report/README.md
	tests/faults/README.md)

ok() { pass=$((pass + 1)); }
bad() { echo "docs: $*"; fail=$((fail + 1)); }

# clean FILE: FILE with code blocks blanked (commands and output, not
# prose), links to lab pages emptied (text and target: they name a dated
# page) and other link targets emptied (#anchors); the line numbers stay
clean() {
	awk '/^```/ { inb = !inb; print ""; next }
		inb { print ""; next }
		{ gsub(/\[[^]]*\]\([^)]*lab\/[^)]*\)/, "[]()")
		  gsub(/\]\([^)]*\)/, "]()"); print }' "$1"
}

# lab_lines FILE: "LINE:what:text" for each line of FILE that holds lab
# notebook, in line order
lab_lines() {
	local c
	c=$(clean "$1")
	{
		grep -niE 'campaign' <<<"$c" | sed -E 's/^([0-9]+):/\1:campaign:/'
		grep -niE '\bround [0-9]+|\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth) round\b' <<<"$c" |
			sed -E 's/^([0-9]+):/\1:round:/'
		grep -niE '\bissues? #?[0-9]+|(^|[^&[:alnum:]])#[0-9]+\b' <<<"$c" |
			sed -E 's/^([0-9]+):/\1:issue reference:/'
		grep -niE '\bthe lead\b' <<<"$c" | sed -E 's/^([0-9]+):/\1:the lead:/'
		grep -nE '\b[0-9]{4}-[0-9]{2}-[0-9]{2}\b' <<<"$c" |
			grep -viE 'lore\.kernel\.org|lkml' | sed -E 's/^([0-9]+):/\1:date:/'
	} | sort -t: -k1,1n -s
}

# lab_words LINE: what of the lab notebook LINE holds, comma-separated
lab_words() {
	lab_lines <(printf '%s\n' "$1") | cut -d: -f2 | paste -sd,
}

expect() {	# expect WHY LINE: a fixed case of the rule
	local got
	got=$(lab_words "$2")
	if [ "$got" = "$1" ]; then
		ok
	else
		bad "rule case '$2': want '$1', got '$got'"
	fi
}

expect "" "measured: [lab page](lab/2026-12-07-concur-triage.md#round-2)"
expect "" "the sequential verdict: see [verdict](verdict.md#9-looks), a round of reads"
expect "" "Link: https://lore.kernel.org/all/20240101-x@y/ (2024-01-01)"
expect "" "KTAP \`ok 3 name # XFAIL why\`, \`#include \"kernel/kernel.h\"\`"
expect "campaign" "the flake campaigns"
expect "round" "the sampler's seventh round"
expect "round" "in round 2 the"
expect "issue reference" "see issue 43"
expect "issue reference" "(#23)"
expect "the lead" "proposed to the lead"
expect "date" "Until 2026-12-07 usage was read"
expect "" "measured: [2026-12-06-series-cost.md](lab/2026-12-06-series-cost.md)"
expect "date" "[run of 2026-12-06](verdict.md)"

# README's length
n=$(wc -l <README.md)
if [ "$n" -le $max_readme ]; then
	ok
else
	bad "README.md: $n lines, at most $max_readme"
fi

# lab pages are dated
for f in docs/lab/*.md; do
	[ -e "$f" ] || continue
	if [[ ${f#docs/lab/} =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}-[a-z0-9][a-z0-9._-]*\.md$ ]]; then
		ok
	else
		bad "$f: a lab page is named YYYY-MM-DD-topic.md"
	fi
done

# reference pages hold no lab notebook
for f in README.md CONTRIBUTING.md docs/*.md "${components[@]}"; do
	[ -e "$f" ] || continue
	found=$(lab_lines "$f")
	if [ -z "$found" ]; then
		ok
	else
		while IFS= read -r l; do
			echo "docs: $f:${l:0:120}"
		done <<<"$found"
		bad "$f: lab notebook in a reference page (move it to docs/lab/YYYY-MM-DD-topic.md)"
	fi
done

# relative links point to existing files
for f in README.md CONTRIBUTING.md "${components[@]}" $(find docs -name '*.md' | sort); do
	[ -e "$f" ] || continue
	found=0
	while IFS=: read -r lineno target; do
		target=${target#](}
		target=${target%)}
		target=${target%%#*}
		target=${target%% *}	# [x](file "title")
		case "$target" in '' | *://* | mailto:*) continue ;; esac
		if [ ! -e "$(dirname "$f")/$target" ]; then
			echo "docs: $f:$lineno: broken link: $target"
			found=1
		fi
	done < <(grep -noE '\]\([^)]*\)' "$f")
	if [ "$found" = 0 ]; then
		ok
	else
		bad "$f: broken relative link"
	fi
done

echo "docs: $pass passed, $fail failed"
[ "$fail" = 0 ]
