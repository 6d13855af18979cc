#!/usr/bin/env bash
# Rebuilds the examples' code objects and input files (clang-22, ld.lld-22 and rocm-device-libs), with the
# commands of docs/compile.md:
#   examples/vadd        (OpenCL, `npm start`): vadd-gfx908.hsaco, a.bin (a[i] = i), b.bin (b[i] = 0.5 * i)
#   examples/hip-reduce  (HIP, device-only with examples/hip/gcnkit_hip.h): block_sum-gfx908.hsaco,
#                        x.bin (x[i] = (i * 37 mod 101) / 8 - 6)
#   examples/heat        (OpenCL, multi-launch run spec): heat-gfx908.hsaco, u0.bin (64 x 64: top row 100,
#                        the centre cell 1000, else 0)
#   examples/image       (OpenCL images, one-launch run spec): image-gfx900/906/908.hsaco, src.bin (4 x 3
#                        RGBA unorm8, byte k = (k * 29 + 7) mod 256)
# Inputs are little-endian f32. Deterministic: rebuilding gives identical bytes.
# --check: build a copy in a temporary folder and compare it with the committed files instead (live tier).
set -euo pipefail
CHECK=0
[ "${1:-}" = "--check" ] && CHECK=1
cd "$(dirname "$0")/../examples"
LIB=${ROCM_DEVICE_LIB_PATH:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
COMMITTED=$PWD
if [ "$CHECK" = 1 ]; then
  cp -r . "$TMP/examples"
  cd "$TMP/examples"
fi

(
  cd vadd
  clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx908 -O3 -mcode-object-version=5 \
    --rocm-device-lib-path="$LIB" -c vadd.cl -o "$TMP/vadd.o"
  ld.lld-22 -shared "$TMP/vadd.o" -o vadd-gfx908.hsaco
  node -e '
  const fs = require("fs");
  const a = new Float32Array(1000), b = new Float32Array(1000);
  for (let i = 0; i < 1000; i++) { a[i] = i; b[i] = 0.5 * i; }
  fs.writeFileSync("a.bin", Buffer.from(a.buffer));
  fs.writeFileSync("b.bin", Buffer.from(b.buffer));
  '
)

(
  cd hip-reduce
  clang-22 -x hip --offload-arch=gfx908 -nogpuinc -nogpulib --cuda-device-only --no-gpu-bundle-output \
    -cuid=reduce -O3 reduce.hip -o block_sum-gfx908.hsaco
  node -e '
  const x = new Float32Array(4000);
  for (let i = 0; i < 4000; i++) x[i] = ((i * 37) % 101) / 8 - 6;
  require("fs").writeFileSync("x.bin", Buffer.from(x.buffer));
  '
)

(
  cd heat
  # oclc_daz_opt_off.bc: this ocml references __oclc_daz_opt, which clang-22's driver does not link.
  clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx908 -O3 -mcode-object-version=5 \
    --rocm-device-lib-path="$LIB" -Xclang -mlink-builtin-bitcode -Xclang "$LIB/oclc_daz_opt_off.bc" \
    -c heat.cl -o "$TMP/heat.o"
  ld.lld-22 -shared "$TMP/heat.o" -o heat-gfx908.hsaco
  node -e '
  const n = 64, u = new Float32Array(n * n);
  for (let x = 0; x < n; x++) u[x] = 100;
  u[32 * n + 32] = 1000;
  require("fs").writeFileSync("u0.bin", Buffer.from(u.buffer));
  '
)
(
  cd image
  for GPU in gfx900 gfx906 gfx908; do
    clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=$GPU -O3 -mcode-object-version=5 \
      --rocm-device-lib-path="$LIB" -Xclang -mlink-builtin-bitcode -Xclang "$LIB/oclc_daz_opt_off.bc" \
      -c image.cl -o "$TMP/image-$GPU.o"
    ld.lld-22 -shared "$TMP/image-$GPU.o" -o "image-$GPU.hsaco"
  done
  node -e '
  const b = new Uint8Array(4 * 3 * 4);
  for (let k = 0; k < b.length; k++) b[k] = (k * 29 + 7) % 256;
  require("fs").writeFileSync("src.bin", b);
  '
)
if [ "$CHECK" = 1 ]; then
  status=0
  for f in vadd/vadd-gfx908.hsaco vadd/a.bin vadd/b.bin hip-reduce/block_sum-gfx908.hsaco hip-reduce/x.bin \
    heat/heat-gfx908.hsaco heat/u0.bin image/image-gfx900.hsaco image/image-gfx906.hsaco \
    image/image-gfx908.hsaco image/src.bin; do
    cmp -s "$f" "$COMMITTED/$f" || { echo "build-examples: examples/$f differs from what its source builds" >&2; status=1; }
  done
  [ "$status" = 0 ] && echo "build-examples: the committed examples are what their sources build"
  exit "$status"
fi
echo "build-examples: examples/vadd, examples/hip-reduce, examples/heat, examples/image rebuilt"
