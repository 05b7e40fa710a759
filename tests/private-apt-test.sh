#!/bin/bash
# private-apt-test.sh - tools/private-apt.sh against the real mirror: the
# index of the other suites builds with signatures checked, it offers
# linux-source-7.3, the mirror's host is nowhere in the repository, and a
# package that does not exist gives exit 4 with a message.
set -uo pipefail
papt=tools/private-apt.sh
pass=0 fail=0
ok() { echo "ok - $*"; pass=$((pass + 1)); }
bad() { echo "not ok - $*"; fail=$((fail + 1)); }

if PAPT_MAX_AGE=0 "$papt" update; then ok "private index built"; else bad "private index"; fi
conf=${BUILD:-build}/apt/apt.conf
if grep -q 'trusted' "${BUILD:-build}/apt/etc/debian.sources" "$conf"; then
	bad "the private sources mark something trusted"
else
	ok "no trusted=yes: signatures checked with the archive keyring"
fi
v=$("$papt" newest linux-source-7.3) && [[ $v == 7.3.* ]] &&
	ok "linux-source-7.3 offered: $v" || bad "no linux-source-7.3 in the private index"
rc=0
"$papt" newest no-such-package-here >/dev/null 2>&1 || rc=$?
[ $rc = 4 ] && ok "unknown package: exit 4" || bad "unknown package: exit $rc, want 4"
host=$(sed -n 's|^URIs: [a-z]*://\([^/]*\).*|\1|p' "${BUILD:-build}/apt/etc/debian.sources")
if [ -n "$host" ] && git grep -qiF "$host" -- . ':!build'; then
	bad "the mirror's host appears in the repository: $(git grep -liF "$host" | head -n 3)"
else
	ok "the mirror's host is not named in the repository"
fi
echo "private-apt: $pass passed, $fail failed"
[ $fail = 0 ]
