# cgroup CPU fairness conformance — the only entry point.
#
#   make            patched kernel, initramfs, boot in QEMU, default suite, report
#   make test       host unit tests + a guest smoke run (what .ci/run calls)
#   make help       every target and variable
#
# Nothing here loads code into the host kernel: every kernel under test
# boots in QEMU.

BUILD      ?= build
RESULTS_DIR ?= results
SCENARIOS  ?= default
ACCEL      ?= auto
GUEST_CPUS ?= 2
GUEST_MEM  ?= 1G
KERNEL     ?=
V          ?= 0

ifeq ($(V),1)
Q :=
else
Q := @
endif

SHELL      := /bin/bash
CC         := gcc
TOOLS      := tools
export BUILD Q

# Debian packages the build really needs; room fragments append theirs.
DEPS_PKGS := gcc make libc6-dev qemu-system-x86 \
	libcgroup-dev busybox-static flex bison bc libelf-dev libssl-dev \
	cpio xz-utils gzip libcmocka-dev libjson-c-dev perl git coreutils \
	file procps libxml2-utils python3

.DEFAULT_GOAL := all

# Every room's fragment is required: a missing one stops make, it never
# silently drops the steps `make test` runs (tests/make-test.sh).
include mk/c.mk
include patches/kernel.mk
include conformance/conformance.mk
include initramfs/initramfs.mk
include acceptance/acceptance.mk
include patches/check.mk
include report/report.mk
include conformance/fuzz/fuzz.mk
include tests/faults/faults.mk
include lava/lava.mk
include conformance/bench/bench.mk
include mutants/mutants.mk

.PHONY: all deps print-deps help clean distclean test check-scenarios host-safety

# The main job: build everything, run the default suite, write the report.
# The report is written even when the run fails; the run's status is kept.
all: deps
	$(Q)$(MAKE) --no-print-directory kernel
	$(Q)$(MAKE) --no-print-directory initramfs
	$(Q)st=0; $(MAKE) --no-print-directory run || st=$$?; \
	$(MAKE) --no-print-directory report RESULTS=$(RESULTS_DIR)/latest || \
		echo "[report] failed (results are kept in $(RESULTS_DIR)/latest)"; \
	exit $$st

deps:
	$(Q)$(TOOLS)/deps.sh $(sort $(DEPS_PKGS))

# The deps list (or DEPS_LIST=LAVA_DEPS_PKGS), for tests/check-tools.sh.
DEPS_LIST ?= DEPS_PKGS
print-deps:
	@echo $(sort $($(DEPS_LIST)))

# Host validation of scenario files (no guest), at each CPU count of
# CHECK_CPUS (a scenario with a "cpus" range is expanded for each N).
CHECK_CPUS ?= 2 4 8 64
check-scenarios: $(RUNNER_HOST)
	@$(SCN_CHECK) true
	$(Q)for n in $(CHECK_CPUS); do \
		echo "[check] N=$$n"; \
		$(RUNNER_HOST) --check --cpus $$n $(SCENARIO_FILES) || exit 2; \
	done

# The kernel's kunit.py parse on our KTAP (needs an unpacked kernel tree).
.PHONY: kunit-parse-tests
kunit-parse-tests: $(CFSREPORT)
	$(Q)tests/kunit-parse-test.sh $(CFSREPORT)

# A static check that nothing in the tree loads code into the host kernel.
host-safety:
	$(Q)tests/host-safety.sh

# host unit tests (ASan/UBSan) + scenario validation + host safety + a
# guest smoke run of the quick suite on the freshly built kernel.
test: deps
	$(Q)tests/make-test.sh "$(MAKE) --no-print-directory"

