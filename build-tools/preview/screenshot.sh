#!/usr/bin/env bash
# Builds the sample packs, writes their HTML preview and renders it with headless Chromium to a PNG.
#   bash build-tools/preview/screenshot.sh [OUT.png]     (default build/preview/preview-screenshot.png)
# Installs chromium with apt when it is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-build/preview/preview-screenshot.png}
if ! command -v chromium >/dev/null; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends chromium fonts-noto-cjk fonts-noto-color-emoji >/dev/null
fi
swift build -c release --product emopack >/dev/null
bin=.build/release/emopack
mkdir -p build/preview
$bin build packs/default packs/langxiaohua packs/emoji -o build/preview/packs --quiet
$bin preview build/preview/packs/default.pack build/preview/packs/langxiaohua.pack build/preview/packs/emoji.pack \
  -o build/preview/preview.html
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1400 \
  --screenshot="$(pwd)/$out" "file://$(pwd)/build/preview/preview.html" 2>/dev/null
echo "wrote $out"
