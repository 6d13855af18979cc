#!/usr/bin/env bash
# Rebuilds the emulator benchmark's kernels (bench/kernels/*.cl -> *-gfx908.hsaco) with clang-22 -O3.
set -euo pipefail
cd "$(dirname "$0")/../bench/kernels"
LIB=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
for src in *.cl; do
  name="${src%.cl}"
  clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx908 -O3 -mcode-object-version=5 \
    --rocm-device-lib-path="$LIB" -c "$src" -o "/tmp/gcnkit-bench-$name.o"
  ld.lld-22 -shared "/tmp/gcnkit-bench-$name.o" -o "$name-gfx908.hsaco"
  rm -f "/tmp/gcnkit-bench-$name.o"
done
