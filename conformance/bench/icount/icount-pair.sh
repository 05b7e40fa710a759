#!/bin/bash
# icount-pair.sh - one boot's measured runs as TSV rows: the plugin's
# N-th "insnmark seq=N total=T" line (insn.log) paired with cfsbench's
# N-th JSON object of a marked run (results.jsonl: "cost" and
# "cost_folds" alike, both run between the markers); kernel, vCPUs,
# clock and boot come from the boot's meta file (bench-icount.sh).
#
#   icount-pair.sh BOOT_DIR COST_ROWS FOLDS_ROWS    (rows are appended)
#
# cost rows:  kernel cpus clock boot load config rep ops insns insn_per_op
#             elapsed_ns busy_ns
# folds rows: kernel cpus boot load config ops folds insns (the traced
#             run's instructions: the trace point's cost when enabled)
# Exit 1 when the marked runs and the plugin lines do not match one to
# one (or there is no run at all).
set -uo pipefail
dir=${1:?usage: icount-pair.sh BOOT_DIR COST_ROWS FOLDS_ROWS}
cost=${2:?} folds=${3:?}
meta() { sed -n "s/.*\<$1=\([^ ]*\).*/\1/p" "$dir/meta"; }
awk -v kernel="$(meta kernel)" -v cpus="$(meta cpus)" -v clock="$(meta clock)" \
	-v boot="$(meta boot)" -v folds="$folds" '
function val(line, key,	s) {
	if (!match(line, "\"" key "\": *(\"[^\"]*\"|-?[0-9.]+)"))
		return ""
	s = substr(line, RSTART, RLENGTH)
	sub(/^"[^"]*": */, "", s)
	gsub(/"/, "", s)
	return s
}
FILENAME ~ /insn\.log$/ {
	if (/^insnmark seq=/) {
		split($2, a, "="); split($3, t, "=")
		insns[a[2]] = t[2]
		lines++
	}
	next
}
/"section": *"cost_folds"/ {
	s = ++m
	if (!(s in insns)) { missing++; next }
	print kernel "\t" cpus "\t" boot "\t" val($0, "load") "\t" \
		val($0, "config") "\t" val($0, "ops") "\t" val($0, "folds") "\t" \
		insns[s] >> folds
	next
}
/"section": *"cost"/ {
	s = ++m; o = val($0, "ops")
	if (!(s in insns)) { missing++; next }
	runs++
	printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.1f\t%s\t%s\n",
		kernel, cpus, clock, boot, val($0, "load"), val($0, "config"),
		val($0, "rep"), o, insns[s], insns[s] / o, val($0, "elapsed_ns"),
		val($0, "busy_ns")
}
END {
	if (missing || !runs || lines != m) {
		printf "icount-pair.sh: %s: %d marked runs, %d plugin lines, %d unpaired\n",
			FILENAME, m, lines, missing > "/dev/stderr"
		exit 1
	}
}' "$dir/insn.log" "$dir/results.jsonl" >>"$cost"
