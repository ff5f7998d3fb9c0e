#!/usr/bin/env bash
# Builds Tests/APIClient, a package that depends on emopack's library products as an app's package does:
# code written against the 0.1.1 documented API compiles (warnings allowed), and a client cannot name the
# format internals (each probe target must fail with "cannot find type").
set -uo pipefail
cd "$(dirname "$0")/../../Tests/APIClient"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
if swift build --target App011 >"$log" 2>&1; then
  echo "api client: 0.1.1 app code compiles ($(grep -c 'is deprecated' "$log") deprecation warnings)"
else
  echo "api client: 0.1.1 app code does not compile:"; grep -E "error:" "$log" | sort -u | head -20; status=1
fi
if swift build --target AppStore >"$log" 2>&1 && ! grep -q "warning:" "$log"; then
  echo "api client: the store's documented example compiles"
else
  echo "api client: the store's documented example does not compile cleanly:"; grep -E "error:|warning:" "$log" | sort -u | head -20; status=1
fi
for probe in NamesPackReader:PackReader NamesFormatReader:PackFileReader NamesPackStorage:PackStorage; do
  target=${probe%%:*} name=${probe#*:}
  if swift build --target "$target" >"$log" 2>&1; then
    echo "api client: FAILED: $target compiled, so a client can name $name"; status=1
  elif grep -q "cannot find type '$name' in scope" "$log"; then
    echo "api client: a client cannot name $name"
  else
    echo "api client: $target failed for another reason:"; grep -E "error:" "$log" | head -5; status=1
  fi
done
exit $status
