#!/bin/bash
# test-guest-death.sh - guest-death.sh on recorded console logs
# (initramfs/tests/fixtures/guest-death/): the jump-label int3 deaths
# under TCG are emulator faults (exit 30), other deaths kernel oopses
# (exit 31), a finished run none (exit 0).
set -uo pipefail
cd "$(dirname "$0")/../.."
. tests/check-lib.sh
fx=initramfs/tests/fixtures/guest-death

# run ARGS...: guest-death.sh's line in $out, its exit code in $rc
run() { out=$(initramfs/guest-death.sh "$@" 2>/dev/null); rc=$?; }

run "$fx/7.2.13-jlrepro-int3-update_curr.log"
check "7.2.13 reproducer: exit 30" eq "$rc" 30
check "7.2.13 reproducer: emulator-int3" eq "${out%%:*}" emulator-int3
check "7.2.13 reproducer: names the site" eq "$(grep -o 'update_curr+0xaf/0x1e0 on CPU 0' <<<"$out")" "update_curr+0xaf/0x1e0 on CPU 0"
check "7.2.13 reproducer: the text is no longer int3" eq "$(grep -o "is '66', not int3" <<<"$out")" "is '66', not int3"
run --accel kvm "$fx/7.2.13-jlrepro-int3-update_curr.log"
check "a removed breakpoint is an emulator fault under kvm too" eq "$rc" 30

run "$fx/7.2.13-suite-int3-update_curr.log"
check "7.2.13 default suite, scenario 31: exit 30" eq "$rc" 30
check "7.2.13 default suite: CPU 1" eq "$(grep -o 'update_curr+0xaf/0x1e0 on CPU 1' <<<"$out")" "update_curr+0xaf/0x1e0 on CPU 1"
run "$fx/7.3.4-jlrepro-int3-jmp8.log"
check "7.3.4 reproducer, a key just enabled (jmp8 eb): exit 30" eq "$rc" 30
check "7.3.4: the text is the jmp" eq "$(grep -o "is 'eb', not int3" <<<"$out")" "is 'eb', not int3"

run "$fx/6.1.192-suite-int3-cfs_bandwidth_used.log"
check "6.1.192 suite (no symbols): exit 30" eq "$rc" 30
check "6.1.192 suite: the raw RIP" eq "$(grep -o 'int3 at 0xffffffff8105f124' <<<"$out")" "int3 at 0xffffffff8105f124"

run "$fx/synthetic-int3-breakpoint-present.log"
check "int3 still in memory under tcg: emulator-int3" eq "$rc" 30
run --accel kvm "$fx/synthetic-int3-breakpoint-present.log"
check "int3 still in memory under kvm: kernel-oops" eq "$rc" 31
check "kvm: says so" eq "${out%%:*}" kernel-oops

run "$fx/6.12.118-null-deref.log"
check "NULL dereference: exit 31" eq "$rc" 31
check "NULL dereference: kernel-oops with the RIP" eq "$out" "kernel-oops: BUG: kernel NULL pointer dereference, address: 0000000000000051 at 0xffffffff8106c8e9 on CPU 0"

run "$fx/clean.log"
check "finished run: exit 0" eq "$rc" 0
check "finished run: none" eq "${out%%:*}" none

run /nonexistent
check "missing log: exit 2" eq "$rc" 2
run --accel "$fx/clean.log"
check "bad arguments: exit 2" eq "$rc" 2

# tcg-thread.sh: the threading for a QEMU, from its version.
tmp=$(mktemp -d /tmp/tcg-thread-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fake() { printf '#!/bin/sh\necho "%s"\n' "$2" >"$tmp/$1"; chmod +x "$tmp/$1"; }
fake q72 "QEMU emulator version 7.2.22 (Debian 1:7.2+dfsg-7+deb12u18+b3)"
fake q80 "QEMU emulator version 8.0.5"
fake q81 "QEMU emulator version 8.1.0"
fake q10 "QEMU emulator version 10.0.2 (Debian 1:10.0.2+ds-2+deb13u1~bpo12+1)"
fake qbad "something else"
t() { TCG_THREAD=${2:-auto} initramfs/tcg-thread.sh "$tmp/$1" 2>/dev/null; }
check "QEMU 7.2: single" eq "$(t q72)" single
check "QEMU 8.0: single" eq "$(t q80)" single
check "QEMU 8.1: multi" eq "$(t q81)" multi
check "QEMU 10.0: multi" eq "$(t q10)" multi
check "unreadable version: single" eq "$(t qbad)" single
check "TCG_THREAD=multi overrides" eq "$(t q72 multi)" multi
check "TCG_THREAD=single overrides" eq "$(t q10 single)" single
t q10 bogus >/dev/null
check "TCG_THREAD=bogus: exit 2" eq "$?" 2

echo "guest-death: $pass passed, $fail failed"
[ "$fail" = 0 ]
