#!/bin/bash
# icount-summary.sh - Markdown tables from bench-icount.sh's TSV files.
#
#   icount-summary.sh [--ref KERNEL] COST_TSV [FOLDS_TSV]
#
# Instructions per operation: for each kernel, vCPU count, load, setting
# and rep (the n-th run of that load in a boot: the runs of one boot
# differ systematically, each leaves the scheduler in another state), one
# figure per boot; the table gives the mean of the boots' figures, their
# min and max and the spread (max - min) / mean; rep "all" is the mean
# of a boot's reps. Nothing is dropped: every measured run of
# every boot is in a figure. With --ref, each kernel's ratio to the
# reference kernel (same vCPUs, load and setting) and the ratio's range
# (min / ref max .. max / ref min). Folds per 1000 operations likewise,
# from the traced runs (one per load, setting and boot).
set -uo pipefail
ref=
[ "${1:-}" = --ref ] && { ref=$2; shift 2; }
cost=${1:?usage: icount-summary.sh [--ref KERNEL] COST_TSV [FOLDS_TSV]}
folds=${2:-}

awk -F'\t' -v ref="$ref" '
NR == 1 { next }
function add(k, v,	b) {
	b = k SUBSEP $4
	if (!(b in n)) { nb[k]++; boots[k, nb[k]] = b }
	n[b]++; s[b] += v
	if (!(k in seen)) { seen[k] = 1; keys[++nk] = k }
}
{	# kernel cpus load config rep; rep "all": the mean over a boot
	add($1 SUBSEP $2 SUBSEP $5 SUBSEP $6 SUBSEP $7, $10)
	add($1 SUBSEP $2 SUBSEP $5 SUBSEP $6 SUBSEP "all", $10)
}
END {
	for (i = 1; i <= nk; i++) {
		k = keys[i]; sum = 0; lo = ""; hi = ""
		for (j = 1; j <= nb[k]; j++) {
			v = s[boots[k, j]] / n[boots[k, j]]
			sum += v
			if (lo == "" || v < lo) lo = v
			if (hi == "" || v > hi) hi = v
		}
		mean[k] = sum / nb[k]; min[k] = lo; max[k] = hi
	}
	printf "| kernel | vCPUs | load | setting | rep | boots | instructions/op (mean) | min | max | spread |%s\n",
		ref != "" ? " ratio to " ref " | ratio range |" : ""
	printf "|---|---|---|---|---|---|---|---|---|---|%s\n", ref != "" ? "---|---|" : ""
	for (i = 1; i <= nk; i++) {
		k = keys[i]; split(k, f, SUBSEP)
		line = sprintf("| %s | %s | %s | %s | %s | %d | %.1f | %.1f | %.1f | %.3f %% |",
			f[1], f[2], f[3], f[4], f[5], nb[k], mean[k], min[k],
			max[k], 100 * (max[k] - min[k]) / mean[k])
		r = ref SUBSEP f[2] SUBSEP f[3] SUBSEP f[4] SUBSEP f[5]
		if (ref != "" && (r in mean))
			line = line sprintf(" %.4f | %.4f .. %.4f |", mean[k] / mean[r],
				min[k] / max[r], max[k] / min[r])
		else if (ref != "")
			line = line " | |"
		print line
	}
}' "$cost"

[ -n "$folds" ] && [ -r "$folds" ] || exit 0
echo
awk -F'\t' '
NR == 1 { next }
{
	k = $1 SUBSEP $2 SUBSEP $4 SUBSEP $5
	v = $6 > 0 ? 1000 * $7 / $6 : 0
	if (!(k in nb)) keys[++nk] = k
	nb[k]++; sum[k] += v
	if (!(k in lo) || v < lo[k]) lo[k] = v
	if (!(k in hi) || v > hi[k]) hi[k] = v
}
END {
	print "| kernel | vCPUs | load | setting | boots | folds/1000 ops (mean) | min | max |"
	print "|---|---|---|---|---|---|---|---|"
	for (i = 1; i <= nk; i++) {
		k = keys[i]; split(k, f, SUBSEP)
		printf "| %s | %s | %s | %s | %d | %.2f | %.2f | %.2f |\n", f[1], f[2],
			f[3], f[4], nb[k], sum[k] / nb[k], lo[k], hi[k]
	}
}' "$folds"