help:
	@echo "Targets:"
	@echo "  make [all]          deps, kernel, runner, initramfs, run SCENARIOS, report"
	@echo "  make test           unit tests (ASan/UBSan), scenario checks, guest smoke run"
	@echo "  make deps           apt-get install what is missing (root)"
	@echo "  make kernel         unpack $(KSRC_TARBALL), apply $(KSERIES), build bzImage"
	@echo "  make runner         the static guest runner and its sanitized host build"
	@echo "  make initramfs      busybox-static + runner + scenarios -> cpio.gz"
	@echo "  make run            boot the kernel in QEMU and run SCENARIOS"
	@echo "  make report         HTML/SVG + JUnit for RESULTS (default results/latest)"
	@echo "  make compare        BASE=results/A CAND=results/B regression report"
	@echo "  make acceptance     the suite on a distro kernel: KERNEL_PKG=package|.deb|vmlinuz"
	@echo "  make flake N=20     the suite N times on one kernel: failure counts, error spread"
	@echo "  make matrix         the suite on MATRIX_KERNELS (Debian lines, patched:BASE): one table"
	@echo "  make report-tests   report unit tests; make report-browser-test: headless Chromium"
	@echo "  make fuzz           fuzz the scenario parser (FUZZ_SECONDS)"
	@echo "  make faults         guest fault injection (panic, hang, kill, crash, OOM)"
	@echo "  make bench          stock vs patched kernel: hot path, propagation, blocked averages (BENCH_N)"
	@echo "  make kernel-stock   stock $(KBASE) (empty series) into $(KSTOCK_DIR), for make bench"
	@echo "  make mutants        each fair.c mutant of patches/mutants/$(KBASE): build, suite, kill matrix (MUTANTS=)"
	@echo "  make mutants-gen    regenerate that catalogue (needs make kernel); make mutants-check: it still applies"
	@echo "  make check-scenarios  validate SCENARIOS on the host"
	@echo "  make lava-job        render a LAVA job (QEMU device) for KERNEL, SCENARIOS"
	@echo "  make lava-check      lava-run that job locally, compare with make run"
	@echo "  make check-patches  checkpatch --strict on every patch"
	@echo "  make check-series   build every prefix of the patch series"
	@echo "  make unit-tests     host unit tests only"
	@echo "  make shard-tests    JOBS=N result merge on recorded shards; make lava-tests: KTAP->LAVA parser"
	@echo "  make acceptance-tests  the distro kernel config check on made-up configs"
	@echo "  make guest-death-tests  the guest-death classifier on recorded consoles"
	@echo "  make continue-tests the fresh boot after an emulator fault, the QEMU choice (QEMU replayed)"
	@echo "  make qemu           Debian's QEMU >= 8.1 (bookworm-backports) into $(BUILD)/qemu/, not installed"
	@echo "  make clean          remove build products (keeps the unpacked kernel)"
	@echo "  make distclean      remove $(BUILD) entirely (results are kept)"
	@echo "Variables:"
	@echo "  KBASE=6.1|6.12|7.3       kernel base: linux-source-\$$KBASE, patches/\$$KBASE/ ($(KBASE))"
	@echo "  KERNEL=path/to/bzImage   boot this kernel instead of building one (no patching)"
	@echo "  SCENARIOS=quick|default|file.scn ...   suite names or scenario files ($(SCENARIOS))"
	@echo "  BUILD=dir                build folder ($(BUILD))"
	@echo "  ACCEL=auto|kvm|tcg       QEMU accelerator ($(ACCEL)); auto probes KVM, falls back to TCG"
	@echo "  GUEST_CPUS=N             guest vCPUs ($(GUEST_CPUS))"
	@echo "  CHECK_CPUS=\"N...\"        CPU counts check-scenarios expands the scenarios for ($(CHECK_CPUS))"
	@echo "  GUEST_MEM=size           guest memory ($(GUEST_MEM))"
	@echo "  RESULTS=dir              results for report ($(RESULTS_DIR)/latest)"
	@echo "  KERNEL_PKG=...           distro kernel for make acceptance ($(KERNEL_PKG))"
	@echo "  RUNNER_OPTS=a,b          runner options, comma-separated (e.g. --slice-latency-us=0)"
	@echo "  CGROUP_MODE=smp|concur|max|tasks|up  share function for the run (7.3; default: the kernel's)"
	@echo "  N=20                     runs for make flake"
	@echo "  MUTANTS=\"0008 0013\"    catalogue patches for make mutants (all)"
	@echo "  JOBS=N                   make run on N guests side by side (JOBS x GUEST_CPUS <= host CPUs)"
	@echo "  QEMU=bin QEMU_DATA=d:d   the QEMU and its firmware folders (default: the host's; a KERNEL= on a"
	@echo "                           host QEMU < 8.1: $(BUILD)/qemu, see make qemu)"
	@echo "  TCG_THREAD=auto|multi|single  TCG threads (auto: multi from QEMU 8.1; own kernels: multi)"
	@echo "  CONTINUE_BOOTS=3         fresh boots after emulator faults (exit 15) in one run"
	@echo "  BENCH_N=5 BENCH_SECONDS=2  make bench rounds, seconds per load (STOCK_KERNEL=, PATCHED_KERNEL=)"
	@echo "  V=1                      echo commands"

clean:
	$(Q)rm -rf $(BUILD)/obj $(BUILD)/conformance $(BUILD)/initramfs $(BUILD)/report \
		$(KBUILD_DIR)/obj $(KBUILD_DIR)/bzImage $(KBUILD_DIR)/*.stamp

distclean:
	$(Q)rm -rf $(BUILD)
