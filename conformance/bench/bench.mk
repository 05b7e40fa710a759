# bench.mk - `make bench`: the series' cost and gains, measured side by
# side in one invocation (conformance/bench/README.md).
#
#   make bench [BENCH_N=5] [BENCH_SECONDS=2] [BENCH_CPUS=2]
#              [STOCK_KERNEL=bzImage] [PATCHED_KERNEL=bzImage]
#
# BENCH_N rounds, each one boot of the stock and one of the patched kernel
# (ABBA order), then one quick-suite boot of the patched kernel for the
# time to a verdict; cfsreport bench writes bench.html, the SVG and the
# table (bench.md) into results/<time>-bench/.

BENCH_N        ?= 5
BENCH_SECONDS  ?= 2
BENCH_CPUS     ?= $(GUEST_CPUS)
BENCH_MEM      ?= $(GUEST_MEM)
BENCH_CGROUPS  ?= 10,100,1000,4000
BENCH_SUITE    ?= quick
STOCK_KERNEL   ?=
PATCHED_KERNEL ?=
BENCH_DIR      := conformance/bench
BENCH_OUT      := $(BUILD)/bench
CFSBENCH       := $(BENCH_OUT)/cfsbench
CFSBENCH_SRCS  := $(wildcard $(BENCH_DIR)/*.c)
CFLAGS_$(BENCH_DIR)/tests := -I$(BENCH_DIR)
BENCH_SUITE_FILES := $(shell initramfs/resolve-scenarios.sh $(BENCH_SUITE) 2>/dev/null)
BENCH_INITRD   := $(BENCH_OUT)/initramfs-bench.cpio.gz
BENCH_STOCK_IMG   := $(if $(STOCK_KERNEL),$(STOCK_KERNEL),$(KSTOCK_DIR)/bzImage)
BENCH_PATCHED_IMG := $(if $(PATCHED_KERNEL),$(PATCHED_KERNEL),$(BZIMAGE))

# The benchmark links the runner's library (kfile, jsonout, measure).
$(CFSBENCH): $(call c_objs,plain,$(CFSBENCH_SRCS) $(CONF_LIB_SRCS)) | deps
	@mkdir -p $(@D)
	$(Q)$(CC) -static -o $@ $^ $(CONF_LIBS)

# One initramfs for both boots: the suite's scenarios and /bin/cfsbench.
$(BENCH_INITRD): $(RUNNER) $(CFSBENCH) $(BENCH_SUITE_FILES) initramfs/init initramfs/mkinitramfs.sh | deps
	@mkdir -p $(@D)
	$(Q)BENCH_BIN=$(CFSBENCH) initramfs/mkinitramfs.sh $@ $(RUNNER) $(BENCH_SUITE_FILES)

.PHONY: bench bench-tests

bench: $(BENCH_INITRD) $(RUNNER_HOST) $(CFSREPORT) | deps
	$(Q)$(if $(STOCK_KERNEL),,$(MAKE) --no-print-directory kernel-stock)
	$(Q)$(if $(PATCHED_KERNEL)$(KERNEL),,$(MAKE) --no-print-directory kernel)
	$(Q)$(BENCH_DIR)/bench.sh --stock $(BENCH_STOCK_IMG) \
		--patched $(BENCH_PATCHED_IMG) --initrd $(BENCH_INITRD) \
		--runner $(RUNNER_HOST) --report $(CFSREPORT) \
		--results $(RESULTS_DIR) --n $(BENCH_N) --seconds $(BENCH_SECONDS) \
		--cpus $(BENCH_CPUS) --mem $(BENCH_MEM) --accel $(ACCEL) \
		--cgroups $(BENCH_CGROUPS) --ksrc "$(wildcard $(KBUILD_DIR)/src-*)" \
		$(BENCH_SUITE_FILES)

# Host unit tests of the benchmark's parsers (ASan/UBSan).
BENCH_TEST_BINS := $(patsubst $(BENCH_DIR)/tests/%.c,$(BENCH_OUT)/tests/%,$(wildcard $(BENCH_DIR)/tests/test_*.c))
$(BENCH_OUT)/tests/%: $(OBJ_DIR)/san/$(BENCH_DIR)/tests/%.o \
		      $(call c_objs,san,$(filter-out $(BENCH_DIR)/cfsbench.c,$(CFSBENCH_SRCS)) \
				$(CONF_LIB_SRCS)) | deps
	@mkdir -p $(@D)
	$(Q)$(CC) $(SAN_FLAGS) -o $@ $^ $(CONF_LIBS) -lcmocka

bench-tests: $(BENCH_TEST_BINS)
	@tests/run-unit-tests.sh bench-unit $(BENCH_TEST_BINS)
	@$(BENCH_DIR)/icount/tests/pair-test.sh

# --- the deterministic cost meter (conformance/bench/README.md, "Cost
# meter"): guest instructions per operation, counted by a TCG plugin.
#
#   make bench-icount [ICOUNT_BOOTS=3] [ICOUNT_OPS=3000] [ICOUNT_REPS=2]
#                     [ICOUNT_PERTURB=1] [ICOUNT_CPUS=1] [ICOUNT_CLOCK=icount|mttcg]
#                     [ICOUNT_SHIFT=3] [ICOUNT_KNOBS=1]
#                     [STOCK_KERNEL=bzImage] [PATCHED_KERNEL=bzImage]
#   ICOUNT_PERTURB=1 (default): boot b's command line is 8*b characters
#   longer (bench-icount.sh --perturb), so the spread over boots is the
#   resolution between kernels; ICOUNT_PERTURB= repeats identical boots
#   (the determinism check: every boot of a kernel gives the same counts)
#   make bench-prefix   the same for stock and every prefix of the series
#                       (one kernel per prefix, built incrementally in
#                       $(BUILD)/kernel-prefix): each patch's hot-path cost
#
# Results: $(RESULTS_DIR)/<time>-bench-icount/{cost.tsv,folds.tsv,cost.md}.
# On a shared machine: flock /work/cpu.lock make bench-icount (one job).
ICOUNT_BOOTS  ?= 3
ICOUNT_OPS    ?= 3000
ICOUNT_REPS   ?= 2
ICOUNT_PERTURB ?= 1
ICOUNT_CPUS   ?= 1
ICOUNT_CLOCK  ?= icount
ICOUNT_SHIFT  ?= 3
ICOUNT_KNOBS  ?=
INSNMARK      := $(BENCH_OUT)/insnmark.so
ICOUNT_DIR    := $(BENCH_DIR)/icount
ICOUNT_ARGS    = --initrd $(BENCH_INITRD) --plugin $(INSNMARK) \
	--boots $(ICOUNT_BOOTS) --ops $(ICOUNT_OPS) --reps $(ICOUNT_REPS) \
	--cpus $(ICOUNT_CPUS) --clock $(ICOUNT_CLOCK) --shift $(ICOUNT_SHIFT) \
	$(if $(ICOUNT_KNOBS),--knobs) $(if $(ICOUNT_PERTURB),--perturb)

# The plugin is loaded by QEMU (a host process), never by the host kernel.
$(INSNMARK): $(ICOUNT_DIR)/insnmark.c | deps
	@mkdir -p $(@D)
	$(Q)$(CC) -O2 -Wall -Wextra -Werror -fPIC -shared -fvisibility=hidden -o $@ $<

.PHONY: bench-icount bench-prefix
bench-icount: $(BENCH_INITRD) $(INSNMARK) | deps
	$(Q)$(if $(STOCK_KERNEL),,$(MAKE) --no-print-directory kernel-stock)
	$(Q)$(if $(PATCHED_KERNEL)$(KERNEL),,$(MAKE) --no-print-directory kernel)
	$(Q)out=$(RESULTS_DIR)/$$(date -u +%Y%m%d-%H%M%S)-bench-icount; \
	mkdir -p $$out && cp $(BENCH_STOCK_IMG) $$out/stock-bzImage && \
	cp $(BENCH_PATCHED_IMG) $$out/patched-bzImage && \
	st=0; $(ICOUNT_DIR)/bench-icount.sh --kernel stock=$$out/stock-bzImage \
		--kernel patched=$$out/patched-bzImage $(ICOUNT_ARGS) --out $$out || st=$$?; \
	$(ICOUNT_DIR)/icount-summary.sh --ref stock $$out/cost.tsv $$out/folds.tsv | tee $$out/cost.md; \
	exit $$st

bench-prefix: $(BENCH_INITRD) $(INSNMARK) | deps
	$(Q)$(ICOUNT_DIR)/build-prefixes.sh --tarball $(KSRC_TARBALL) \
		--build $(BUILD)/kernel-prefix --series patches/series \
		$(addprefix --config ,$(KCONFIG_FRAGS))
	$(Q)out=$(RESULTS_DIR)/$$(date -u +%Y%m%d-%H%M%S)-bench-prefix; \
	mkdir -p $$out && st=0; \
	$(ICOUNT_DIR)/bench-icount.sh $$(for f in $(BUILD)/kernel-prefix/p*.bzImage; do \
		b=$${f##*/}; echo --kernel $${b%.bzImage}=$$f; done) \
		$(ICOUNT_ARGS) --out $$out || st=$$?; \
	$(ICOUNT_DIR)/icount-summary.sh --ref p0 $$out/cost.tsv $$out/folds.tsv | tee $$out/cost.md; \
	exit $$st

