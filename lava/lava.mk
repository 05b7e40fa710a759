# lava.mk - LAVA job/test definitions and their local check with Debian's
# lava-dispatcher (see lava/README.md).
#
#   make lava-job [KERNEL=…] SCENARIOS=…   render $(LAVA_OUT)/job.yaml
#   make lava-validate                     + device, lava-run --validate (schema)
#   make lava-check                        + lava-run the job, compare with make run
#   make lava-tests                        the KTAP parser's host tests

# Only the lava targets need these: `make deps` (and so `make test`) stays
# without lava-dispatcher (jq is in DEPS_PKGS, for JOBS=N).
LAVA_DEPS_PKGS := lava-dispatcher jq python3
LAVA_OUT      ?= $(BUILD)/lava
LAVA_REPO     ?= $(CURDIR)
LAVA_REVISION ?= $(shell git rev-parse HEAD 2>/dev/null)
LAVA_PKG      := $(LAVA_OUT)/pkg
LAVA_TEMPLATES := $(LAVA_PKG)/x/usr/share/lava-server/device-types

.PHONY: lava-job lava-validate lava-check lava-deps lava-tests

# make lava-tests: the KTAP -> lava-test-case parser on recorded KTAP (no
# LAVA needed; in make test).
lava-tests:
	$(Q)lava/tests/test-ktap-lava.sh

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
lava-check: lava-validate
	$(Q)cd $(LAVA_OUT) && rm -rf out && echo "[lava] lava-run $(LAVA_OUT)/job.yaml" && \
		lava-run --job-id 1 --output-dir out --device device.yaml job.yaml >run.log 2>&1; \
		echo "[lava] lava-run exit $$? (log $(LAVA_OUT)/run.log)"
	$(Q)$(MAKE) --no-print-directory run JOBS=1 || true
	$(Q)lava/check.sh $(LAVA_OUT) $(RESULTS_DIR)/latest
