# report.mk - results -> HTML/SVG + JUnit (cfsreport), baseline-vs-candidate
# comparison, and the report's tests. Included by the top-level Makefile,
# which defines BUILD, Q, CC and RESULTS_DIR.
#
#   make report [RESULTS=dir]          dir/report.html + dir/junit.xml
#   make compare BASE=dir CAND=dir     CAND/compare.html + terminal summary,
#                                      exits non-zero on a regression
#   make report-tests                  cmocka tests under ASan/UBSan
#   make report-browser-test           render a fixture report in headless
#                                      Chromium (skips without chromium)

DEPS_PKGS += libjson-c-dev libcmocka-dev zlib1g-dev chromium

REPORT_DIR      := report
REPORT_OUT      := $(BUILD)/report
REPORT_MAIN     := $(REPORT_DIR)/main.c
# the statistics and the verdict names are the runner's (the contract)
REPORT_LIB_SRCS := $(filter-out $(REPORT_MAIN),$(wildcard $(REPORT_DIR)/*.c)) \
		   $(wildcard conformance/contract/*.c)
REPORT_TESTS    := $(wildcard $(REPORT_DIR)/tests/test_*.c)
REPORT_LIBS     := -ljson-c -lm
CFSREPORT       := $(REPORT_OUT)/cfsreport
REPORT_FIXTURES := $(REPORT_DIR)/tests/fixtures

CFLAGS_$(REPORT_DIR)/tests := -I$(REPORT_DIR) \
	-DFIXTURES='"$(CURDIR)/$(REPORT_FIXTURES)"'

RESULTS ?= $(RESULTS_DIR)/latest
BASE    ?=
CAND    ?=
# e.g. COMPARE_FLAGS="--min-effect 1 --confidence 0.99"
COMPARE_FLAGS ?=

$(CFSREPORT): $(call c_objs,plain,$(REPORT_MAIN) $(REPORT_LIB_SRCS))
	@mkdir -p $(@D)
	$(Q)$(CC) -o $@ $^ $(REPORT_LIBS)

# A static cfsreport for the guest: LAVA's initramfs carries it as
# /bin/cfsreport, which lava/guest/run.sh runs (cfsreport lava).
CFSREPORT_STATIC := $(REPORT_OUT)/cfsreport-static
$(CFSREPORT_STATIC): $(call c_objs,plain,$(REPORT_MAIN) $(REPORT_LIB_SRCS))
	@mkdir -p $(@D)
	$(Q)$(CC) -static -o $@ $^ $(REPORT_LIBS)

REPORT_TEST_BINS := $(patsubst $(REPORT_DIR)/tests/%.c,$(REPORT_OUT)/tests/%,$(REPORT_TESTS))

$(REPORT_OUT)/tests/%: $(OBJ_DIR)/san/$(REPORT_DIR)/tests/%.o \
		       $(call c_objs,san,$(REPORT_LIB_SRCS))
	@mkdir -p $(@D)
	$(Q)$(CC) $(SAN_FLAGS) -o $@ $^ $(REPORT_LIBS) -lcmocka

# Sanitized cfsreport for the tests that run the whole program.
$(REPORT_OUT)/cfsreport-san: $(call c_objs,san,$(REPORT_MAIN) $(REPORT_LIB_SRCS))
	@mkdir -p $(@D)
	$(Q)$(CC) $(SAN_FLAGS) -o $@ $^ $(REPORT_LIBS)

.PHONY: report compare report-tests report-browser-test

report: $(CFSREPORT)
	$(Q)test -d "$(RESULTS)" || { echo "[report] no results directory '$(RESULTS)' (make run, or RESULTS=dir)" >&2; exit 2; }
	$(Q)$(CFSREPORT) "$(RESULTS)"

compare: $(CFSREPORT)
	$(Q)test -n "$(BASE)" && test -n "$(CAND)" || { echo "[compare] usage: make compare BASE=results/A CAND=results/B" >&2; exit 2; }
	$(Q)$(CFSREPORT) compare $(COMPARE_FLAGS) "$(BASE)" "$(CAND)"

# Unit tests + the whole program on every fixture, under ASan/UBSan.
report-tests: $(REPORT_TEST_BINS) $(REPORT_OUT)/cfsreport-san
	$(Q)$(REPORT_DIR)/tests/run-tests.sh $(REPORT_OUT) $(REPORT_FIXTURES) \
		$(REPORT_TEST_BINS)

# make guest-death-tests: the guest-death classifier (guestdeath.c) on
# recorded consoles (report/tests/guest-death/), under ASan/UBSan; one
# "guest-death: N passed, M failed" line from cmocka's.
.PHONY: guest-death-tests
guest-death-tests: $(REPORT_OUT)/tests/test_guestdeath
	$(Q)log=$$($< 2>&1); rc=$$?; echo "$$log"; \
	echo "guest-death: $$(grep -c '^\[       OK \]' <<<"$$log") passed," \
		"$$(grep -c '^\[  FAILED  \] [a-z]' <<<"$$log") failed"; \
	exit $$rc

# Screenshot check: a small PNG decoder (zlib) counting non-white pixels.
$(REPORT_OUT)/pngcheck: $(OBJ_DIR)/plain/$(REPORT_DIR)/tests/pngcheck.o
	@mkdir -p $(@D)
	$(Q)$(CC) -o $@ $^ -lz

report-browser-test: $(CFSREPORT) $(REPORT_OUT)/pngcheck
	$(Q)$(REPORT_DIR)/tests/browser-test.sh $(CFSREPORT) $(REPORT_OUT)/pngcheck \
		$(REPORT_FIXTURES) $(REPORT_OUT)/browser
