#!/bin/bash
# host-safety.sh - fail if anything in the tree could load code into the
# host kernel. Every kernel under test boots in QEMU; the host only builds.
#
# Looked for in the host-side files (Makefiles, shell, .ci): commands that
# load modules or kernels (insmod, modprobe, kexec, rmmod as a command) and
# module-loading syscalls in host C code (init_module, finit_module,
# kexec_load, kexec_file_load). Guest-only files (/init, the runner) are
# out of scope: they run inside the QEMU guest.
set -uo pipefail
cd "$(dirname "$0")/.."

bad=0
while IFS= read -r f; do
	case "$f" in
	tests/host-safety.sh | initramfs/init) continue ;;
	esac
	if hits=$(grep -nE '(^|[;&|(`[:space:]])(insmod|modprobe|kexec|rmmod)([[:space:]]|$)' "$f" |
		grep -vE '^[0-9]+:[[:space:]]*#'); then
		echo "$f: loads code into the host kernel:"
		sed 's/^/    /' <<<"$hits"
		bad=1
	fi
done < <(git ls-files --cached --others --exclude-standard -- Makefile '*.mk' '*.sh' '.ci/*' 2>/dev/null)

while IFS= read -r f; do
	case "$f" in conformance/*) continue ;; esac	# guest-side code
	if hits=$(grep -nE '\b(f?init_module|kexec_(file_)?load)[[:space:]]*\(' "$f"); then
		echo "$f: module/kexec syscall in host code:"
		sed 's/^/    /' <<<"$hits"
		bad=1
	fi
done < <(git ls-files --cached --others --exclude-standard -- '*.c' ':!:patches/*' 2>/dev/null)

if [ $bad = 0 ]; then
	echo "host-safety: 1 passed, 0 failed"
else
	echo "host-safety: 0 passed, 1 failed"
fi
exit $bad
