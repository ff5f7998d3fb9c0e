#!/usr/bin/env bash
# The public API of the app-facing modules against the baseline in api/ (one JSON per module, made by
# swift-api-digester -dump-sdk from a debug build): a removed or changed declaration fails; additions are fine.
#   bash build-tools/api/check.sh            # compare .build/debug against api/ (build first: swift build)
#   bash build-tools/api/check.sh --record   # write api/ from .build/debug (deliberately, with a release)
# EmoPack, EmoPackSprites and EmoPackStore are what apps import; EmoPackFormat, EmoImage and EmoSite are in the
# list because they re-export types from them. Only public declarations count: `package` ones are the package's
# own business.
set -uo pipefail
cd "$(dirname "$0")/../.."
modules=(EmoPack EmoPackSprites EmoPackStore EmoPackFormat EmoImage EmoSite)
search=(-I .build/debug/Modules -I Sources/CEmoSQLite -I Sources/CEmoScan/include -I Sources/CEmoPNG/include
  -I Sources/CEmoWebP/include -I Sources/CEmoSodium/include)
mkdir -p api
status=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for m in "${modules[@]}"; do
  # The digester reads the debug build as the package sees it; public_only.py keeps what an app sees.
  if ! swift-api-digester -dump-sdk -module "$m" "${search[@]}" -avoid-location -avoid-tool-args -o "$work/$m.json" \
    || ! python3 build-tools/api/public_only.py "$work/$m.json"; then
    echo "api: could not dump $m (build first: swift build)"
    status=1
    continue
  fi
  if [ "${1:-}" = "--record" ]; then
    cp "$work/$m.json" "api/$m.json"
    echo "api: recorded api/$m.json"
    continue
  fi
  [ -f "api/$m.json" ] || { echo "api: no baseline api/$m.json (bash build-tools/api/check.sh --record)"; status=1; continue; }
  out=$(swift-api-digester -diagnose-sdk -input-paths "api/$m.json" -input-paths "$work/$m.json" 2>&1)
  # The report lists its categories as /* … */ headings; anything else under them is a change.
  changes=$(printf '%s\n' "$out" | grep -vE '^\s*$|^/\*.*\*/$')
  if [ -n "$changes" ]; then
    echo "api: $m differs from api/$m.json:"
    printf '%s\n' "$changes" | sed 's/^/  /'
    status=1
  else
    echo "api: $m matches api/$m.json"
  fi
done
exit $status
