#!/usr/bin/env bash
# The public API of every library product, and of the modules they re-export from, against the baseline in api/
# (one JSON per module, made by swift-api-digester -dump-sdk from a debug build): a removed or changed declaration
# fails; additions are fine.
#   bash build-tools/api/check.sh            # compare .build/debug against api/ (build first: swift build)
#   bash build-tools/api/check.sh --record   # write api/ from .build/debug (deliberately, with a release)
# The modules come from Package.swift (build-tools/api/modules.py): its library products, then every Swift module
# they depend on that has public declarations (a module that is not a product keeps `public` only for what a
# product's API hands out). Only public declarations count: `package` ones are the package's own business.
set -uo pipefail
cd "$(dirname "$0")/../.."
mapfile -t products < <(python3 build-tools/api/modules.py products)
mapfile -t dependencies < <(python3 build-tools/api/modules.py dependencies)
[ ${#products[@]} -gt 0 ] || { echo "api: no library products found in Package.swift"; exit 1; }
search=(-I .build/debug/Modules)
for include in Sources/C*/include Sources/CEmoSQLite; do search+=(-I "$include"); done
mkdir -p api
status=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A module's public declarations, with the `package` ones dropped; prints nothing when it has none.
dump() {
  swift-api-digester -dump-sdk -module "$1" "${search[@]}" -avoid-location -avoid-tool-args -o "$work/$1.json" \
    && python3 build-tools/api/public_only.py "$work/$1.json"
}
checked=()
for m in "${products[@]}" "${dependencies[@]}"; do
  if ! dump "$m"; then
    echo "api: could not dump $m (build first: swift build)"
    status=1
    continue
  fi
  # A dependency with no public declaration hands nothing to apps: nothing to check.
  if [[ " ${dependencies[*]} " == *" $m "* ]] && ! python3 build-tools/api/public_only.py --has-public "$work/$m.json"; then
    [ -f "api/$m.json" ] && { echo "api: $m no longer has public declarations but api/$m.json exists"; status=1; }
    continue
  fi
  checked+=("$m")
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
# Every baseline is of a module checked here.
for f in api/*.json; do
  m=$(basename "$f" .json)
  [[ " ${checked[*]} " == *" $m "* ]] || { echo "api: $f is of no product or re-exported module"; status=1; }
done
exit $status
