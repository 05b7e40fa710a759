# acceptance.mk - distro kernel acceptance: the suite on a kernel the
# distribution ships, without our patches (the runner falls back to
# debugfs for the PELT state; features the kernel lacks are SKIPs).
#
#   make acceptance [KERNEL_PKG=linux-image-cloud-amd64] [SCENARIOS=default]
#
# KERNEL_PKG: a Debian package name (metapackages are resolved; suites the
# host's apt does not list come from the private index), a kernel line or
# version such as 7.3 (the newest cloud image of it), a .deb or a vmlinuz. The package is fetched with `apt-get download` and unpacked
# under $(BUILD)/acceptance; nothing is installed on or loaded into the
# host. The image boots in QEMU with the project's initramfs.

KERNEL_PKG ?= linux-image-cloud-amd64

.PHONY: acceptance
acceptance: deps
	$(Q)img=$$(acceptance/fetch-kernel.sh $(KERNEL_PKG) $(BUILD)/acceptance) || exit 2; \
	n=$$(basename $$img); [ "$$n" != vmlinuz ] || n=vmlinuz-$$(basename $$(dirname $$img)); \
	label=accept-$${n#vmlinuz-}; \
	st=0; $(MAKE) --no-print-directory run KERNEL=$$img RUN_LABEL=$$label \
		KERNEL_META=$(BUILD)/acceptance/$$n.json || st=$$?; \
	$(MAKE) --no-print-directory report RESULTS=$(RESULTS_DIR)/latest || \
		echo "[report] failed (results are kept in $(RESULTS_DIR)/latest)"; \
	exit $$st

# make acceptance-tests: kconfig-check.sh on made-up configs (no download,
# no guest).
.PHONY: acceptance-tests
acceptance-tests: | deps
	$(Q)acceptance/tests/test-kconfig-check.sh

# make matrix [MATRIX_KERNELS="6.1 6.12 7.3 patched:7.3"] [SCENARIOS=...]: the
# suite on each kernel (acceptance/matrix.sh; resumable), one table kernel
# x scenario in $(RESULTS_DIR)/matrix/matrix.html and on stdout.
MATRIX_KERNELS ?= 6.1 6.12 7.0 7.1 7.2 7.3
.PHONY: matrix
matrix: deps $(CFSREPORT)
	$(Q)CFSREPORT=$(CFSREPORT) MAKE="$(MAKE)" acceptance/matrix.sh \
		$(RESULTS_DIR)/matrix $(MATRIX_KERNELS)
