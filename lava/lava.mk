# lava.mk - LAVA job/test definitions and their local check with Debian's
# lava-dispatcher (see lava/README.md).
#
#   make lava-job [KERNEL=…] SCENARIOS=…   render $(LAVA_OUT)/job.yaml
#   make lava-validate                     + device, lava-run --validate (schema)
#   make lava-check                        + lava-run the job, compare with make run
#   make lava-tests                        the guest's cfsreport lava on
#                                          recorded KTAP (host tests)

# Only the lava targets need these: `make deps` (and so `make test`) stays
# without lava-dispatcher.
LAVA_DEPS_PKGS := lava-dispatcher python3
LAVA_OUT      ?= $(BUILD)/lava
LAVA_REPO     ?= $(CURDIR)
LAVA_REVISION ?= $(shell git rev-parse HEAD 2>/dev/null)
LAVA_PKG      := $(LAVA_OUT)/pkg
LAVA_TEMPLATES := $(LAVA_PKG)/x/usr/share/lava-server/device-types

.PHONY: lava-job lava-validate lava-check lava-deps lava-tests

# make lava-tests: the guest's static cfsreport (KTAP -> lava-test-case)
# on recorded KTAP and kernel logs (no LAVA needed; in make test).
lava-tests: $(CFSREPORT_STATIC)
	$(Q)lava/tests/test-lava-cases.sh $(CFSREPORT_STATIC)

# LAVA's initramfs: the run's, plus the static cfsreport that
# lava/guest/run.sh reports the test cases with.
LAVA_INITRD := $(LAVA_OUT)/initramfs-$(SCN_KEY).cpio.gz
$(LAVA_INITRD): $(RUNNER) $(CFSREPORT_STATIC) $(SCENARIO_FILES) initramfs/init \
		initramfs/mkinitramfs.sh | deps
	@$(SCN_CHECK) mkdir -p $(@D)
	$(Q)REPORT_BIN=$(CFSREPORT_STATIC) initramfs/mkinitramfs.sh $@ $(RUNNER) \
		$(SCENARIO_FILES)

lava-deps:
	$(Q)$(TOOLS)/deps.sh $(LAVA_DEPS_PKGS)

lava-job: $(INITRD) $(RUNNER_HOST) | deps lava-deps
	@$(SCN_CHECK) mkdir -p $(LAVA_OUT)
	$(Q)deadline=$$(initramfs/deadline.sh $(RUNNER_HOST) $(SCENARIO_FILES)) || exit 2; \
	lava/render-job.sh $(LAVA_OUT)/job.yaml $(BZIMAGE) $(INITRD) $$deadline \
		$(RUN_LABEL) $(GUEST_CPUS) $(LAVA_REPO) $(LAVA_REVISION) $(RUNNER_OPTS)

# The device-type templates come from lava-server's package, downloaded
# and unpacked, never installed (it would pull in a database server).
$(LAVA_TEMPLATES)/qemu.jinja2:
	$(Q)mkdir -p $(LAVA_PKG) && cd $(LAVA_PKG) && apt-get download lava-server >/dev/null && \
		dpkg-deb -x lava-server_*.deb x

lava-validate: lava-deps lava-job $(LAVA_TEMPLATES)/qemu.jinja2
	$(Q)/usr/bin/python3 lava/render-device.py $(LAVA_TEMPLATES) lava/devices/cfs-qemu.jinja2 \
		$(LAVA_OUT)/job.yaml $(LAVA_OUT)/device.yaml
	$(Q)cd $(LAVA_OUT) && rm -rf validate && lava-run --validate --job-id 0 --output-dir validate \
		--device device.yaml job.yaml >validate.log 2>&1 && \
		grep -q '"case": "job", "definition": "lava", "result": "pass"' validate.log && \
		echo "[lava] job and device valid (lava-run --validate)" || \
		{ grep '"lvl": "error"' validate.log >&2; exit 1; }

# The job runs the committed LAVA_REVISION of the test definition.
lava-check: lava-validate $(CFSREPORT)
	$(Q)cd $(LAVA_OUT) && rm -rf out && echo "[lava] lava-run $(LAVA_OUT)/job.yaml" && \
		lava-run --job-id 1 --output-dir out --device device.yaml job.yaml >run.log 2>&1; \
		echo "[lava] lava-run exit $$? (log $(LAVA_OUT)/run.log)"
	$(Q)$(MAKE) --no-print-directory run JOBS=1 || true
	$(Q)CFSREPORT=$(CFSREPORT) lava/check.sh $(LAVA_OUT) $(RESULTS_DIR)/latest
