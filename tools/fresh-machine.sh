#!/bin/bash
# fresh-machine.sh [--make] DIR [REPO] - the README's two commands as a new
# user meets them: a Debian minbase system in DIR (debootstrap), `make` and
# `git` added, a fresh clone of REPO (default: this checkout's HEAD), then
# `make test` inside it, and with --make also `make`.
#
# Needs root (debootstrap, chroot, mounts). The mirror is the one this
# host's apt sources already use for its own release; nothing else is
# assumed. DIR must not exist yet (or be a minbase left by an earlier run,
# which is reused as it is). Logs: DIR/root/fresh-*.log; the exit status is
# that of the last command run inside.
set -euo pipefail

run_make=0
if [ "${1:-}" = --make ]; then
	run_make=1
	shift
fi
[ $# -ge 1 ] || { echo "usage: $0 [--make] DIR [REPO]" >&2; exit 2; }
dir=$(realpath -m "$1")
repo=$(realpath "${2:-$(dirname "$0")/..}")
[ "$(id -u)" = 0 ] || { echo "[fresh] must run as root" >&2; exit 2; }

. /etc/os-release
codename=${VERSION_CODENAME:?no VERSION_CODENAME in /etc/os-release}

# The URI this host's apt uses for "$codename" itself (deb822 or one-line).
mirror_uri() {
	local f
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -r "$f" ] || continue
		awk -v s="$codename" '
			/^URIs:/ { u = $2 }
			/^Suites:/ { for (i = 2; i <= NF; i++) if ($i == s) hit = 1 }
			/^$/ { if (hit && u != "") { print u; exit } hit = 0; u = "" }
			END { if (hit && u != "") print u }' "$f"
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -r "$f" ] || continue
		awk -v s="$codename" '$1 == "deb" && $3 == s { print $2 }' "$f"
	done
}
uri=$(mirror_uri | head -n 1)
[ -n "$uri" ] || { echo "[fresh] no apt source for '$codename' on this host" >&2; exit 2; }

if [ ! -e "$dir/etc/debian_version" ]; then
	command -v debootstrap >/dev/null || "$repo/tools/deps.sh" debootstrap
	echo "[fresh] debootstrap --variant=minbase $codename $dir (this host's mirror)"
	debootstrap --variant=minbase "$codename" "$dir" "$uri" >"$dir.debootstrap.log" 2>&1 ||
		{ tail -n 20 "$dir.debootstrap.log" >&2; exit 1; }
fi

# The same apt sources as this host (the enabled Debian ones: any source
# whose suites name this release, its updates or its security suite).
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list; do
	[ -r "$f" ] || continue
	grep -Eq "^(Suites:|deb )(.*[[:space:]])?$codename(-[a-z]+)?([[:space:]]|\$)" "$f" &&
		cp "$f" "$dir$f"
done
cp /etc/resolv.conf "$dir/etc/resolv.conf"

mounts=(proc sys dev dev/pts)
cleanup() {
	local i
	for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
		umount -l "$dir/${mounts[i]}" 2>/dev/null || true
	done
}
trap cleanup EXIT
mount -t proc proc "$dir/proc"
mount -t sysfs sys "$dir/sys"
mount --bind /dev "$dir/dev"
mount --bind /dev/pts "$dir/dev/pts"

inside() {
	chroot "$dir" /usr/bin/env -i HOME=/root TERM=dumb \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		/bin/bash -c "$1"
}

echo "[fresh] apt-get install make git (inside)"
inside 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq make git' \
	>"$dir/root/fresh-apt.log" 2>&1 || { tail -n 20 "$dir/root/fresh-apt.log" >&2; exit 1; }

rm -rf "$dir/root/src"
git clone -q "$repo" "$dir/root/src"
echo "[fresh] clone of $(git -C "$repo" rev-parse --short HEAD) in $dir/root/src"

run() {
	local what=$1 log=$dir/root/fresh-$2.log start rc=0
	start=$(date +%s)
	echo "[fresh] $what (log: $log)"
	inside "cd /root/src && $what" >"$log" 2>&1 || rc=$?
	echo "[fresh] $what: exit $rc after $(($(date +%s) - start)) s; last lines:"
	tail -n 3 "$log" | sed 's/^/    /'
	return $rc
}
rc=0
run 'make test' make-test || rc=$?
if [ $run_make = 1 ]; then
	run make make || rc=$?
fi
exit $rc
