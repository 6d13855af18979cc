#!/usr/bin/env bash
# Rebuilds the device printf fixtures: test/fixtures/printf/*.cl (OpenCL C 2.0 with the ROCm device
# libraries) and *.hip (header-less HIP, -mprintf-kind=buffered, or hostcall printf) for gfx908 at -O0 and -O3, into
# test/fixtures/printf/NAME-gfx908-OLEVEL.hsaco, and records the host C library's printf output for the
# formatter cases (test/helpers/printf-cases.ts) in test/fixtures/printf/format-ref.json.
#
# OpenCL is compiled in two steps: this system's opencl.bc defines a stub `printf` (it returns -1), and
# linking it before LLVM's printf lowering (AMDGPUPrintfRuntimeBinding, which only rewrites calls to a
# *declared* printf) would hide every printf. So the source is first compiled without the device libraries
# (printf lowered to __printf_alloc + stores, formats in !llvm.printf.fmts), then the bitcode is linked
# with the same libraries and flags as scripts/build-conformance.sh and code-generated.
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=test/fixtures/printf
LIB=${ROCM_DEVICE_LIB_PATH:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
CLANG=${CLANG:-clang-22}
LLD=${LLD:-ld.lld-22}
for tool in "$CLANG" "$LLD"; do
  command -v "$tool" >/dev/null || { echo "build-printf-fixtures: $tool not found" >&2; exit 1; }
done
[ -f "$LIB/opencl.bc" ] || { echo "build-printf-fixtures: no opencl.bc in $LIB (install rocm-device-libs)" >&2; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
TARGET=gfx908
LIBS=()
for l in opencl ocml ockl oclc_unsafe_math_off oclc_finite_only_off oclc_correctly_rounded_sqrt_off \
  oclc_wavefrontsize64_on "oclc_isa_version_${TARGET#gfx}" oclc_abi_version_500 oclc_daz_opt_off; do
  LIBS+=(-Xclang -mlink-builtin-bitcode -Xclang "$LIB/$l.bc")
done
count=0
for src in "$DIR"/*.cl "$DIR"/*.hip; do
  [ -e "$src" ] || continue
  name=$(basename "${src%.*}")
  for olevel in O0 O3; do
    out="$TMP/$name-$TARGET-$olevel.hsaco"
    case "$src" in
      *.cl)
        "$CLANG" -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu="$TARGET" -"$olevel" \
          -mcode-object-version=5 -ffp-contract=off -nogpulib -emit-llvm -c "$src" -o "$TMP/$name.bc"
        "$CLANG" -x ir -target amdgcn-amd-amdhsa -mcpu="$TARGET" -"$olevel" -mcode-object-version=5 \
          -ffp-contract=off -nogpulib "${LIBS[@]}" -c "$TMP/$name.bc" -o "$TMP/$name.o"
        "$LLD" -shared "$TMP/$name.o" -o "$out"
        ;;
      *.hip)
        # A source marked `// PRINTF-KIND: hostcall` keeps HIP's default (hostcall) printf, whose
        # __ockl_printf_* functions come from ockl; the others use -mprintf-kind=buffered.
        if grep -q '^// PRINTF-KIND: hostcall' "$src"; then
          kind=()
          for l in ockl oclc_abi_version_500 "oclc_isa_version_${TARGET#gfx}" oclc_wavefrontsize64_on; do
            kind+=(-Xclang -mlink-builtin-bitcode -Xclang "$LIB/$l.bc")
          done
        else
          kind=(-mprintf-kind=buffered)
        fi
        "$CLANG" -x hip --offload-arch="$TARGET" -nogpuinc -nogpulib --cuda-device-only \
          --no-gpu-bundle-output -cuid="$name" -"$olevel" -ffp-contract=off "${kind[@]}" "$src" -o "$out"
        ;;
    esac
    count=$((count + 1))
  done
done
rm -f "$DIR"/*.hsaco
cp "$TMP"/*.hsaco "$DIR"/
# The host C library's printf for the formatter cases.
CC=${CC:-cc}
command -v "$CC" >/dev/null || { echo "build-printf-fixtures: $CC not found (host C compiler)" >&2; exit 1; }
node --import tsx scripts/printf-host-ref.ts "$TMP/ref.c" c
"$CC" -O0 -o "$TMP/ref" "$TMP/ref.c"
"$TMP/ref" > "$TMP/ref.out"
node --import tsx scripts/printf-host-ref.ts "$TMP/ref.out" json > "$DIR/format-ref.json"
echo "build-printf-fixtures: $count code objects and format-ref.json in $DIR"
