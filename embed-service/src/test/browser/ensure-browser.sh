#!/usr/bin/env bash
# Makes sure the browser tests of embed-service can run (idempotent; the project test script calls it before Maven):
# Debian's Chromium at /usr/bin/chromium (never a downloaded browser) and node_modules from package-lock.json.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ ! -x /usr/bin/chromium ]]; then
  echo "ensure-browser: installing Debian's chromium" >&2
  SUDO=""
  if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
if ! command -v node >/dev/null 2>&1; then
  echo "ensure-browser: node is missing (install Debian's nodejs and npm)" >&2
  exit 1
fi
if [[ ! -d "$HERE/node_modules/playwright-core" || ! -d "$HERE/node_modules/axe-core" ]]; then
  echo "ensure-browser: npm ci in $HERE" >&2
  (cd "$HERE" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi
echo "ensure-browser: chromium $(/usr/bin/chromium --version 2>/dev/null | awk '{print $2}'), node $(node --version), node_modules ready" >&2
