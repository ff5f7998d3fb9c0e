#!/usr/bin/env bash
# Installs what the web runtime's checks need beyond build-tools/setup.sh, from Debian only: Node (nodejs) runs the
# module's tests and bench, node-typescript type-checks its JSDoc, esbuild bundles and minifies it, and Chromium
# with its WebDriver (chromium, chromium-driver) driven by python3-selenium runs the browser tests. `swift test`
# needs none of these. Debian 12; run as root or with sudo available.
set -euo pipefail
need=()
for pkg in nodejs node-typescript esbuild chromium chromium-driver python3-selenium; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${need[@]}"
fi
