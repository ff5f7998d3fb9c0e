#!/usr/bin/env bash
# Installs what the web runtime's checks need beyond build-tools/setup.sh, from Debian only: Node (nodejs) runs the
# module's tests and bench, node-typescript type-checks its JSDoc, esbuild bundles and minifies it, and Chromium
# with its WebDriver (chromium, chromium-driver) driven by python3-selenium runs the browser tests. `swift test`
# needs none of these. Debian 12; run as root or with sudo available.
set -euo pipefail
bash "$(dirname "$0")/apt-need.sh" nodejs node-typescript esbuild chromium chromium-driver python3-selenium
