#!/bin/bash
# shard-merge.sh DIR JOBS DURATION_S - merge the shards of a `make run
# JOBS=N` (DIR/shards/sK.log names each shard's results directory) into
# DIR/results.ktap, results.jsonl, console.log and meta.json, in the shapes
# qemu-run.sh writes, so cfsreport and compare read them unchanged.
#
# KTAP: one plan for all scenarios, results renumbered in shard order, each
# shard's header diagnostics kept, one summed "# Totals:" line. JSON Lines:
# scenario indices offset the same way, one run_start (scenarios = total)
# and one run_end (summed totals, the merged exit). A line that is not JSON
# (a shard's truncated last line) is left out here and kept in the shard.
# Exit: see shard.sh.
set -uo pipefail
dir=$1 jobs=$2 duration=$3
say() { echo "[run] $*"; }

# The runner's own stream starts at the "KTAP version 1" whose plan is
# followed by "# conform ..."; what comes before it (the kernel's KUnit
# output at boot) stays in the shard's results.ktap.
runner_ktap() {
	awk '{ l[NR] = $0 } END {
		for (i = 1; i + 2 <= NR; i++)
			if (l[i] ~ /^KTAP version/ && l[i + 1] ~ /^1\.\.[0-9]+$/ && l[i + 2] ~ /^# conform /)
				s = i
		if (s) for (i = s; i <= NR; i++) print l[i]
	}' "$1/results.ktap"
}
plan() { runner_ktap "$1" | sed -n '2s/^1\.\.//p'; }

sdirs=() rcs=()
for ((k = 0; k < jobs; k++)); do
	d=$(sed -n 's/^\[run\] results: //p' "$dir/shards/s$k.log" | tail -n 1)
	[ -n "$d" ] && [ -d "$d" ] || { say "shard $k left no results directory (see $dir/shards/s$k.log)"; d=; }
	sdirs[k]=$d
	rcs[k]=$(cat "$dir/shards/s$k.rc")
done

# --- merged exit code ------------------------------------------------------------
rc=0 any_fail=0 all_skip=1
for ((k = 0; k < jobs; k++)); do
	case "${rcs[k]}" in
	0) all_skip=0 ;;
	1) any_fail=1; all_skip=0 ;;
	4) ;;
	*) [ "$rc" = 0 ] && rc=${rcs[k]} ;;
	esac
done
if [ "$rc" = 0 ]; then
	if [ $any_fail = 1 ]; then rc=1; elif [ $all_skip = 1 ]; then rc=4; fi
fi

# --- KTAP ----------------------------------------------------------------------------
# A shard's KTAP holds its scenarios (numbered 1..nscen, nscen from its
# run_start record) and then the kernel's KUnit suites, numbered after them
# (qemu-run.sh). Every guest boots the same kernel and runs the same suites:
# they are reported once, from the first shard where one failed, else from
# the first shard, numbered after all scenarios as in a JOBS=1 run.
nscen() {
	local n
	n=$(jq -R -r '(try fromjson catch empty) | select(.type == "run_start") | .scenarios' \
		"$1/results.jsonl" 2>/dev/null | head -n 1)
	[[ $n =~ ^[0-9]+$ ]] || n=$(plan "$1")
	echo "${n:-0}"
}
# blocks DIR OFF NSCEN MODE: the shard's top-level results with the lines
# before each (its subtest, diagnostics); MODE scen keeps results 1..NSCEN
# renumbered +OFF, MODE kunit the ones after NSCEN renumbered +OFF-NSCEN.
blocks() {
	awk -v off="$2" -v nscen="$3" -v mode="$4" '
		/^KTAP version/ || /^1\.\.[0-9]+/ || /^# Totals:/ { next }
		{ b[++nb] = $0 }
		/^(not )?ok [0-9]+/ {
			i = ($1 == "not") ? 3 : 2
			kunit = $i + 0 > nscen
			if ((mode == "kunit") == kunit) {
				$i = kunit ? $i - nscen + off : $i + off
				b[nb] = $0
				for (j = 1; j <= nb; j++) print b[j]
			}
			nb = 0
		}
		END { if (mode == "scen") for (j = 1; j <= nb; j++) print b[j] }' < <(runner_ktap "$1")
}
total=0 ks=
for ((k = 0; k < jobs; k++)); do
	d=${sdirs[k]}
	[ -n "$d" ] || continue
	ns[k]=$(nscen "$d")
	total=$((total + ns[k]))
	[ -n "$ks" ] || ks=$k
	if [ "$(blocks "$d" 0 "${ns[k]}" kunit | grep -c '^not ok')" != 0 ] &&
		[ -z "${kfail:-}" ]; then
		ks=$k kfail=1
	fi
