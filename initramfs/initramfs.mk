# initramfs.mk - the guest initramfs and the QEMU run.
#
# SCENARIOS (suite names, folders or files) resolve to SCENARIO_FILES; the
# initramfs for a selection is keyed by its name so that `make test` (quick)
# and `make` (default) don't rebuild each other's.

# A selection that does not resolve only stops the targets that need it.
SCENARIO_FILES := $(shell initramfs/resolve-scenarios.sh $(SCENARIOS) 2>/dev/null || echo __bad_scenarios__)
ifneq ($(filter __bad_scenarios__,$(SCENARIO_FILES)),)
SCENARIO_FILES :=
SCN_CHECK := initramfs/resolve-scenarios.sh $(SCENARIOS) >/dev/null || exit 2;
else
SCN_CHECK :=
endif
SCN_KEY     := $(shell echo "$(SCENARIO_FILES)" | sha256sum | cut -c1-12)
INITRD      := $(BUILD)/initramfs/initramfs-$(SCN_KEY).cpio.gz
# RUNNER_OPTS: extra runner options, comma-separated, no spaces, e.g.
# RUNNER_OPTS=--slice-latency-us=0,--sample-ms=100 (via the kernel command
# line; /init turns the commas into spaces).
RUNNER_OPTS ?=
# CGROUP_MODE=up|smp|concur|max|tasks: the share function for the run on a
# kernel with debugfs sched/cgroup_mode (7.3), restored after it; empty:
# the kernel's own. The results record it (meta.json cgroup_mode).
CGROUP_MODE ?=
comma := ,
CONFORM_OPTS := $(RUNNER_OPTS)$(if $(CGROUP_MODE),$(if $(RUNNER_OPTS),$(comma))--cgroup-mode=$(CGROUP_MODE))
# KERNEL_META: a JSON description of a given KERNEL for meta.json's
# kernel_build (make acceptance writes one from the package's config).
KERNEL_META ?= $(if $(KERNEL),,$(KBUILD_DIR)/kernel.json)
RUN_LABEL   := $(if $(filter 1,$(words $(SCENARIOS))),$(notdir $(basename $(SCENARIOS))),custom)

# The QEMU (qemu-run.sh): QEMU=binary and QEMU_DATA=dir:dir (its firmware,
# each given as -L); empty: the host's. TCG_THREAD=auto|multi|single
# (initramfs/tcg-thread.sh; auto: multi from QEMU 8.1, single before).
# The project's own kernels (no jump labels) keep two TCG threads on any
# QEMU; a KERNEL= (a distro kernel: make acceptance, make matrix) without
# QEMU= runs on Debian's newer QEMU when the host's is older than 8.1
# (tools/private-qemu.sh --auto, fetched once into $(BUILD)/qemu/), else
# auto. CONTINUE_BOOTS: fresh boots a run may take after emulator faults
# (initramfs/continue.sh).
QEMU       ?=
QEMU_DATA  ?=
TCG_THREAD ?= $(if $(KERNEL),auto,multi)
CONTINUE_BOOTS ?= 3
QEMU_ENV := export TCG_THREAD=$(TCG_THREAD) CONTINUE_BOOTS=$(CONTINUE_BOOTS) \
	$(if $(QEMU),QEMU=$(QEMU)) $(if $(QEMU_DATA),QEMU_DATA=$(QEMU_DATA)); \
	$(if $(and $(KERNEL),$(if $(QEMU),,1)),eval "$$(BUILD=$(BUILD) tools/private-qemu.sh --auto)";)

.PHONY: initramfs run
# report/report.mk (included later) builds it; named here for the
# prerequisites of run (qemu-run.sh and shard-merge.sh assemble the KTAP
# with it), flake and shard-tests, which are expanded on reading.
CFSREPORT ?= $(BUILD)/report/cfsreport
initramfs: $(INITRD)

$(INITRD): $(RUNNER) $(SCENARIO_FILES) initramfs/init initramfs/mkinitramfs.sh | deps
	@$(SCN_CHECK) mkdir -p $(@D)
	$(Q)initramfs/mkinitramfs.sh $@ $(RUNNER) $(SCENARIO_FILES)

