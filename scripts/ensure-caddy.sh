#!/usr/bin/env bash
# The reverse-proxy test runs Debian's Caddy; install it when it is missing (CI, a fresh machine).
set -euo pipefail
bin="${CADDY_PATH:-/usr/bin/caddy}"
if [ -x "$bin" ]; then exit 0; fi
bash "$(dirname "$0")/ensure-debian-package.sh" "$bin" caddy
# The package starts a system service on port 80; the test runs its own Caddy, so stop that one where systemd runs.
if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO systemctl disable --now caddy >/dev/null 2>&1 || true
fi
"$bin" version