# The rate limit and the threshold at scale: folds and instructions per
# operation at SCALE_CPUS vCPUs (multi-threaded TCG: the folds are exact
# event counts, the instructions vary with host timing), stock and
# patched with every TG_LOAD_RATELIMIT/shift setting; cost.md and two SVGs.
#
#   make bench-scale [SCALE_CPUS="2 4 8 16"] [SCALE_BOOTS=2] [SCALE_OPS=2000]
SCALE_CPUS  ?= 2 4 8 16
SCALE_BOOTS ?= 2
SCALE_OPS   ?= 2000
.PHONY: bench-scale
bench-scale: $(BENCH_INITRD) $(INSNMARK) | deps
	$(Q)$(if $(STOCK_KERNEL),,$(MAKE) --no-print-directory kernel-stock)
	$(Q)$(if $(PATCHED_KERNEL)$(KERNEL),,$(MAKE) --no-print-directory kernel)
	$(Q)out=$(RESULTS_DIR)/$$(date -u +%Y%m%d-%H%M%S)-bench-scale; \
	mkdir -p $$out && cp $(BENCH_STOCK_IMG) $$out/stock-bzImage && \
	cp $(BENCH_PATCHED_IMG) $$out/patched-bzImage && st=0; \
	for c in $(SCALE_CPUS); do \
		$(ICOUNT_DIR)/bench-icount.sh --kernel stock=$$out/stock-bzImage \
			--initrd $(BENCH_INITRD) --plugin $(INSNMARK) --clock mttcg \
			--cpus $$c --boots $(SCALE_BOOTS) --ops $(SCALE_OPS) --reps 1 \
			--out $$out/stock-$$c || st=1; \
		$(ICOUNT_DIR)/bench-icount.sh --kernel patched=$$out/patched-bzImage \
			--initrd $(BENCH_INITRD) --plugin $(INSNMARK) --clock mttcg \
			--cpus $$c --boots $(SCALE_BOOTS) --ops $(SCALE_OPS) --reps 1 \
			--knobs --out $$out/patched-$$c || st=1; \
	done; \
	$(ICOUNT_DIR)/icount-summary.sh --ref stock <(head -n 1 -q $$out/*/cost.tsv | head -n 1; \
		tail -q -n +2 $$out/*/cost.tsv) <(head -n 1 -q $$out/*/folds.tsv | head -n 1; \
		tail -q -n +2 $$out/*/folds.tsv) | tee $$out/cost.md; \
	$(ICOUNT_DIR)/icount-plot.sh folds $$out/*/folds.tsv >$$out/folds.svg; \
	$(ICOUNT_DIR)/icount-plot.sh insns $$out/*/cost.tsv >$$out/insns.svg; \
	exit $$st
