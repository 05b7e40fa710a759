#!/bin/bash
# render-job.sh OUT KERNEL INITRD DEADLINE_S LABEL CPUS REPO REVISION [RUNNER_OPTS]
# - lava/job.yaml.in with the artifacts as URLs (a path becomes file://;
# a lab passes http(s) URLs) and timeouts from the run's deadline.
set -euo pipefail
[ $# -ge 8 ] || { echo "usage: render-job.sh OUT KERNEL INITRD DEADLINE LABEL CPUS REPO REV [OPTS]" >&2; exit 2; }
out=$1 kernel=$2 initrd=$3 deadline=$4 label=$5 cpus=$6 repo=$7 rev=$8 opts=${9:-}
url() { case "$1" in *://*) echo "$1" ;; *) echo "file://$(realpath "$1")" ;; esac; }
test_min=$(((deadline + 59) / 60))
sed -e "s|@KERNEL_URL@|$(url "$kernel")|" -e "s|@INITRD_URL@|$(url "$initrd")|" \
	-e "s|@LABEL@|$label|" -e "s|@CPUS@|$cpus|" -e "s|@REPO@|$repo|" \
	-e "s|@REVISION@|$rev|" -e "s|@RUNNER_OPTS@|$opts|" \
	-e "s|@TEST_MIN@|$test_min|" -e "s|@JOB_MIN@|$((test_min + 15))|" \
	"$(dirname "$0")/job.yaml.in" >"$out"
echo "[lava] $out"
