#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/harnesses with the toolchain's swiftc (-sanitize=fuzzer,address; clang for
# the one in C)
# and runs each on its seed corpus.
#   bash build-tools/fuzz.sh [SECONDS_EACH] [HARNESS...]     (default 60 s each, all harnesses)
#   FUZZ_JOBS=2 runs two harnesses at a time; FUZZ_OPTIMIZE=-Onone builds faster for a smoke (default -O).
# Crashes, leaks and timeouts stop the run with a reproducer in Fuzz/out/<harness>/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(pack_reader manifest_json manifest_plist manifest_weibo_json png_decoder png_roundtrip tokenizer gif_decoder apng_decoder cldr_annotations palette_quantizer search_query webp_decoder site_index web_kernel)
out=Fuzz/out
opt=${FUZZ_OPTIMIZE:--O}
# One build folder per optimization level, so that switching levels never mixes objects.
build="$out/build$opt"
mkdir -p "$build"
# Unoptimized with full debug info, the driver adds a module-wrapping job that writes the same object.
debug=-g
[ "$opt" = "-O" ] || debug=-gline-tables-only
flags=(-sanitize=fuzzer,address -parse-as-library -package-name emopack "$opt" "$debug" -I "$build" -I Sources/CEmoPNG/include -I Sources/CEmoSQLite
  -I Sources/CEmoScan/include -I Sources/CEmoGIF/include -I Sources/CEmoWebP/include -I Sources/CEmoSodium/include)

# The modules, each compiled whole into one object, instrumented for coverage and ASan.
if [ ! -f "$build/.stamp" ] || [ -n "$(find Sources -newer "$build/.stamp" -name '*.swift' -o -newer "$build/.stamp" -name '*.c')" ]; then
  echo "fuzz: building instrumented modules"
  clang -c -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CEmoPNG/include Sources/CEmoPNG/shim.c -o "$build/shim.o"
  clang -c -O2 -g -fsanitize=fuzzer-no-link,address -I Sources/CEmoScan/include Sources/CEmoScan/scan.c -o "$build/scan.o"
  clang -c -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CEmoGIF/include Sources/CEmoGIF/shim.c -o "$build/gifshim.o"
  clang -c -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CEmoWebP/include Sources/CEmoWebP/shim.c -o "$build/webpshim.o"
  clang -c -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CEmoSodium/include Sources/CEmoSodium/shim.c -o "$build/sodiumshim.o"
  for module in EmoPackFormat EmoImage EmoPNG EmoGIF EmoWebP EmoSign EmoSite EmoPackCompiler EmoPack; do
    swiftc "${flags[@]}" -wmo -module-name "$module" -emit-module -emit-module-path "$build/$module.swiftmodule" \
      -c $(find "Sources/$module" -name '*.swift' | sort) -o "$build/$module.o"
  done
  touch "$build/.stamp"
fi

# The C libraries the shims link, as Package.swift (linkerSettings) and CEmoSQLite's module map list them.
libs=$( { grep -oE 'linkedLibrary\("[^"]+"' Package.swift | sed -E 's/.*\("([^"]+)"/\1/'
  grep -ohE '^ *link "[^"]+"' Sources/*/module.modulemap | sed -E 's/.*"([^"]+)"/\1/'; } | sort -u | sed 's/^/-l/')
# Every harness is compiled first, so a harness that no longer compiles against the modules fails the run at once.
# A harness in C (web_kernel: the web runtime's tokenizer kernel, compiled natively) links only that kernel.
for h in "${harnesses[@]}"; do
  if [ -f "Fuzz/harnesses/$h.c" ]; then
    clang -fsanitize=fuzzer,address -O1 -g -Wall -Werror "Fuzz/harnesses/$h.c" web/kernel/tokenize.c \
      -o "$build/fuzz-$h" || { echo "fuzz: $h does not compile"; exit 1; }
    continue
  fi
  swiftc "${flags[@]}" "Fuzz/harnesses/$h.swift" "$build"/*.o $libs \
    -o "$build/fuzz-$h" || { echo "fuzz: $h does not compile"; exit 1; }
done

# libFuzzer reports a crash itself; Swift's backtracer would outlive the harness holding its output open.
export SWIFT_BACKTRACE=enable=no
# Runs one harness on its corpus; prints its figures, or the failure and the log's tail.
run() {
  local h=$1 bin="$build/fuzz-$1" corpus="$out/corpus-$1" seeds
  mkdir -p "$corpus" "$out/$h"
  seeds=$(case "$h" in pack_reader) echo pack ;; manifest_json) echo json ;; manifest_plist) echo plist ;;
    manifest_weibo_json) echo weibo ;; png_decoder) echo png ;; png_roundtrip) echo pixels ;; tokenizer) echo text ;;
    gif_decoder) echo gif ;; apng_decoder) echo apng ;; cldr_annotations) echo cldr ;; palette_quantizer) echo palette ;; search_query) echo query ;; webp_decoder) echo webp ;;
    site_index) echo site ;; web_kernel) echo text16 ;; esac)
  if ! "$bin" "$corpus" "Fuzz/corpus/$seeds" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -artifact_prefix="$out/$h/" -print_final_stats=1 2>"$out/$h/log.txt"; then
    echo "fuzz: $h for ${seconds}s (seeds: Fuzz/corpus/$seeds) FAILED, see $out/$h/log.txt"
    tail -30 "$out/$h/log.txt"
    return 1
  fi
  echo "fuzz: $h for ${seconds}s (seeds: Fuzz/corpus/$seeds)"
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$out/$h/log.txt" | sed "s/^/fuzz: $h /"
}

# FUZZ_JOBS harnesses at a time (default 1); each libFuzzer process uses one core.
jobs=${FUZZ_JOBS:-1}
status=0
pids=()
for h in "${harnesses[@]}"; do
  run "$h" >"$out/$h.summary" 2>&1 &
  pids+=("$!:$h")
  if [ ${#pids[@]} -ge "$jobs" ]; then
    entry=${pids[0]}
    pids=("${pids[@]:1}")
    wait "${entry%%:*}" || status=1
    cat "$out/${entry#*:}.summary"
  fi
done
for entry in "${pids[@]}"; do
  wait "${entry%%:*}" || status=1
  cat "$out/${entry#*:}.summary"
done
exit $status
