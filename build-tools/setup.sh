#!/usr/bin/env bash
# Installs the C libraries emopack links (libpng, zlib, libdeflate, zopfli, SQLite, giflib, libwebp, libsodium) when missing, Unicode's data
# (unicode-data: emoji-test.txt, UnicodeData.txt and NormalizationTest.txt.bz2, which the tests read, the last with
# bzip2), CLDR's annotations (unicode-cldr-core: emoji names and keywords for --keyword-locales, read at build time)
# Node (nodejs: the tests run the HTML preview's search script) and libwebp's tools (webp: cwebp, dwebp and webpmux,
# which the WebP tests use as the independent encoder and decoder) and Pillow (python3-pil: the APNG tests' independent
# decoder).
# The web and Java runtimes' checks install theirs with setup-web.sh and setup-jvm.sh (all through apt-need.sh).
# Debian 12 with Swift on PATH; run as root or with sudo available.
set -euo pipefail
bash "$(dirname "$0")/apt-need.sh" libpng-dev zlib1g-dev libdeflate-dev libzopfli-dev libsqlite3-dev libgif-dev libwebp-dev webp libsodium-dev \
  unicode-data bzip2 \
  unicode-cldr-core nodejs python3-pil
command -v swift >/dev/null || { echo "setup: swift is not on PATH (install the Swift 6 toolchain)" >&2; exit 1; }
