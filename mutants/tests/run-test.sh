#!/bin/bash
# run-test.sh CFSREPORT [TEST_BIN...] - the generator's cmocka programs
# (tests/run-unit-tests.sh), then make mutants' driver (run.sh, tally.sh) on a
# made-up kernel tree, with a stand-in for make whose "run" copies a
# recorded results folder: a pass for an image built from the unmutated
# fair.c, a fail for one that carries "KILL". Checks: the tree is clean
# after every mutant, a stillborn mutant, kills and survivals, the
# resume, the matrix headed by the mutants' names, the void run.
# Closing line "mutants-tests: N passed, M failed", both parts summed.
set -uo pipefail
cfsreport=$(realpath "$1")
shift
here=$(cd "$(dirname "$0")/.." && pwd)
fixtures=$here/../report/tests/fixtures
pass=0 fail=0
if [ $# -gt 0 ]; then
	unit=$("$here/../tests/run-unit-tests.sh" mutants-unit "$@")
	echo "$unit"
	line=$(tail -n 1 <<<"$unit")
	pass=$(sed -E 's/.*: ([0-9]+) passed.*/\1/' <<<"$line")
	fail=$(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$line")
fi
ok() { pass=$((pass + 1)); echo "  ok   $*"; }
bad() { fail=$((fail + 1)); echo "  FAIL $*"; }
check() { local what=$1; shift; if "$@"; then ok "$what"; else bad "$what"; fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The tree: a git repo whose "bzImage" is fair.c itself (a mutant whose
# line says BROKEN does not "compile").
kt=$tmp/kernel src=$tmp/kernel/src-1
mkdir -p "$src/kernel/sched" "$kt/obj"
printf 'a\nb\nc\nd\ne\nf\ng\nh\n' >"$src/kernel/sched/fair.c"
cat >"$src/Makefile" <<'MK'
bzImage:
	! grep -q BROKEN kernel/sched/fair.c
	mkdir -p $(O)/arch/x86/boot
	cp kernel/sched/fair.c $(O)/arch/x86/boot/bzImage
MK
git -C "$src" init -q && git -C "$src" add -A &&
	git -C "$src" -c user.name=t -c user.email=t@t commit -qm base
cp "$src/kernel/sched/fair.c" "$kt/bzImage"
echo '{"source":"linux-source-t 1"}' >"$kt/kernel.json"

# The stand-in for make: "kernel" does nothing, "run" records a run.
cat >"$tmp/make" <<MK
#!/bin/bash
for a in "\$@"; do case "\$a" in *=*) export "\$a" ;; esac; done
[ "\$1" = run ] || exit 0
fx=pass-run
grep -q KILL "\$KERNEL" && fx=fail-run
[ -e "$tmp/void" ] && fx=fail-run
d=\$RESULTS_DIR/20260101-000000-\$RUN_LABEL
mkdir -p "\$d" && cp "$fixtures/\$fx"/* "\$d/"
sed -i "s/\"label\":\"run\"/\"label\":\"\$RUN_LABEL\"/" "\$d/meta.json"
echo "\$RUN_LABEL" >>"$tmp/boots"
MK
chmod +x "$tmp/make"

cat=$tmp/cat
mkdir -p "$cat"
mk() {	# mk NAME LINE NEW: a patch of line LINE (1-based, 4..5)
	local f=$tmp/m
	sed "$2s/.*/$3/" "$src/kernel/sched/fair.c" >"$f"
	(cd "$src" && diff -u kernel/sched/fair.c "$f" |
		sed "1s|.*|--- a/kernel/sched/fair.c|; 2s|.*|+++ b/kernel/sched/fair.c|") \
		>"$cat/$1.patch"
}
mk 0001-f-rel 4 KILL
mk 0002-f-const 5 same
mk 0003-f-arith 4 BROKEN

drive() {
	MAKE=$tmp/make CFSREPORT=$cfsreport "$here/run.sh" t "$kt" "$cat" \
		"$tmp/res" default "$@" >"$tmp/out" 2>&1
}
drive
check "driver exits 0" [ $? = 0 ]
check "tree left clean" git -C "$src" diff --quiet HEAD
check "one progress line per mutant" [ "$(grep -c '^\[mutants\] [1-3]/3 ' "$tmp/out")" = 3 ]
check "killed" grep -q '1/3 0001-f-rel: killed by 1 scenario (uneven-affinity)' "$tmp/out"
check "survived" grep -q '2/3 0002-f-const: survived' "$tmp/out"
check "stillborn" grep -q '3/3 0003-f-arith: stillborn' "$tmp/out"
check "kill rate" grep -q 'killed 1 of 2 (50.0 %), 1 survived, 1 stillborn' "$tmp/res/summary.txt"
check "matrix by name" grep -q '\[2\] 0001-f-rel, ' "$tmp/res/matrix.txt"
check "matrix page" grep -q '>0002-f-const</a>' "$tmp/res/matrix.html"
check "kills.tsv" [ "$(cut -f2 "$tmp/res/kills.tsv" | tr '\n' ' ')" = "state killed survived stillborn " ]
boots=$(wc -l <"$tmp/boots")
drive
check "resumes without booting" [ "$(wc -l <"$tmp/boots")" = "$boots" ]
drive 0002
check "MUTANTS selects" grep -q '^\[mutants\] 1/1 0002-f-const: survived' "$tmp/out"
rm -rf "$tmp/res"
touch "$tmp/void"
drive
check "void when the unmutated kernel fails" [ $? = 1 ]
check "void says so" grep -q 'VOID: the unmutated t kernel is killed by 1' "$tmp/out"
echo "mutants-tests: $pass passed, $fail failed"
[ "$fail" = 0 ]
