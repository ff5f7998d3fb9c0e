#!/usr/bin/env bash
# Builds the Java runtime with the JDK alone (javac, jar): jvm/build/emopack.jar and emopack-sources.jar.
#   bash jvm/build.sh          build
#   bash jvm/build.sh test     build, then run the JUnit 5 tests (Debian's junit5, console launcher);
#                              JVM_TEST_OPTIONS=-Demopack.hostileRounds=20000 for a long damaged-pack run
#   bash jvm/build.sh bench    build, then run the bench
# Needs openjdk-17-jdk-headless (and junit5 for test): build-tools/setup-jvm.sh installs them.
set -euo pipefail
cd "$(dirname "$0")"
out=build
junit=${JUNIT_CONSOLE:-/usr/share/java/junit-platform-console-standalone.jar}
rm -rf "$out/classes" "$out/test-classes" "$out/bench-classes"
mkdir -p "$out/classes" "$out/test-classes" "$out/bench-classes"
# --release 17 checks the JDK API used against Java 17; the library uses no API Android lacks (docs/ANDROID.md).
javac --release 17 -Xlint:all -Werror -encoding UTF-8 -d "$out/classes" $(find src/main/java -name '*.java' | sort)
jar --create --file "$out/emopack.jar" -C "$out/classes" .
jar --create --file "$out/emopack-sources.jar" -C src/main/java .
echo "jvm: wrote $out/emopack.jar and $out/emopack-sources.jar"
case "${1:-build}" in
  build) ;;
  test)
    [ -f "$junit" ] || { echo "jvm: $junit is missing (apt-get install junit5)"; exit 1; }
    javac --release 17 -encoding UTF-8 -cp "$out/emopack.jar:$junit" -d "$out/test-classes" \
      $(find src/test/java -name '*.java' | sort)
    java -Demopack.webTest=../web/test ${JVM_TEST_OPTIONS:-} -jar "$junit" --disable-banner --details=summary \
      --class-path "$out/emopack.jar:$out/test-classes" --select-package dev.emopack --fail-if-no-tests
    ;;
  bench)
    javac --release 17 -encoding UTF-8 -cp "$out/emopack.jar" -d "$out/bench-classes" $(find src/bench/java -name '*.java' | sort)
    # A fixed heap: G1 sizes a growing one by the live set, which moved the tokenizing figures by a third.
    java -Xms1g -Xmx1g -cp "$out/emopack.jar:$out/bench-classes" dev.emopack.Bench "${@:2}"
    ;;
  *) echo "usage: bash jvm/build.sh [build|test|bench]"; exit 2 ;;
esac
