#!/bin/bash
# test-kvm-probe.sh - kvm-probe.sh with a fake QEMU and a fake /dev/kvm:
# a working and a hanging KVM, the verdict cached for one host boot, and
# a new boot, a changed /dev/kvm or a changed QEMU probing again.
set -uo pipefail
cd "$(dirname "$0")/../.."
. tests/check-lib.sh
tmp=$(mktemp -d /tmp/kvm-probe-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
export KVM_DEV=$tmp/kvm BOOT_ID_FILE=$tmp/boot_id KVM_PROBE_CACHE=$tmp/cache KVM_PROBE_SECONDS=1
echo boot-1 >"$BOOT_ID_FILE"
: >"$KVM_DEV"

# fake QEMU: counts its runs; prints the banner unless $tmp/hang exists
cat >"$tmp/qemu" <<EOF
#!/bin/bash
echo run >>"$tmp/runs"
for a in "\$@"; do case "\$a" in file:*) log=\${a#file:} ;; esac; done
[ -e "$tmp/hang" ] && exec sleep 30
echo "Linux version 6.1.192" >"\$log"
exec sleep 30
EOF
chmod +x "$tmp/qemu"
runs() { [ -e "$tmp/runs" ] && wc -l <"$tmp/runs" || echo 0; }
probe() { initramfs/kvm-probe.sh "$tmp/qemu" bzImage "$tmp"; }

out=$(probe)
check "working KVM: exit 0" test $? = 0
check "working KVM: probed once" eq "$(runs)" 1
out=$(probe)
check "second run: exit 0" test $? = 0
check "second run: no probe boot" eq "$(runs)" 1
check "second run: says it is cached" eq "$out" "cached for this host boot"

echo boot-2 >"$BOOT_ID_FILE"
touch "$tmp/hang"
out=$(probe)
check "new boot, hanging KVM: exit 1" test $? = 1
check "new boot: probed again" eq "$(runs)" 2
check "hang: says why" eq "$out" "a KVM guest printed nothing within 1 s"
out=$(probe)
check "hang cached: exit 1" test $? = 1
check "hang cached: no probe boot" eq "$(runs)" 2
check "hang cached: why and where" eq "$out" \
	"a KVM guest printed nothing within 1 s; cached for this host boot in $tmp/cache"

rm "$tmp/hang"
sleep 1.1 && touch "$tmp/qemu"
probe >/dev/null
check "changed QEMU: probed again, works" eq "$?:$(runs)" 0:3
rm "$KVM_DEV"
out=$(probe)
check "no /dev/kvm: exit 1 without a boot" eq "$?:$(runs)" 1:3
check "no /dev/kvm: says so" eq "$out" "no usable $KVM_DEV"

echo "kvm-probe: $pass passed, $fail failed"
[ "$fail" = 0 ]
