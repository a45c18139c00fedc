#!/usr/bin/env bash
# Makes sure the end-to-end flow can run (idempotent): Debian's Chromium and node_modules from package-lock.json.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bash "$HERE/../embed-service/src/test/browser/ensure-browser.sh"
if [[ ! -d "$HERE/node_modules/playwright-core" || ! -d "$HERE/node_modules/axe-core" || ! -d "$HERE/node_modules/yaml" \
      || ! -d "$HERE/node_modules/@kubernetes-models/strimzi-kafka-operator" || ! -d "$HERE/node_modules/typescript" ]]; then
  (cd "$HERE" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi
# PHP for the generated PHP client (clients.test.mjs), with Debian's Guzzle, which that client's HTTP calls use.
if ! php -r 'exit(extension_loaded("curl") && extension_loaded("mbstring") && is_file("/usr/share/php/GuzzleHttp/autoload.php") ? 0 : 1);' 2>/dev/null; then
  apt-get install -y -q php-cli php-curl php-mbstring php-xml php-guzzlehttp-guzzle >/dev/null
fi
# ShellCheck for suite-checks' ScriptsPassShellCheckTest (every shell script of the repository).
if ! command -v shellcheck >/dev/null 2>&1; then
  apt-get install -y -q shellcheck >/dev/null
fi
