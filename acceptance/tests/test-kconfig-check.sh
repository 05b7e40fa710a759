#!/bin/bash
# test-kconfig-check.sh - kconfig-check.sh on made-up kernel configs (the
# options of patches/guest.config, changed one class at a time): a kernel
# with everything, one without CPU hotplug (a named feature line, still
# runnable), one with the serial driver as a module (exit 2, the option and
# the file named). Ends with "kconfig-check: N passed, M failed".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
check_sh=$here/../kconfig-check.sh
frag=$here/../../patches/guest.config
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=../../tests/check-lib.sh
. "$here/../../tests/check-lib.sh"

# jfield FILE KEY...: the keys' values (a.b for a nested one), space-
# separated; a string as it is, anything else as compact JSON (python3 is
# in the deps list)
jfield() {
	python3 -c 'import json, sys
def get(v, k):
    for p in k.split("."):
        v = v.get(p) if isinstance(v, dict) else None
    return v if isinstance(v, str) else json.dumps(v, separators=(",", ":"))
o = json.load(open(sys.argv[1]))
print(" ".join(get(o, k) for k in sys.argv[2:]))' "$@"
}

# a distro-like config: every fragment option as asked, but HZ 250
full=$tmp/config-6.1.0-test-amd64
sed -n 's/^\(CONFIG_[A-Z0-9_]*=.*\)$/\1/p' "$frag" |
	sed 's/^CONFIG_HZ_1000=y$/# CONFIG_HZ_1000 is not set/' >"$full"
echo 'CONFIG_HZ_250=y' >>"$full"
echo 'CONFIG_HZ=250' >>"$full"

"$check_sh" "$full" "$frag" "linux-image-test 1.0" "$tmp/full.json" 2>"$tmp/full.err"
check "a complete config passes" eq "$?" 0
check "its JSON names release, source and HZ" eq \
	"$(jfield "$tmp/full.json" kernel_release source hz patches)" \
	"6.1.0-test-amd64 linux-image-test 1.0 250 0"
check "the HZ difference is listed, nothing else" eq \
	"$(jfield "$tmp/full.json" config_differs)" '{"CONFIG_HZ_1000":"n"}'
check "the summary line says it" has "$tmp/full.err" \
	"every boot option built in, HZ=250, 1 option(s) differ"

# variant NAME SED-EXPR: the complete config edited, then checked
variant() {
	sed "$2" "$full" >"$tmp/config-$1"
	"$check_sh" "$tmp/config-$1" "$frag" x "$tmp/$1.json" 2>"$tmp/$1.err"
}

variant nohp 's/^CONFIG_HOTPLUG_CPU=y$/# CONFIG_HOTPLUG_CPU is not set/'
check "a missing feature is not fatal" eq "$?" 0
check "it names the scenarios it affects" has "$tmp/nohp.err" \
	"CONFIG_HOTPLUG_CPU=n: affects hotplug/"

variant mod 's/^CONFIG_SERIAL_8250=y$/CONFIG_SERIAL_8250=m/'
check "a boot option as a module is bad input (exit 2)" eq "$?" 2
check "the option and the file are named" has "$tmp/mod.err" \
	"error: CONFIG_SERIAL_8250=m in config-mod: the guest needs it built in"
check "the JSON is still written" eq "$(jfield "$tmp/mod.json" config_differs.CONFIG_SERIAL_8250)" m

"$check_sh" "$tmp/nonexistent" "$frag" x "$tmp/none.json" 2>"$tmp/none.err"
check "an unreadable config is exit 2" eq "$?" 2

echo "kconfig-check: $pass passed, $fail failed"
[ "$fail" = 0 ]
