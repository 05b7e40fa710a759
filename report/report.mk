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
REPORT_LIB_SRCS := $(filter-out $(REPORT_DIR)/main.c,$(wildcard $(REPORT_DIR)/*.c)) \
		   conformance/stats.c
REPORT_HDRS     := $(wildcard $(REPORT_DIR)/*.h) conformance/stats.h
REPORT_TESTS    := $(wildcard $(REPORT_DIR)/tests/test_*.c)
REPORT_CFLAGS   := -std=gnu11 -O2 -g -Wall -Wextra -Werror -I$(REPORT_DIR)
REPORT_SAN      := -fsanitize=address,undefined -fno-omit-frame-pointer \
		   -fno-sanitize-recover=all
REPORT_LIBS     := -ljson-c -lm
CFSREPORT       := $(REPORT_OUT)/cfsreport
REPORT_FIXTURES := $(REPORT_DIR)/tests/fixtures

RESULTS ?= $(RESULTS_DIR)/latest
BASE    ?=
CAND    ?=
# e.g. COMPARE_FLAGS="--min-effect 1 --confidence 0.99"
COMPARE_FLAGS ?=

$(CFSREPORT): $(REPORT_LIB_SRCS) $(REPORT_DIR)/main.c $(REPORT_HDRS)
	@mkdir -p $(@D)
	$(Q)$(CC) $(REPORT_CFLAGS) -o $@ $(REPORT_DIR)/main.c \
		$(REPORT_LIB_SRCS) $(REPORT_LIBS)

REPORT_TEST_BINS := $(patsubst $(REPORT_DIR)/tests/%.c,$(REPORT_OUT)/tests/%,$(REPORT_TESTS))

$(REPORT_OUT)/tests/%: $(REPORT_DIR)/tests/%.c $(REPORT_LIB_SRCS) $(REPORT_HDRS)
	@mkdir -p $(@D)
	$(Q)$(CC) $(REPORT_CFLAGS) $(REPORT_SAN) \
		-DFIXTURES='"$(CURDIR)/$(REPORT_FIXTURES)"' \
		-o $@ $< $(REPORT_LIB_SRCS) $(REPORT_LIBS) -lcmocka

# Sanitized cfsreport for the tests that run the whole program.
$(REPORT_OUT)/cfsreport-san: $(REPORT_LIB_SRCS) $(REPORT_DIR)/main.c $(REPORT_HDRS)
	@mkdir -p $(@D)
	$(Q)$(CC) $(REPORT_CFLAGS) $(REPORT_SAN) -o $@ $(REPORT_DIR)/main.c \
		$(REPORT_LIB_SRCS) $(REPORT_LIBS)

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

# Screenshot check: a small PNG decoder (zlib) counting non-white pixels.
$(REPORT_OUT)/pngcheck: $(REPORT_DIR)/tests/pngcheck.c
	@mkdir -p $(@D)
	$(Q)$(CC) $(REPORT_CFLAGS) -o $@ $< -lz

report-browser-test: $(CFSREPORT) $(REPORT_OUT)/pngcheck
	$(Q)$(REPORT_DIR)/tests/browser-test.sh $(CFSREPORT) $(REPORT_OUT)/pngcheck \
		$(REPORT_FIXTURES) $(REPORT_OUT)/browser
