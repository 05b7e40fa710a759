#!/bin/bash
# make-test.sh "MAKE" - everything `make test` runs, in order, with one
# closing line CI reads: "make test: N passed, M failed".
#
# Steps: the commit and docs rules, host unit tests of the runner and
# of the mutant generator (ASan/UBSan), report tests, scenario
# validation (quick and default suites), the host-safety check, the
# fair.c mutant catalogues (they still apply to their bases; no build),
# then the
# guest smoke run: build the patched kernel, the quick initramfs, boot it
# in QEMU and run the quick suite; last, the 6.12 and 7.3 series are
# applied and built. Each step ends with its own "<label>: N passed, M failed" line;
# a step that fails without one counts as one failure. Later steps still
# run after a failure, except the guest run, which needs the kernel.
#
# A step whose closing line is "<label>: SKIP: why" is counted as skipped
# (never as passed) and named, with its reason, before the closing line.
set -uo pipefail
make=${1:-make}
log_dir=${BUILD:-build}/test-logs
mkdir -p "$log_dir"
total_p=0 total_f=0
skipped=()

step() {
	local label=$1
	shift
	echo "== $label"
	local log="$log_dir/$label.log"
	"$@" 2>&1 | tee "$log"
	local rc=${PIPESTATUS[0]}
	local line
	line=$(grep -E '^[A-Za-z0-9 _./-]+: [0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	local p=0 f=0
	if [ -n "$line" ]; then
		p=$(sed -E 's/.*: ([0-9]+) passed.*/\1/' <<<"$line")
		f=$(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$line")
	fi
	if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		f=1
	fi
	local skip
	skip=$(grep -E '^[A-Za-z0-9 _./-]+: SKIP: ' "$log" | tail -n 1)
	if [ -z "$line" ] && [ -n "$skip" ] && [ "$rc" = 0 ]; then
		skipped+=("$label: ${skip#*: SKIP: }")
		return 0
	fi
	[ -n "$line" ] || [ "$rc" != 0 ] || p=1
	total_p=$((total_p + p)) total_f=$((total_f + f))
	return "$rc"
}

# Kernel trees are the biggest thing a run writes (see
# patches/unpack-source.sh): say what room there is, for the log.
mkdir -p "${BUILD:-build}"
echo "[test] $(df -Pm "${BUILD:-build}" | awk 'NR == 2 { print $4 }') MiB" \
	"free on the file system of ${BUILD:-build}/"
apt_snap="${BUILD:-build}/test-logs/etc-apt.digest"
tests/apt-untouched.sh snapshot "$apt_snap"
step tools tests/check-tools.sh
step tools-test tests/check-tools-test.sh
step commits tests/check-commits.sh
step docs tests/check-docs.sh
step unit $make unit-tests
step mutants-tests $make mutants-tests
# Every step is required: a target that disappeared fails its step (make
# says "No rule to make target"), it is never skipped.
step report $make report-tests
step browser $make report-browser-test
step checkpatch $make check-patches
step shard $make shard-tests
step lava $make lava-tests
step acceptance $make acceptance-tests
step kvm-probe $make kvm-probe-tests
step guest-death $make guest-death-tests
step continue $make continue-tests
step scenarios $make check-scenarios SCENARIOS="quick default concur mutant-gaps"
step host-safety $make host-safety
# The stand-alone truncation reproducer and its scenario set up the same
# groups, weights and tasks (docs/findings/load-sum-truncation).
step reproducer-inputs docs/findings/load-sum-truncation/check-inputs.sh
step unpack $make unpack-tests
# Every catalogued fair.c mutant still applies to its base (no build).
step mutants-check $make mutants-check
if step kernel $make kernel; then
	step kunit-parse $make kunit-parse-tests
	step initramfs $make initramfs SCENARIOS=quick &&
		step guest-smoke tests/guest-smoke.sh "$make"
	step faults $make faults-quick
fi
# The 6.12 series applies and builds (the whole series; prefixes: make
# check-series KBASE=6.12).
# check-series unpacks a fresh tree every time: each is removed once
# built, so that the three bases never hold the disk at once.
step series-6.12 $make check-series KBASE=6.12 CHECK_LAST=1
rm -rf "${BUILD:-build}/check-series-6.12"
# The 7.3 series, from linux-source-7.3 fetched through the private index.
step series-7.3 $make check-series KBASE=7.3 CHECK_LAST=1
rm -rf "${BUILD:-build}/check-series-7.3"
echo "[test] $(du -sm "${BUILD:-build}" | cut -f1) MiB under ${BUILD:-build}/" \
	"after the series steps"
# The private index of other suites (tools/private-apt.sh) answers, and
# nothing above wrote to the host's apt configuration.
step private-apt tests/private-apt-test.sh
step apt-untouched tests/apt-untouched.sh check "$apt_snap"
for s in "${skipped[@]}"; do
	echo "make test: skipped $s"
done
echo "make test: $total_p passed, $total_f failed"
[ "$total_f" = 0 ]
