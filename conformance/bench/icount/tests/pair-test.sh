#!/bin/bash
# pair-test.sh - host test of icount-pair.sh and icount-summary.sh on a
# made-up boot: JSON with and without spaces after the colons, a traced
# run, a plugin line per measured run; then one run without its plugin
# line must fail. Exit 0 pass, 1 fail.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "pair-test: $*"; exit 1; }
mkdir "$t/b"
echo "kernel=k1 image=x cpus=1 clock=icount shift=3 boot=2 qemu_rc=0" >"$t/b/meta"
cat >"$t/b/insn.log" <<'X'
insnmark seq=1 total=36000
insnmark seq=2 total=18000 vcpu0=18000
insnmark seq=3 total=50000
insnmark exit marks=3 total=99
X
cat >"$t/b/results.jsonl" <<'X'
{"type":"bench_start","cpus":1}
{"type":"bench","section":"cost","load":"pingpong","config":"default","rep":0,"seq":1,"ops":2,"elapsed_ns":5,"busy_ns":4}
{ "type": "bench", "section": "cost", "load": "hackbench", "config": "rl=on,shift=6", "rep": 1, "seq": 2, "ops": 3, "elapsed_ns": 7, "busy_ns": -1 }
{"type":"bench","section":"cost_folds","load":"pingpong","config":"default","ops":2000,"folds":44}
X
"$here/icount-pair.sh" "$t/b" "$t/c" "$t/f" || fail "pairing failed"
want=$(printf 'k1\t1\ticount\t2\tpingpong\tdefault\t0\t2\t36000\t18000.0\t5\t4\nk1\t1\ticount\t2\thackbench\trl=on,shift=6\t1\t3\t18000\t6000.0\t7\t-1')
[ "$(cat "$t/c")" = "$want" ] || fail "cost rows: $(cat "$t/c")"
[ "$(cat "$t/f")" = "$(printf 'k1\t1\t2\tpingpong\tdefault\t2000\t44\t50000')" ] || fail "folds rows: $(cat "$t/f")"
{ printf 'h\n'; cat "$t/c"; } >"$t/cost.tsv"
"$here/icount-summary.sh" --ref k1 "$t/cost.tsv" | grep -q '| k1 | 1 | pingpong | default | 0 | 1 | 18000.0 | 18000.0 | 18000.0 | 0.000 % | 1.0000 |' ||
	fail "summary: $("$here/icount-summary.sh" --ref k1 "$t/cost.tsv")"
sed -i '/seq=3/d' "$t/b/insn.log"
"$here/icount-pair.sh" "$t/b" "$t/c2" "$t/f2" 2>/dev/null && fail "a run without a plugin line was accepted"
echo "pair-test: ok"
