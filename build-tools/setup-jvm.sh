#!/usr/bin/env bash
# Installs what the Java runtime (jvm/) needs beyond build-tools/setup.sh, from Debian only: the JDK
# (openjdk-17-jdk-headless: javac, jar, java) builds it and runs its bench, and JUnit 5 (junit5, its console
# launcher) runs its tests. `swift test` needs neither. Debian 12; run as root or with sudo available.
set -euo pipefail
bash "$(dirname "$0")/apt-need.sh" openjdk-17-jdk-headless junit5
