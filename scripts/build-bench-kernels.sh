#!/usr/bin/env bash
# Rebuilds the emulator benchmark's code objects: every bench/kernels/*.hip (header-less HIP, no ROCm
# needed) for gfx908 at -O3 into bench/kernels/bin/NAME-gfx908-O3.hsaco, with the conformance suite's
# HIP recipe (scripts/build-conformance.sh): -ffp-contract=off so that each f32 operation is rounded
# alone, as in the host C the bench compares with. Deterministic; bench/emu.ts reads the committed objects,
# so `npm run bench` needs no LLVM. --check: build into a temporary directory and compare with bin/.
set -euo pipefail
cd "$(dirname "$0")/../bench/kernels"
CLANG=${CLANG:-clang-22}
command -v "$CLANG" >/dev/null || { echo "build-bench-kernels: $CLANG not found" >&2; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for src in *.hip; do
  name=${src%.hip}
  # -cuid fixes the compilation-unit id (__hip_cuid_*), otherwise derived from the temporary path.
  "$CLANG" -x hip --offload-arch=gfx908 -nogpuinc -nogpulib --cuda-device-only --no-gpu-bundle-output \
    -cuid="$name" -O3 -ffp-contract=off "$src" -o "$TMP/$name-gfx908-O3.hsaco"
done
if [ "${1:-}" = "--check" ]; then
  status=0
  for f in "$TMP"/*.hsaco; do
    cmp -s "$f" "bin/$(basename "$f")" || { echo "build-bench-kernels: bin/$(basename "$f") differs" >&2; status=1; }
  done
  [ "$status" = 0 ] && echo "build-bench-kernels: $(ls "$TMP"/*.hsaco | wc -l) code objects identical to bin/"
  exit "$status"
fi
mkdir -p bin
rm -f bin/*.hsaco
cp "$TMP"/*.hsaco bin/
echo "build-bench-kernels: $(ls bin/*.hsaco | wc -l) code objects in bench/kernels/bin"
