#!/usr/bin/env bash
# Browser tests use Debian's Chromium; install it when it is missing (CI, a fresh machine).
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then exit 0; fi
echo "Chromium not found at $bin: installing Debian's chromium package…"
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
"$bin" --version
