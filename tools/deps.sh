#!/bin/bash
# deps.sh PKG... - install the Debian packages that are missing, with
# apt-get. Silent when everything is present; idempotent.
set -euo pipefail

missing=()
for p in "$@"; do
	st=$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null || true)
	[ "${st:0:2}" = "ii" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "[deps] missing Debian packages: ${missing[*]}" >&2
	echo "[deps] run 'make deps' as root, or: sudo apt-get install ${missing[*]}" >&2
	exit 1
fi
echo "[deps] installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
log=$(mktemp /tmp/deps.XXXXXX.log)
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends \
	"${missing[@]}"; } >"$log" 2>&1; then
	tail -n 20 "$log" >&2
	echo "[deps] apt-get failed (log: $log)" >&2
	exit 1
fi
rm -f "$log"