# JOBS=N: shard the scenarios over N guests side by side (initramfs/shard.sh;
# rule JOBS x GUEST_CPUS <= host CPUs, else a warning and no pinning).
JOBS ?= 1
ifneq ($(JOBS),1)
run: $(RUNNER) $(RUNNER_HOST) $(CFSREPORT) | deps
	@$(SCN_CHECK) true
	$(Q)$(if $(KERNEL),,test -r $(BZIMAGE) || { echo "[run] no kernel: run 'make kernel' or pass KERNEL=" >&2; exit 1; })
	$(Q)$(QEMU_ENV) initramfs/shard.sh $(JOBS) $(GUEST_CPUS) $(RUNNER) $(RUNNER_HOST) \
		$(RESULTS_DIR) $(RUN_LABEL) -- --kernel $(BZIMAGE) --accel $(ACCEL) \
		--mem $(GUEST_MEM) \
		$(if $(KERNEL_META),--kernel-meta $(KERNEL_META)) \
		$(if $(CONFORM_OPTS),--append "conform.opts=$(CONFORM_OPTS)") \
		-- $(SCENARIO_FILES)
else
# Host deadline: the scenarios' own durations (from the parser) plus boot
# and setup slack; the guest is also killed after IDLE s of silence. After
# an emulator fault the rest of the scenarios run in a fresh boot
# (initramfs/continue.sh, at most CONTINUE_BOOTS of them).
run: $(INITRD) $(RUNNER_HOST) $(CFSREPORT) | deps
	@$(SCN_CHECK) true
	$(Q)$(if $(KERNEL),,test -r $(BZIMAGE) || { echo "[run] no kernel: run 'make kernel' or pass KERNEL=" >&2; exit 1; })
	$(Q)$(QEMU_ENV) deadline=$$(initramfs/deadline.sh $(RUNNER_HOST) $(SCENARIO_FILES)) || exit 2; \
	initramfs/continue.sh $(RUNNER) $(RUNNER_HOST) $(RESULTS_DIR) $(RUN_LABEL) \
		$(INITRD) $$deadline -- --kernel $(BZIMAGE) --accel $(ACCEL) \
		--cpus $(GUEST_CPUS) --mem $(GUEST_MEM) \
		$(if $(KERNEL_META),--kernel-meta $(KERNEL_META)) \
		$(if $(CONFORM_OPTS),--append "conform.opts=$(CONFORM_OPTS)") \
		-- $(SCENARIO_FILES)
endif


# make kvm-probe-tests: the KVM probe and its per-boot cache, faked QEMU.
.PHONY: kvm-probe-tests
kvm-probe-tests:
	$(Q)initramfs/tests/test-kvm-probe.sh

# make qemu: Debian's newer QEMU (bookworm-backports) into $(BUILD)/qemu/
# (tools/private-qemu.sh), and the QEMU= QEMU_DATA= to run with it.
.PHONY: qemu
qemu:
	$(Q)BUILD=$(BUILD) tools/private-qemu.sh

# make continue-tests: a run the emulator kills mid-suite continues in a
# fresh boot (continue.sh on recorded consoles, QEMU replayed), and the
# QEMU choice (tcg-thread.sh, qemu-run.sh's QEMU= / QEMU_DATA=).
.PHONY: continue-tests
continue-tests: $(CFSREPORT) | deps
	$(Q)initramfs/tests/test-continue.sh $(CFSREPORT)

# make shard-tests: shard-merge.sh on recorded shards, then the same
# recorded results through JOBS=1 and JOBS=2 (QEMU replayed, no guest
# boots): one verdict line and exit code.
.PHONY: shard-tests
shard-tests: $(CFSREPORT) | deps
	$(Q)initramfs/tests/test-shard-merge.sh $(CFSREPORT)

# make flake N=20: the suite N times on one kernel, one boot each.
N ?= 20
.PHONY: flake
flake: $(INITRD) $(RUNNER_HOST) $(CFSREPORT) | deps
	$(Q)tests/flake.sh $(N) "$(MAKE) --no-print-directory"
