#!/bin/bash
# prune.sh KTREE CANDIDATES CATALOGUE - keep the candidates that build and
# change the object code; write them to CATALOGUE.
#
# KTREE is a built kernel folder of the base (make kernel: src-*/ and
# obj/ with kernel/sched/.fair.o.cmd). Each candidate patch is applied to
# a copy of the tree's fair.c in a scratch folder and compiled with
# kbuild's own command for fair.o (its -o and dependency file pointed
# into the scratch folder, so neither the tree nor its objects are
# written); the unmutated file is compiled the same way first. A
# candidate is
#   stillborn     it does not apply or does not compile
#   same-object   its fair.o is byte-identical to the unmutated one (the
#                 line is in an #ifdef branch this configuration leaves
#                 out, or the compiler folds the change away): equivalent
#   kept          copied to CATALOGUE
# CATALOGUE/PRUNED lists the first two kinds, one "name<TAB>why" a line;
# CATALOGUE's old patches are replaced.
#
# Exit: 0, 1 the unmutated file does not compile, 2 usage.
set -uo pipefail
[ $# -eq 3 ] || { echo "usage: prune.sh KTREE CANDIDATES CATALOGUE" >&2; exit 2; }
ktree=$1 cand=$2 cat=$3
say() { echo "[mutants] $*"; }
src=$(ls -d "$ktree"/src-*/ 2>/dev/null | head -n 1)
obj=$ktree/obj
cmdfile=$obj/kernel/sched/.fair.o.cmd
[ -n "$src" ] && [ -r "$cmdfile" ] || {
	say "error: $ktree has no built tree (make kernel first)" >&2
	exit 1
}
src=$(cd "$src" && pwd)
obj=$(cd "$obj" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/kernel/sched"

# kbuild's command, up to the first ';' (objtool and friends follow).
cmd=$(sed -n 's/^savedcmd_kernel\/sched\/fair.o := //p; s/^cmd_kernel\/sched\/fair.o := //p' \
	"$cmdfile" | head -n 1)
cmd=${cmd%%;*}
cmd=${cmd//-Wp,-MMD,kernel\/sched\/.fair.o.d/}
cmd=${cmd//-Wp,-MD,kernel\/sched\/.fair.o.d/}
cmd=${cmd// -o kernel\/sched\/fair.o / -o \$out -iquote $src\/kernel\/sched }
cmd=${cmd//"$src/kernel/sched/fair.c"/"$tmp/kernel/sched/fair.c"}

compile() {	# compile OUT: the scratch fair.c into OUT
	local out=$1
	(cd "$obj" && eval "$cmd") >"$tmp/cc.log" 2>&1
}

git -C "$src" show HEAD:kernel/sched/fair.c >"$tmp/fair.c.base"
cp "$tmp/fair.c.base" "$tmp/kernel/sched/fair.c"
compile "$tmp/base.o" || {
	say "error: the unmutated fair.c does not compile:" >&2
	tail -n 20 "$tmp/cc.log" >&2
	exit 1
}

mkdir -p "$cat"
rm -f "$cat"/*.patch "$cat/PRUNED"
n=0 kept=0 dead=0 same=0
cand=$(cd "$cand" && pwd)
for p in "$cand"/*.patch; do
	name=$(basename "$p" .patch)
	n=$((n + 1))
	cp "$tmp/fair.c.base" "$tmp/kernel/sched/fair.c"
	if ! (cd "$tmp" && git apply "$p") 2>"$tmp/cc.log" ||
		! compile "$tmp/m.o"; then
		printf '%s\tstillborn\n' "$name" >>"$cat/PRUNED"
		dead=$((dead + 1))
		say "$name: stillborn ($(grep -m1 -E 'error' "$tmp/cc.log" | sed 's/.*error: //'))"
	elif cmp -s "$tmp/base.o" "$tmp/m.o"; then
		printf '%s\tsame-object\n' "$name" >>"$cat/PRUNED"
		same=$((same + 1))
		say "$name: same object code (equivalent)"
	else
		cp "$p" "$cat/"
		kept=$((kept + 1))
	fi
done
say "$(basename "$cat"): $n candidates, $kept kept, $dead stillborn, $same same-object"
