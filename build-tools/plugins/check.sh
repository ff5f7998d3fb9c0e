#!/usr/bin/env bash
# Checks both SwiftPM plugins from a clean state: the command plugin builds and validates the sample
# packs and fails on a broken pack; the example package compiles its pack through the build-tool
# plugin, rebuilds it only when a pack file changes, and its test loads it through Bundle.module.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
failures=0
pass() { echo "plugin check ok: $1"; }
fail() { echo "plugin check FAILED: $1"; failures=$((failures + 1)); }

out=$(mktemp -d)
if swift package --allow-writing-to-package-directory emopack build packs/langxiaohua packs/default packs/emoji -o "$out" --quiet; then
  pass "command plugin builds the sample packs"
else
  fail "command plugin build"
fi
if swift package --allow-writing-to-package-directory emopack inspect --verify "$out/langxiaohua.pack" >/dev/null; then
  pass "command plugin inspects the built pack"
else
  fail "command plugin inspect"
fi
log=$(mktemp)
if swift package --allow-writing-to-package-directory emopack build Tests/EmoPackCompilerTests/Fixtures/packs/problems -o "$out" >"$log" 2>&1; then
  fail "command plugin accepted a broken pack"
elif grep -q "error: image 'missing.png' not found" "$log" && grep -q "emopack exited with status 1" "$log"; then
  pass "command plugin fails with the diagnostics on a broken pack"
else
  fail "command plugin failure output"; cat "$log"
fi

cd Examples/ChatDemo
# The plugin outputs go, so the packs are compiled again; the compiled emopack tool and the rest of the build stay.
rm -rf .build/plugins/outputs
if swift build --build-tests >"$log" 2>&1 && grep -q "emopack build Emoticons.emopack" "$log" \
  && grep -q "emopack build NetEase.emopack" "$log" && grep -q "emopack build Weibo.emopack" "$log" \
  && grep -q "emopack build QQ.emopack" "$log"; then
  pass "example compiles its native, NetEase, Weibo-bundle and code-list packs through the build-tool plugin"
else
  fail "example build"; tail -20 "$log"
fi
# SwiftPM runs the command once more on the build right after a clean one (observed with Swift 6.3.1:
# the emopack tool was itself built in the first build); from then on nothing changed means nothing runs.
swift build --build-tests >/dev/null 2>&1
swift build --build-tests >"$log" 2>&1
if grep -q "emopack build" "$log"; then fail "a build with nothing changed rebuilt the pack"; else pass "nothing changed, nothing rebuilt"; fi
touch Sources/ChatDemo/Emoticons.emopack/love.png
swift build --build-tests >"$log" 2>&1
if grep -q "emopack build Emoticons.emopack" "$log" && ! grep -q "emopack build NetEase" "$log"; then
  pass "touching a pack image rebuilds that pack only"
else
  fail "touch did not rebuild the one pack"
fi
if find .build -path "*ChatDemo_ChatDemo.resources*" -name ".emopack*" | grep -q .; then
  fail "the bundle holds build leftovers (cache or lock)"
else
  pass "the bundle holds only packs and sheets"
fi
if swift test 2>&1 | tee "$log" | tail -1 | grep -q "passed"; then pass "example test loads the pack via Bundle.module"; else fail "example test"; cat "$log"; fi
cd "$root"
echo "plugin checks: $failures failure(s)"
exit $((failures > 0))
