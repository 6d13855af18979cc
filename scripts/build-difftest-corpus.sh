#!/usr/bin/env bash
# Regenerates the hermetic csmith-lite corpus under test/difftest/: DIFFTEST_CORPUS_COUNT (default 20)
# random OpenCL C programs from seed DIFFTEST_CORPUS_SEED (default 7000), each compiled by clang-22 for
# gfx900 and gfx908 at -O0 and -O3 (seed-S-TARGET-LEVEL.hsaco), with the program's AST (seed-S.json, what
# test/difftest.test.ts interprets) and its OpenCL C text (seed-S.cl, for reading). Every run must already
# match the host interpreter, or the script fails. Needs clang-22, ld.lld-22 and the ROCm device libraries.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=test/difftest
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
node --import tsx scripts/difftest.ts --corpus="$TMP" --count="${DIFFTEST_CORPUS_COUNT:-20}" \
  --seed="${DIFFTEST_CORPUS_SEED:-7000}" --targets=gfx900,gfx908 --levels=O0,O3
rm -f "$OUT"/seed-*.hsaco "$OUT"/seed-*.json "$OUT"/seed-*.cl
mkdir -p "$OUT"
cp "$TMP"/seed-* "$OUT"/
echo "build-difftest-corpus: $(ls "$OUT"/*.hsaco | wc -l) code objects in $OUT"
