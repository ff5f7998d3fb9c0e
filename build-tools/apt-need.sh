#!/usr/bin/env bash
# Installs those of the given Debian packages that are missing (apt-get, without recommends), as root or through
# sudo: the one place the setup scripts install from.
#   bash build-tools/apt-need.sh PACKAGE...
set -euo pipefail
need=()
for pkg in "$@"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${need[@]}"
fi
