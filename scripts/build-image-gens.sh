#!/usr/bin/env bash
# Rebuilds test/fixtures/image-gens/image-<gpu>-O<n>.hsaco and image1d-<gpu>-O<n>.hsaco: examples/image/image.cl
# and test/fixtures/image-gens/image1d.cl (1D and 1D-array images) compiled with
# docs/compile.md's OpenCL recipe for gfx600, gfx700 and gfx803 at -O0 and -O3 (clang-22, ld.lld-22 and
# rocm-device-libs), the per-generation flags that recipe names: code object v4 for gfx7/8 at -O0 (v5's
# aperture read faults there), -cl-std=CL1.2 for gfx600 at -O0 (no FLAT for generic pointers).
# test/image-gens-cl.test.ts runs them. Deterministic: rebuilding gives identical bytes.
# --check: build into a temporary folder and compare with the committed files instead (live tier).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/test/fixtures/image-gens"
LIB=${ROCM_DEVICE_LIB_PATH:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
CHECK=0
[ "${1:-}" = "--check" ] && CHECK=1
status=0
for GPU in gfx600 gfx700 gfx803; do
  for OPT in 0 3; do
    STD=CL2.0
    COV=5
    if [ "$OPT" = 0 ]; then
      [ "$GPU" = gfx600 ] && STD=CL1.2 || COV=4
    fi
    for SRC in "$ROOT/examples/image/image.cl" "$OUT/image1d.cl"; do
      base=$(basename "$SRC" .cl)
      name="$base-$GPU-O$OPT.hsaco"
      clang-22 -x cl -cl-std=$STD -target amdgcn-amd-amdhsa -mcpu=$GPU -O$OPT -mcode-object-version=$COV \
        --rocm-device-lib-path="$LIB" -Xclang -mlink-builtin-bitcode -Xclang "$LIB/oclc_daz_opt_off.bc" \
        -c "$SRC" -o "$TMP/$base-$GPU-$OPT.o"
      ld.lld-22 -shared "$TMP/$base-$GPU-$OPT.o" -o "$TMP/$name"
      if [ "$CHECK" = 1 ]; then
        cmp -s "$TMP/$name" "$OUT/$name" || { echo "build-image-gens: $name differs from what $base.cl builds" >&2; status=1; }
      else
        cp "$TMP/$name" "$OUT/$name"
      fi
    done
  done
done
[ "$CHECK" = 1 ] && { [ "$status" = 0 ] && echo "build-image-gens: the committed objects are what image.cl and image1d.cl build"; exit "$status"; }
echo "build-image-gens: $(ls "$OUT"/*.hsaco | wc -l) code objects in test/fixtures/image-gens"
