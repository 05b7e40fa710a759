# check.mk - checks of the kernel patch series (included by the top-level
# Makefile, which defines BUILD, KSRC_TARBALL and Q).
#
#   make check-series   apply patches/series in order to a fresh tree
#                       unpacked from $(KSRC_TARBALL) and build a bzImage
#                       with the guest config after every patch, so every
#                       prefix of the series is known to build
#   make check-patches  scripts/checkpatch.pl --strict on every patch of
#                       the series; fails on any error or warning
#
# Work happens under $(BUILD)/check-series and $(BUILD)/checkpatch; the
# lead's kernel tree is never touched.

BUILD        ?= build
KSRC_TARBALL ?= /usr/src/linux-source-6.1.tar.xz
Q            ?= @

CHECK_SERIES_DIR := $(BUILD)/check-series
CHECKPATCH_DIR   := $(BUILD)/checkpatch
CHECK_FRAGS      := $(sort $(wildcard patches/*.config))

.PHONY: check-series check-patches

check-series:
	$(Q)patches/tests/check-series.sh $(KSRC_TARBALL) patches \
		$(CHECK_SERIES_DIR) $(CHECK_FRAGS)

check-patches:
	$(Q)patches/tests/check-patches.sh $(KSRC_TARBALL) patches \
		$(CHECKPATCH_DIR)
