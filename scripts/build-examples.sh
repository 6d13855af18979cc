#!/usr/bin/env bash
# Rebuilds the bundled example of `npm start` (examples/vadd): the code object from vadd.cl with clang-22
# and ld.lld-22, and the inputs a.bin (a[i] = i) and b.bin (b[i] = 0.5 * i) as little-endian f32.
set -euo pipefail
cd "$(dirname "$0")/../examples/vadd"
LIB=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx908 -O3 -mcode-object-version=5 \
  --rocm-device-lib-path="$LIB" -c vadd.cl -o /tmp/gcnkit-vadd.o
ld.lld-22 -shared /tmp/gcnkit-vadd.o -o vadd-gfx908.hsaco
rm -f /tmp/gcnkit-vadd.o
node -e '
const fs = require("fs");
const a = new Float32Array(1000), b = new Float32Array(1000);
for (let i = 0; i < 1000; i++) { a[i] = i; b[i] = 0.5 * i; }
fs.writeFileSync("a.bin", Buffer.from(a.buffer));
fs.writeFileSync("b.bin", Buffer.from(b.buffer));
'
