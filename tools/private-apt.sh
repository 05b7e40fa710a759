#!/bin/bash
# private-apt.sh - Debian packages from suites the host's apt does not
# list (trixie, trixie-backports, sid, bookworm-backports), fetched with a
# private apt configuration under the build folder. The host's /etc/apt is
# only read, never written, and nothing fetched is ever installed.
#
#   private-apt.sh update                 (re)build the private index
#   private-apt.sh download DIR PKG[=VER]...   .debs into DIR (verified)
#   private-apt.sh newest PKG             newest version offered, or exit 4
#   private-apt.sh madison PKG            every version and its suite
#   private-apt.sh apt-cache ARGS...      any apt-cache query on the index
#   private-apt.sh env                    print APT_CONFIG=... for callers
#
# The mirror is the one the host already uses: the repository URI of the
# host's own Debian release suite, read with `apt-get indextargets` (apt's
# own view of the configured sources, so no sources file is parsed here).
# Signatures are checked with the host's debian-archive-keyring (Signed-By);
# nothing is marked trusted. State lives in $PAPT_DIR (default
# $BUILD/apt): etc/sources.list, lists/, cache/, an empty dpkg status.
#
# Exit status: 0 ok, 2 usage, 3 no mirror or keyring on the host, 4 no
# such package or version, 5 apt failed (its log's tail is printed).
set -euo pipefail

PAPT_DIR=${PAPT_DIR:-${BUILD:-build}/apt}
mkdir -p "$PAPT_DIR"
PAPT_DIR=$(cd "$PAPT_DIR" && pwd)
PAPT_SUITES=${PAPT_SUITES:-trixie trixie-backports sid bookworm-backports}
# The index is refreshed when it is older than this (seconds); 0 = always.
PAPT_MAX_AGE=${PAPT_MAX_AGE:-21600}
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg

say() { echo "[apt] $*" >&2; }
die() { rc=$1; shift; echo "[apt] error: $*" >&2; exit "$rc"; }

# The host's Debian mirror: the URI apt uses for the host release's main
# suite (e.g. bookworm, not bookworm-security or -updates).
host_mirror() {
	local codename uri
	codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	[ -n "$codename" ] || die 3 "/etc/os-release names no VERSION_CODENAME"
	uri=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 2>/dev/null |
		awk -v c="$codename" '$2 == c { print $1; exit }')
	[ -n "$uri" ] || die 3 "the host's apt has no index for '$codename':" \
		"run apt-get update, or configure a Debian mirror"
	echo "${uri%/}"
}

write_config() {
	local mirror=$1 d=$PAPT_DIR
	mkdir -p "$d/etc/preferences.d" "$d/etc/sources.list.d" \
		"$d/lists/partial" "$d/cache/archives/partial"
	: >"$d/status"
	{
		echo "# written by tools/private-apt.sh from the host's mirror"
		echo "Types: deb"
		echo "URIs: $mirror"
		echo "Suites: $PAPT_SUITES"
		echo "Components: main"
		echo "Architectures: amd64"
		echo "Signed-By: $KEYRING"
	} >"$d/etc/debian.sources"
	# Host apt.conf.d is still read (proxies); every state path is ours.
	cat >"$d/apt.conf" <<EOF
Dir::Etc::sourcelist "$d/etc/debian.sources";
Dir::Etc::sourceparts "$d/etc/sources.list.d";
Dir::Etc::preferences "$d/etc/preferences";
Dir::Etc::preferencesparts "$d/etc/preferences.d";
Dir::State::lists "$d/lists";
Dir::State::status "$d/status";
Dir::Cache "$d/cache";
Dir::Cache::archives "$d/cache/archives";
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
APT::Architecture "amd64";
APT::Architectures { "amd64"; };
Acquire::Languages "none";
APT::Sandbox::User "root";
EOF
}

papt_update() {
	local mirror log
	[ -r "$KEYRING" ] || die 3 "$KEYRING missing (apt-get install debian-archive-keyring)"
	mirror=$(host_mirror)
	write_config "$mirror"
	log=$PAPT_DIR/update.log
	say "indexing $PAPT_SUITES from the host's mirror (private lists in $PAPT_DIR)"
	if ! APT_CONFIG=$PAPT_DIR/apt.conf apt-get update -q >"$log" 2>&1 ||
		grep -qE '^(W|E): .*(NO_PUBKEY|not signed|Signature)' "$log"; then
		tail -n 8 "$log" >&2
		die 5 "private apt-get update failed (log: $log)"
	fi
	date +%s >"$PAPT_DIR/updated"
}

# Refresh the index when it is missing or older than PAPT_MAX_AGE.
ensure_index() {
	local now then
	now=$(date +%s)
	then=$(cat "$PAPT_DIR/updated" 2>/dev/null || echo 0)
	if [ ! -f "$PAPT_DIR/apt.conf" ] || [ $((now - then)) -ge "$PAPT_MAX_AGE" ]; then
		papt_update
	fi
}

papt() { APT_CONFIG=$PAPT_DIR/apt.conf "$@"; }

papt_newest() {
	local v
	v=$(papt apt-cache madison "$1" 2>/dev/null | awk -F' [|] ' '{ print $2 }' |
		sort -V | tail -n 1 | tr -d ' ')
	[ -n "$v" ] || die 4 "no package '$1' in $PAPT_SUITES"
	echo "$v"
}

papt_download() {
	local dir=$1 log
	shift
	mkdir -p "$dir"
	log=$(cd "$dir" && pwd)/download.log
	say "downloading $* (signature-checked; not installed)"
	if ! (cd "$dir" && papt apt-get download -q "$@") >"$log" 2>&1; then
		tail -n 5 "$log" >&2
		grep -q 'Unable to locate\|not found' "$log" && die 4 "apt cannot find: $*"
		die 5 "apt-get download $* failed (log: $log)"
	fi
}

[ $# -ge 1 ] || { sed -n '2,20p' "$0" >&2; exit 2; }
cmd=$1
shift
case "$cmd" in
update) papt_update ;;
env) ensure_index; echo "APT_CONFIG=$PAPT_DIR/apt.conf" ;;
newest) [ $# -eq 1 ] || die 2 "usage: newest PKG"; ensure_index; papt_newest "$1" ;;
madison) [ $# -eq 1 ] || die 2 "usage: madison PKG"; ensure_index; papt apt-cache madison "$1" ;;
apt-cache) ensure_index; papt apt-cache "$@" ;;
download) [ $# -ge 2 ] || die 2 "usage: download DIR PKG..."; ensure_index; papt_download "$@" ;;
*) die 2 "unknown command '$cmd' (update, download, newest, madison, apt-cache, env)" ;;
esac