done
nk=0
[ -z "$ks" ] || nk=$(blocks "${sdirs[ks]}" 0 "${ns[ks]}" kunit | grep -cE '^(not )?ok [0-9]+')
{
	echo "KTAP version 1"
	echo "1..$((total + nk))"
	echo "# merged from $jobs shards (make run JOBS=$jobs)"
	off=0
	for ((k = 0; k < jobs; k++)); do
		d=${sdirs[k]}
		[ -n "$d" ] || continue
		echo "# shard $k: ${d##*/}, host CPUs $(cat "$dir/shards/s$k.hostcpus")"
		blocks "$d" $off "${ns[k]}" scen
		off=$((off + ns[k]))
	done
	if [ "$nk" != 0 ]; then
		echo "# kernel KUnit suites of shard $ks (every shard's guest ran them)"
		blocks "${sdirs[ks]}" $total "${ns[ks]}" kunit
	fi
} >"$dir/results.ktap.tmp"
# Totals of the merged top-level results (runner's key order).
awk '/^not ok [0-9]+/ { f++; next }
	/^ok [0-9]+.*# SKIP/ { s++; next }
	/^ok [0-9]+/ { p++ }
	END { printf "# Totals: pass:%d fail:%d xfail:0 xpass:0 skip:%d error:0\n", p, f, s }' \
	"$dir/results.ktap.tmp" >>"$dir/results.ktap.tmp"
mv "$dir/results.ktap.tmp" "$dir/results.ktap"

# --- JSON Lines ------------------------------------------------------------------------
off=0
: >"$dir/results.jsonl"
for ((k = 0; k < jobs; k++)); do
	d=${sdirs[k]}
	[ -n "$d" ] || continue
	jq -cR --argjson off $off --argjson k $k --argjson total $total '
		(try fromjson catch empty) |
		if .type == "run_start" then
			if $k == 0 then .scenarios = $total | .shards = 1 else empty end
		elif .type == "run_end" then empty
		elif has("index") then .index += $off
		else . end' "$d/results.jsonl" >>"$dir/results.jsonl"
	off=$((off + ns[k]))
done
ends=$(for d in "${sdirs[@]}"; do [ -n "$d" ] && grep -a '"type":"run_end"' "$d/results.jsonl"; done)
if [ "$(grep -c . <<<"$ends")" = "$jobs" ]; then
	jq -cs --argjson rc "$rc" --argjson jobs "$jobs" '
		{type: "run_end",
		 totals: (map(.totals) | reduce .[] as $t ({}; . as $a | $t | to_entries |
			reduce .[] as $e ($a; .[$e.key] += $e.value))),
		 exit: $rc, duration_us: (map(.duration_us) | max), shards: $jobs}' \
		<<<"$ends" >>"$dir/results.jsonl"
fi

# --- console and meta ------------------------------------------------------------------
for ((k = 0; k < jobs; k++)); do
	echo "==== shard $k: ${sdirs[k]:-no results} ===="
	[ -n "${sdirs[k]}" ] && cat "${sdirs[k]}/console.log"
done >"$dir/console.log"
metas=$(for d in "${sdirs[@]}"; do [ -n "$d" ] && jq -c . "$d/meta.json"; done)
jq -s --arg id "${dir##*/}" --argjson rc "$rc" --argjson dur "$duration" \
	--argjson jobs "$jobs" --arg hc "$(for ((k = 0; k < jobs; k++)); do cat "$dir/shards/s$k.hostcpus"; done)" '
	(map(select(.host_status != "ok")) | first) as $bad |
	.[0] + {run_id: $id, label: (.[0].label | sub("-s0$"; "")), jobs: $jobs,
		runner_exit: (if $bad then null else $rc end),
		host_status: (if $bad then $bad.host_status else "ok" end),
		last_scenario: (map(.last_scenario) | map(select(. != null)) | first),
		duration_s: $dur,
		shards: [to_entries[] | .key as $i | {run_id: .value.run_id, host_cpus: (($hc | split("\n"))[$i]),
			runner_exit: .value.runner_exit, host_status: .value.host_status,
			duration_s: .value.duration_s}]}' <<<"$metas" >"$dir/meta.json"

pass=$(grep -E '^ok [0-9]+' "$dir/results.ktap" | grep -cv '# SKIP')
skip=$(grep -cE '^ok [0-9]+.*# SKIP' "$dir/results.ktap")
fail=$(grep -cE '^not ok [0-9]+' "$dir/results.ktap")
if [ "$rc" = 0 ]; then verdict=PASS; elif [ "$rc" = 4 ]; then verdict=SKIP; else verdict=FAIL; fi
say "verdict: $verdict ($pass passed, $fail failed, $skip skipped; exit $rc) in ${duration}s, $jobs guests"
say "results: $dir"
exit "$rc"
