#!/bin/bash
# icount-plot.sh - an SVG of a per-operation figure against the vCPU
# count, one line per kernel and setting, one panel per load.
#
#   icount-plot.sh folds FOLDS_TSV... > folds.svg   folds per 1000 ops
#   icount-plot.sh insns COST_TSV...  > insns.svg   instructions per op
#
# Each point is the mean over the boots (and reps) at that vCPU count;
# a vertical bar spans their min..max. The x axis is log2(vCPUs).
set -uo pipefail
what=${1:?usage: icount-plot.sh folds|insns TSV...}
shift
awk -F'\t' -v what="$what" '
FNR == 1 { next }
{
	if (what == "folds") {	# kernel cpus boot load config ops folds
		kern = $1; cpus = $2; load = $4; cfg = $5
		v = $6 > 0 ? 1000 * $7 / $6 : 0
	} else {		# kernel cpus clock boot load config rep ops insns ipo
		kern = $1; cpus = $2; load = $5; cfg = $6; v = $10
	}
	s = kern " " cfg
	k = load SUBSEP s SUBSEP cpus
	if (!(k in n)) { lo[k] = v; hi[k] = v }
	n[k]++; sum[k] += v
	if (v < lo[k]) lo[k] = v
	if (v > hi[k]) hi[k] = v
	if (!(load in isload)) { isload[load] = 1; loads[++nl] = load }
	if (!(s in isser)) { isser[s] = 1; sers[++ns] = s }
	if (!(cpus in iscpu)) { iscpu[cpus] = 1 }
	if (ymax[load] == "" || hi[k] > ymax[load]) ymax[load] = hi[k]
	c = log(cpus) / log(2)
	if (xmin == "" || c < xmin) xmin = c
	if (xmax == "" || c > xmax) xmax = c
}
function X(c) { return 70 + (xmax > xmin ? (log(c) / log(2) - xmin) / (xmax - xmin) : 0.5) * 360 }
function Y(v, l) { return top + 230 - (ymax[l] > 0 ? v / ymax[l] : 0) * 210 }
END {
	split("#1f77b4 #ff7f0e #2ca02c #d62728 #9467bd #8c564b #e377c2 #7f7f7f #bcbd22 #17becf", col, " ")
	w = 480 * nl + 260; h = 320
	printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"11\">\n", w, h
	printf "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
	for (p = 1; p <= nl; p++) {
		l = loads[p]; ox = (p - 1) * 480; top = 40
		printf "<g transform=\"translate(%d,0)\">\n", ox
		printf "<text x=\"250\" y=\"20\" text-anchor=\"middle\" font-size=\"13\">%s: %s</text>\n", l,
			what == "folds" ? "folds per 1000 operations" : "guest instructions per operation"
		printf "<line x1=\"70\" y1=\"%d\" x2=\"430\" y2=\"%d\" stroke=\"black\"/>\n", top + 230, top + 230
		printf "<line x1=\"70\" y1=\"%d\" x2=\"70\" y2=\"%d\" stroke=\"black\"/>\n", top + 20, top + 230
		for (c in iscpu)
			printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", X(c), top + 246, c
		printf "<text x=\"250\" y=\"%d\" text-anchor=\"middle\">vCPUs</text>\n", top + 262
		for (t = 0; t <= 4; t++)
			printf "<text x=\"64\" y=\"%.1f\" text-anchor=\"end\">%.4g</text>\n", Y(ymax[l] * t / 4, l) + 4, ymax[l] * t / 4
		for (q = 1; q <= ns; q++) {
			path = ""
			for (e = 0; e <= 6; e++) {
				c = 2 ^ e; k = l SUBSEP sers[q] SUBSEP c
				if (!(k in n)) continue
				path = path (path == "" ? "M" : " L") sprintf("%.1f %.1f", X(c), Y(sum[k] / n[k], l))
				printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n",
					X(c), Y(lo[k], l), X(c), Y(hi[k], l), col[(q - 1) % 10 + 1]
			}
			if (path != "")
				printf "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"/>\n", path, col[(q - 1) % 10 + 1]
		}
		printf "</g>\n"
	}
	for (q = 1; q <= ns; q++)
		printf "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s</text>\n", 480 * nl + 10, 40 + 16 * q, col[(q - 1) % 10 + 1], sers[q]
	print "</svg>"
}' "$@"
