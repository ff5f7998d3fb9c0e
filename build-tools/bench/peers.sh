#!/usr/bin/env bash
# Runs the peer pipelines (Pillow + rectpack, libvips) on the same generated pack as emopack-bench and
# prints their figures next to emopack's, in one table. Installs what it needs (pip, apt).
#   bash build-tools/bench/peers.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-1000}
work=$(mktemp -d)
python3 -m pip install --quiet Pillow rectpack pyvips >/dev/null 2>&1 || python3 -m pip install Pillow rectpack pyvips
if ! python3 -c "import pyvips" 2>/dev/null; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y libvips42 >/dev/null
fi
swift build -c release --product emopack-bench >/dev/null
swift build -c release --product emopack >/dev/null
# Generate the pack (and time emopack on it) without deleting it.
.build/release/emopack-bench --count "$count" --reps 1 --keep "$work" > "$work/bench.txt"
start=$(date +%s.%N)
.build/release/emopack build "$work/pack" -o "$work/emopack-out" --json > "$work/emopack.json"
end=$(date +%s.%N)
bytes=$(python3 -c "import json;r=json.load(open('$work/emopack.json'));print(sum(s['bytes'] for s in r['packs'][0]['sheets']))")
peak=$(python3 -c "import json;r=json.load(open('$work/emopack.json'));print(round(r['peakMemoryBytes']/1048576))")
echo "| pipeline | wall | peak memory | sheet bytes |"
echo "|---|---|---|---|"
printf "| emopack build (default effort) | %.2f s | %s MiB | %s bytes |\n" "$(echo "$end - $start" | bc)" "$peak" "$bytes"
python3 build-tools/bench/pillow_pipeline.py "$work/pack" "$work/pillow"
python3 build-tools/bench/vips_pipeline.py "$work/pack" "$work/vips" || echo "| libvips (pyvips) | not available | | |"
rm -rf "$work"
