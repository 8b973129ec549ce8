#!/usr/bin/env bash
# Browser tests use Debian's Chromium; install it when it is missing (CI, a fresh machine).
set -euo pipefail
bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$bin" ]; then exit 0; fi
bash "$(dirname "$0")/ensure-debian-package.sh" "$bin" chromium fonts-dejavu-core
"$bin" --version
