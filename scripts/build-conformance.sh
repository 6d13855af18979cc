#!/usr/bin/env bash
# Rebuilds the conformance suite's code objects: every test/conformance/src/*.cl (OpenCL C 2.0 with the
# ROCm device libraries) and *.hip (header-less HIP) for gfx900, gfx908, gfx600, gfx700 and gfx803 at
# -O0 and -O3, into test/conformance/bin/NAME-TARGET-OLEVEL.hsaco. Deterministic and idempotent.
# For gfx900/gfx908 any failure stops the script. For the older targets, what clang-22 cannot compile
# is listed in bin/unbuilt.txt (`NAME TARGET OLEVEL: clang's first error line`) and the rest is built:
#   - gfx6 has no FLAT, and at -O0 (no address-space inference) LLVM selects no generic loads/stores,
#     so there OpenCL is compiled as OpenCL C 1.2 (no generic address space; sources that need 2.0
#     features fail) and HIP, whose pointers are generic, fails;
#   - __builtin_amdgcn_ds_bpermute (hip_mem) needs gfx8.
# gfx7 and gfx8 at -O0 are built as code object v4: there, clang-22's v5 code for a non-kernel function
# (at -O0 every kernel calls one, __clang_ocl_kern_imp_*) reads the LDS/private aperture bases from the
# absolute address 0xc0 (a null implicit-argument pointer plus hidden_private_base's offset; gfx9 reads
# them from registers instead), which faults on any GPU. v4 code reads them from the queue pointer's
# amd_queue_t, which the caller passes on.
# A source may add flags with a first-column comment line `// BUILD-FLAGS: ...`.
# --check: build into a temporary directory and compare with bin/ instead of replacing it (live tier).
# CONFORMANCE_TARGETS (default above) and CONFORMANCE_OUT (a directory to write instead of bin/) let the
# live tier build the suite for other processors.
set -euo pipefail
CHECK=0
[ "${1:-}" = "--check" ] && CHECK=1
cd "$(dirname "$0")/../test/conformance"
LIB=${ROCM_DEVICE_LIB_PATH:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
CLANG=${CLANG:-clang-22}
LLD=${LLD:-ld.lld-22}
for tool in "$CLANG" "$LLD"; do
  command -v "$tool" >/dev/null || { echo "build-conformance: $tool not found" >&2; exit 1; }
done
[ -f "$LIB/ocml.bc" ] || { echo "build-conformance: no ocml.bc in $LIB (install rocm-device-libs)" >&2; exit 1; }
# Targets whose every object must build, and targets without FLAT (OpenCL C 1.2 at -O0, see above).
REQUIRED_TARGETS=" gfx900 gfx906 gfx908 "
NOFLAT_TARGETS=" gfx600 gfx601 gfx602 "
COV4_O0_TARGETS=" gfx700 gfx701 gfx702 gfx703 gfx704 gfx705 gfx801 gfx802 gfx803 gfx805 gfx810 "
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# Everything is built into a temporary directory and replaces bin/ only when every compile succeeded.
mkdir -p "$TMP/bin"
: >"$TMP/bin/unbuilt.txt"
count=0
for src in src/*.cl src/*.hip; do
  [ -e "$src" ] || continue
  base=$(basename "$src")
  name=${base%.*}
  extra=$(sed -n 's|^// BUILD-FLAGS: ||p' "$src")
  for target in ${CONFORMANCE_TARGETS:-gfx900 gfx908 gfx600 gfx700 gfx803}; do
    for olevel in O0 O3; do
      out="$TMP/bin/$name-$target-$olevel.hsaco"
      std=-cl-std=CL2.0
      case "$NOFLAT_TARGETS" in *" $target "*) [ "$olevel" = O0 ] && std=-cl-std=CL1.2 ;; esac
      cov=5 hipcov=
      case "$COV4_O0_TARGETS" in *" $target "*) [ "$olevel" = O0 ] && cov=4 hipcov=-mcode-object-version=4 ;; esac
      if ! (
        case "$src" in
          *.cl)
            # The driver links opencl/ocml/ockl and the oclc_* control libraries, but not
            # oclc_daz_opt, which this ocml still references: link it explicitly (f32 denormals kept).
            # A later -cl-std in BUILD-FLAGS wins over $std.
            # shellcheck disable=SC2086
            "$CLANG" -x cl $std -target amdgcn-amd-amdhsa -mcpu="$target" -"$olevel" \
              -mcode-object-version=$cov -ffp-contract=off --rocm-device-lib-path="$LIB" \
              -Xclang -mlink-builtin-bitcode -Xclang "$LIB/oclc_daz_opt_off.bc" $extra \
              -c "$src" -o "$TMP/$name.o" 2>"$TMP/err"
            "$LLD" -shared "$TMP/$name.o" -o "$out" 2>>"$TMP/err"
            ;;
          *.hip)
            # -cuid fixes the compilation-unit id (__hip_cuid_*), otherwise derived from the temporary path.
            # shellcheck disable=SC2086
            "$CLANG" -x hip --offload-arch="$target" -nogpuinc -nogpulib --cuda-device-only \
              --no-gpu-bundle-output -cuid="$name" -"$olevel" $hipcov -ffp-contract=off $extra "$src" \
              -o "$out" \
              2>"$TMP/err"
            ;;
        esac
      ); then
        case "$REQUIRED_TARGETS" in *" $target "*) cat "$TMP/err" >&2; exit 1 ;; esac
        # The first error line, without the crash dump's node addresses (they differ from run to run).
        why=$(grep -m1 -o 'error: .*' "$TMP/err" | sed -E 's/0x[0-9a-f]+/0x_/g; s/\(in function .*//' | cut -c1-160)
        echo "$name $target $olevel: ${why:-failed}" >>"$TMP/bin/unbuilt.txt"
        rm -f "$out" /tmp/"$name"-*.cl /tmp/"$name"-*.sh /tmp/"$name"-*.hip /tmp/"$name"-*.cui 2>/dev/null || true
        continue
      fi
      count=$((count + 1))
    done
  done
done
if [ "$CHECK" = 1 ]; then
  status=0
  for f in "$TMP"/bin/*.hsaco "$TMP/bin/unbuilt.txt"; do
    cmp -s "$f" "bin/$(basename "$f")" || { echo "build-conformance: bin/$(basename "$f") differs from clang's output" >&2; status=1; }
  done
  for f in bin/*.hsaco; do
    [ -e "$TMP/bin/$(basename "$f")" ] || { echo "build-conformance: bin/$(basename "$f") has no source" >&2; status=1; }
  done
  [ "$status" = 0 ] && echo "build-conformance: $count code objects identical to bin/"
  exit "$status"
fi
if [ -n "${CONFORMANCE_OUT:-}" ]; then
  mkdir -p "$CONFORMANCE_OUT"
  cp "$TMP"/bin/*.hsaco "$TMP/bin/unbuilt.txt" "$CONFORMANCE_OUT"/
  echo "build-conformance: $count code objects in $CONFORMANCE_OUT"
  exit 0
fi
mkdir -p bin
rm -f bin/*.hsaco bin/unbuilt.txt
cp "$TMP"/bin/*.hsaco "$TMP/bin/unbuilt.txt" bin/
echo "build-conformance: $count code objects in test/conformance/bin"
