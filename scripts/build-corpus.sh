#!/usr/bin/env bash
# Rebuilds the disassembler corpus with LLVM 22 and records llvm-objdump-22's answers next to it:
#   test/corpus/src/*.cl, *.hip  -> test/corpus/obj/<name>.<gpu>.<O0|O3>.hsaco (+ .dis.gz)
#   test/corpus/mc/*.s           -> test/corpus/obj/mc-<name>.<gpu>.o (+ .dis.gz), relocatable objects
#   test/corpus/obj/int64_branchy-stripped.<gpu>.O3.hsaco: stripped (llvm-objdump uses .dynsym)
#   examples/vadd-gfx908.hsaco   (the `npm start` example)
# Each .dis.gz is `llvm-objdump-22 -d --mcpu=<gpu> <file>` run inside test/corpus/obj (so the header names
# the bare file name), gzipped to keep the corpus commit-sized (`zcat` to read it).
# Usage: scripts/build-corpus.sh [gpu ...]   (default: gfx900 gfx906 gfx908)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
src="$root/test/corpus/src"
mc="$root/test/corpus/mc"
obj="$root/test/corpus/obj"
libs="${ROCM_DEVICE_LIBS:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}"
gpus=("$@")
[ ${#gpus[@]} -eq 0 ] && gpus=(gfx900 gfx906 gfx908)

for tool in clang-22 ld.lld-22 llvm-mc-22 llvm-objdump-22 llvm-strip-22; do
  command -v "$tool" >/dev/null || { echo "build-corpus: $tool not found (apt-get install llvm-22 clang-22 lld-22 rocm-device-libs)" >&2; exit 1; }
done

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$obj" "$root/examples"
rm -f "$obj"/*.hsaco "$obj"/*.o "$obj"/*.dis "$obj"/*.dis.gz

# Disassembles $1 (a file name inside $obj) for gpu $2 into $1 with .dis.gz in place of its extension.
record() {
  (cd "$obj" && llvm-objdump-22 -d --mcpu="$2" "$1" | gzip -9n >"${1%.*}.dis.gz")
}

for gpu in "${gpus[@]}"; do
  for O in O0 O3; do
    for f in "$src"/*.cl; do
      name="$(basename "$f" .cl)"
      out="$name.$gpu.$O.hsaco"
      # -w: the OpenCL kernel clones clang emits trigger a harmless LDS-in-non-kernel warning.
      clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu="$gpu" -"$O" -w -mcode-object-version=5 \
        --rocm-device-lib-path="$libs" -c "$f" -o "$tmp/$name.o"
      ld.lld-22 -shared "$tmp/$name.o" -o "$obj/$out"
      record "$out" "$gpu"
    done
    for f in "$src"/*.hip; do
      name="$(basename "$f" .hip)"
      out="$name.$gpu.$O.hsaco"
      clang-22 -x hip --offload-arch="$gpu" -nogpuinc -nogpulib --cuda-device-only --no-gpu-bundle-output \
        -"$O" -mcode-object-version=5 -I"$src" "$f" -o "$obj/$out"
      record "$out" "$gpu"
    done
  done
  # A stripped code object: llvm-objdump falls back to the dynamic symbols for its labels.
  llvm-strip-22 "$obj/int64_branchy.$gpu.O3.hsaco" -o "$obj/int64_branchy-stripped.$gpu.O3.hsaco"
  record "int64_branchy-stripped.$gpu.O3.hsaco" "$gpu"
  for f in "$mc"/*.s; do
    name="$(basename "$f" .s)"
    out="mc-$name.$gpu.o"
    llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu="$gpu" -filetype=obj "$f" -o "$obj/$out"
    record "$out" "$gpu"
  done
done

# The bundled example: the vector add for gfx908, optimised.
cp "$obj/vadd.gfx908.O3.hsaco" "$root/examples/vadd-gfx908.hsaco"
echo "build-corpus: $(ls "$obj" | wc -l) files, $(du -sh "$obj" | cut -f1) in test/corpus/obj"
