#!/usr/bin/env bash
# Rebuilds test/fixtures/emu/*.hsaco from the .cl and .hip files next to them with clang-22 (OpenCL C and
# header-less HIP without the device libraries: the kernels use builtins only). Deterministic.
set -euo pipefail
cd "$(dirname "$0")/../test/fixtures/emu"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for src in *.cl; do
  name=${src%.cl}
  clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx908 -O2 -nogpulib -c "$src" -o "$TMP/$name.o"
  ld.lld-22 -shared "$TMP/$name.o" -o "$name-gfx908.hsaco"
done
for src in *.hip; do
  name=${src%.hip}
  clang-22 -x hip --offload-arch=gfx908 -nogpuinc -nogpulib --cuda-device-only --no-gpu-bundle-output \
    -cuid=k -O2 "$src" -o "$name-gfx908.hsaco"
done
echo "build-emu-fixtures: $(ls ./*.hsaco | wc -l) code objects"
