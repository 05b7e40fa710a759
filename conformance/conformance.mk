# conformance.mk - the guest runner (static) and its host unit tests.
#
# Every conformance/*.c except main.c is library code shared by the runner
# and the tests; conformance/tests/test_*.c are cmocka test programs, each
# linked against that library, built and run under ASan/UBSan.

CONF_DIR      := conformance
CONF_OUT      := $(BUILD)/conformance
CONF_LIB_SRCS := $(filter-out $(CONF_DIR)/main.c,$(wildcard $(CONF_DIR)/*.c))
CONF_HDRS     := $(wildcard $(CONF_DIR)/*.h)
CONF_TESTS    := $(wildcard $(CONF_DIR)/tests/test_*.c)

CONF_CFLAGS   := -std=gnu11 -O2 -g -Wall -Wextra -Werror -I$(CONF_DIR)
CONF_SAN      := -fsanitize=address,undefined -fno-omit-frame-pointer \
		 -fno-sanitize-recover=all
CONF_LIBS     := -lcgroup -ljson-c -lm -lpthread

RUNNER        := $(CONF_OUT)/conform
RUNNER_HOST   := $(CONF_OUT)/conform-host

# Static runner for the guest initramfs.
$(RUNNER): $(CONF_LIB_SRCS) $(CONF_DIR)/main.c $(CONF_HDRS) | deps
	@mkdir -p $(@D)
	$(Q)$(CC) $(CONF_CFLAGS) -static -o $@ $(CONF_DIR)/main.c \
		$(CONF_LIB_SRCS) $(CONF_LIBS)

# Host build of the same runner, sanitized: used by --check and the tests.
$(RUNNER_HOST): $(CONF_LIB_SRCS) $(CONF_DIR)/main.c $(CONF_HDRS) | deps
	@mkdir -p $(@D)
	$(Q)$(CC) $(CONF_CFLAGS) $(CONF_SAN) -o $@ $(CONF_DIR)/main.c \
		$(CONF_LIB_SRCS) $(CONF_LIBS)

CONF_TEST_BINS := $(patsubst $(CONF_DIR)/tests/%.c,$(CONF_OUT)/tests/%,$(CONF_TESTS))

$(CONF_OUT)/tests/%: $(CONF_DIR)/tests/%.c $(CONF_LIB_SRCS) $(CONF_HDRS) | deps
	@mkdir -p $(@D)
	$(Q)$(CC) $(CONF_CFLAGS) $(CONF_SAN) -DCONFORM_SRCDIR='"$(CURDIR)"' \
		-o $@ $< $(CONF_LIB_SRCS) $(CONF_LIBS) -lcmocka

.PHONY: runner unit-tests
runner: $(RUNNER) $(RUNNER_HOST)

# Runs every unit test program; prints one line per program and a total.
unit-tests: $(CONF_TEST_BINS)
	@tests/run-unit-tests.sh unit $(CONF_TEST_BINS)
