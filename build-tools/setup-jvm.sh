#!/usr/bin/env bash
# Installs what the Java runtime (jvm/) needs beyond build-tools/setup.sh, from Debian only: the JDK
# (openjdk-17-jdk-headless: javac, jar, java) builds it and runs its bench, and JUnit 5 (junit5, its console
# launcher) runs its tests. `swift test` needs neither. Debian 12; run as root or with sudo available.
set -euo pipefail
need=()
for pkg in openjdk-17-jdk-headless junit5; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${need[@]}"
fi
