#!/usr/bin/env bash
# Installs Debian packages when a program the tests need is missing (CI, a fresh machine).
#   ensure-debian-package.sh BINARY PACKAGE...   exits at once when BINARY is executable
set -euo pipefail
bin="$1"; shift
if [ -x "$bin" ]; then exit 0; fi
echo "$bin not found: installing Debian's $*…"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
