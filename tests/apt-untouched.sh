#!/bin/bash
# apt-untouched.sh snapshot FILE | check FILE - the host's /etc/apt is
# only ever read: `snapshot` records a digest of every file under it
# (names, modes and contents), `check` compares against that record and
# names what changed. make-test.sh takes the snapshot first and checks
# last, so everything make test does (tools/private-apt.sh included)
# is covered.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: apt-untouched.sh snapshot|check FILE" >&2; exit 2; }
digest() {
	find /etc/apt -printf '%p %m %s\n' | LC_ALL=C sort
	find /etc/apt -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum
}
case $1 in
snapshot) digest >"$2" ;;
check)
	if digest | diff -u "$2" - >"$2.diff"; then
		echo "apt-untouched: 1 passed, 0 failed (/etc/apt byte-identical)"
	else
		cat "$2.diff"
		echo "apt-untouched: 0 passed, 1 failed (/etc/apt changed, see above)"
		exit 1
	fi ;;
*) echo "apt-untouched.sh: unknown command '$1'" >&2; exit 2 ;;
esac
