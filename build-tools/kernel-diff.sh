#!/usr/bin/env bash
# Runs the web kernel in the working tree (web/kernel/tokenize.c) against the one at a commit, side by side on the
# same random messages (Fuzz/differential/web_kernel_diff.c), both built natively with ASan and UBSan: for changes
# meant to keep every result the same. Exit status 1 when any message differs.
#   bash build-tools/kernel-diff.sh [COMMIT] [MESSAGES]      (default HEAD, one million)
set -euo pipefail
cd "$(dirname "$0")/.."
commit=${1:-HEAD}
count=${2:-1000000}
clang="${CLANG:-$(command -v clang)}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
git show "$commit:web/kernel/tokenize.c" >"$out/reference.c"
cp web/kernel/tokenize.c "$out/candidate.c"
exports="emo_props emo_table_init emo_table_add emo_table_rows emo_table_fill emo_text emo_runs emo_tokenize emo_tokenize_codes emo_inert emo_codes_done"
for side in reference candidate; do
  # Each build's exports get the side's prefix; its statics stay in its own object.
  { for name in $exports; do echo "#define $name ${side}_$name"; done; echo "#include \"$side.c\""; } >"$out/$side-build.c"
  "$clang" -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -Wall -Werror -c "$out/$side-build.c" \
    -o "$out/$side.o"
done
"$clang" -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -Wall -Werror \
  Fuzz/differential/web_kernel_diff.c "$out/reference.o" "$out/candidate.o" -o "$out/diff"
echo "kernel-diff: web/kernel/tokenize.c against $commit ($(git rev-parse --short "$commit"))"
"$out/diff" "$count"
