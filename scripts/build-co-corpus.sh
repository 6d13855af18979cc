#!/usr/bin/env bash
# Rebuilds the HSA code-object corpus (issue 3) with LLVM 22 and records what LLVM's tools say about it:
#   test/co-corpus/src/*.cl, *.hip -> test/co-corpus/obj/<src>.<gpu>[.<features>].v<cov>.<opt>[.g].{o,hsaco}
#   test/co-corpus/link/*.s        -> test/co-corpus/link/*.o (llvm-mc-22), linked by ld.lld-22 -shared
#                                     (with some obj/*.o clang outputs) into link/<case>.hsaco;
#                                     test/co-corpus/link/manifest.json lists every case: inputs -> output.
# For every object (and every link input and output) it records, run from the object's directory so the
# outputs name the bare file:
#   readelf/<file>.json.gz  llvm-readelf-22 --elf-output-style=JSON -h -l -S --symbols --dyn-symbols --notes -r -d
#   readelf/<file>.txt.gz   llvm-readelf-22 -h -l -S --symbols --dyn-syms --notes -r -d -W
#   objdump/<file>.dis.gz   llvm-objdump-22 -d
# (for link/ the three records sit next to the files in link/). Anything a tool prints on stderr goes to
# <record>.stderr beside the record and fails the build unless CO_CORPUS_ALLOW_STDERR=1.
# All gzip output is `gzip -9n` (no name, no time stamp): rerunning gives the same bytes.
# <features> is the clang target-id feature list without the colons: gfx90a:sramecc+:xnack- -> sramecc+xnack-.
# Usage: bash scripts/build-co-corpus.sh
set -euo pipefail
export LC_ALL=C TZ=UTC

root="$(cd "$(dirname "$0")/.." && pwd)"
co="$root/test/co-corpus"
src="$co/src"
obj="$co/obj"
link="$co/link"
rd="$co/readelf"
od="$co/objdump"
libs="${ROCM_DEVICE_LIBS:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}"

for tool in clang-22 ld.lld-22 llvm-mc-22 llvm-readelf-22 llvm-objdump-22 gzip; do
  command -v "$tool" >/dev/null || {
    echo "build-co-corpus: $tool not found (apt-get install llvm-22 clang-22 lld-22 rocm-device-libs)" >&2
    exit 1
  }
done

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$obj" "$rd" "$od" "$link"
rm -f "$obj"/* "$rd"/* "$od"/* "$link"/*.o "$link"/*.hsaco "$link"/*.gz "$link"/*.stderr "$link"/*.lld-cmd \
  "$link"/manifest.json

# run_quiet OUT ERRFILE CMD...: CMD's stdout -> gzip -9n -> OUT; stderr kept in ERRFILE if non-empty.
run_quiet() {
  local out="$1" err="$2"
  shift 2
  "$@" 2>"$tmp/stderr" | gzip -9n >"$out"
  if [ -s "$tmp/stderr" ]; then
    cp "$tmp/stderr" "$err"
    echo "build-co-corpus: warning: $* wrote to stderr (kept in ${err#"$co"/}):" >&2
    sed 's/^/  /' "$tmp/stderr" >&2
    [ "${CO_CORPUS_ALLOW_STDERR:-0}" = 1 ] || exit 1
  fi
}

# record DIR FILE RECORDDIR_READELF RECORDDIR_OBJDUMP: the three LLVM views of DIR/FILE.
record() {
  local dir="$1" f="$2" r="$3" o="$4"
  (
    cd "$dir"
    run_quiet "$r/$f.json.gz" "$r/$f.json.stderr" llvm-readelf-22 --elf-output-style=JSON -h -l -S --symbols \
      --dyn-symbols --notes -r -d "$f"
    run_quiet "$r/$f.txt.gz" "$r/$f.txt.stderr" llvm-readelf-22 -h -l -S --symbols --dyn-syms --notes -r -d -W "$f"
    run_quiet "$o/$f.dis.gz" "$o/$f.dis.stderr" llvm-objdump-22 -d "$f"
  )
}

# The compile matrix. One line per compile:  LANG SRC TARGET-ID COV OPT G OUTPUTS
#   LANG    cl (OpenCL C with the ROCm device libraries), clbare (OpenCL C, -nogpulib), hip (-nogpulib)
#   G       g for -g, - for none
#   OUTPUTS hsaco, o, or o+hsaco (the clang -c object and the shared object ld.lld-22 makes from it)
# The device libraries here stop at code object v5 and have no gfx942 or generic-target build: those
# variants use bare.cl (no library calls) or HIP.
matrix="
cl     vecops   gfx803               4 O2 - hsaco
cl     vecops   gfx900               5 O2 - hsaco
cl     vecops   gfx906               4 O0 - hsaco
cl     vecops   gfx908               5 O2 - o+hsaco
cl     vecops   gfx90a               5 O2 - hsaco
cl     printer  gfx900               4 O2 - hsaco
cl     printer  gfx908               5 O0 - hsaco
cl     printer  gfx90a               5 O2 - hsaco
cl     tables   gfx803               5 O2 - hsaco
cl     tables   gfx906               5 O2 - hsaco
cl     tables   gfx908               4 O2 - hsaco
cl     tables   gfx908               5 O2 - o+hsaco
cl     tables   gfx90a               4 O0 - o
cl     calls    gfx900               5 O2 - hsaco
cl     calls    gfx906               4 O2 - hsaco
cl     calls    gfx908               5 O2 - o+hsaco
cl     calls    gfx90a               5 O0 - hsaco
cl     tiny     gfx803               5 O0 g hsaco
cl     tiny     gfx906               5 O0 g o+hsaco
cl     tiny     gfx908               4 O2 g hsaco
cl     tiny     gfx90a:xnack+        5 O2 - hsaco
clbare bare     gfx803               6 O0 - hsaco
clbare bare     gfx900               6 O2 - hsaco
clbare bare     gfx906               6 O2 - o+hsaco
clbare bare     gfx908               6 O0 g hsaco
clbare bare     gfx90a               6 O2 - hsaco
clbare bare     gfx942               5 O2 - hsaco
clbare bare     gfx942               6 O2 - hsaco
clbare bare     gfx9-generic         6 O2 - hsaco
clbare bare     gfx9-4-generic       6 O2 - hsaco
hip    kern     gfx803               4 O2 - hsaco
hip    kern     gfx900               5 O2 - hsaco
hip    kern     gfx906               6 O2 - hsaco
hip    kern     gfx908               4 O0 - hsaco
hip    kern     gfx908:sramecc-      5 O2 - hsaco
hip    kern     gfx908:sramecc+      6 O2 - hsaco
hip    kern     gfx90a               5 O0 - hsaco
hip    kern     gfx90a:xnack+        5 O2 - o+hsaco
hip    kern     gfx90a:xnack-        6 O2 - hsaco
hip    kern     gfx90a:sramecc+:xnack- 4 O2 - hsaco
hip    kern     gfx942               5 O2 - hsaco
hip    small    gfx900               4 O2 g hsaco
hip    small    gfx908               5 O0 g hsaco
hip    small    gfx90a:xnack+        6 O2 g hsaco
hip    small    gfx942:xnack-        6 O0 g hsaco
"

built=()
cd "$src"
while read -r lang name tid cov opt g outs; do
  [ -n "$lang" ] || continue
  gpu="${tid%%:*}"
  feat=""
  [ "$gpu" = "$tid" ] || feat=".$(echo "${tid#*:}" | tr -d ':')"
  base="$name.$gpu$feat.v$cov.$opt"
  gflag=()
  if [ "$g" = g ]; then
    base="$base.g"
    # Relative source names and "." as the compilation directory keep the DWARF machine-independent.
    gflag=(-g -fdebug-compilation-dir=.)
  fi
  case "$lang" in
  cl | clbare)
    lib=(--rocm-device-lib-path="$libs")
    [ "$lang" = clbare ] && lib=(-nogpulib)
    clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu="$tid" -"$opt" -mcode-object-version="$cov" \
      "${lib[@]}" "${gflag[@]}" -c "$name.cl" -o "$obj/$base.o"
    ;;
  hip)
    clang-22 -x hip --offload-arch="$tid" -nogpuinc -nogpulib --cuda-device-only --no-gpu-bundle-output \
      -"$opt" -mcode-object-version="$cov" "${gflag[@]}" "$name.hip" -o "$obj/$base.hsaco"
    if [ "$outs" != hsaco ]; then
      # A HIP device-only compile links straight to a code object; -save-temps (in a scratch directory)
      # keeps the relocatable object clang hands to lld.
      rm -rf "$tmp/hip" && mkdir "$tmp/hip" && cp "$name.hip" "$tmp/hip/"
      (cd "$tmp/hip" && clang-22 -x hip --offload-arch="$tid" -nogpuinc -nogpulib --cuda-device-only \
        --no-gpu-bundle-output -"$opt" -mcode-object-version="$cov" "${gflag[@]}" -save-temps "$name.hip" \
        -o out.hsaco)
      cp "$tmp/hip/$name-hip-amdgcn-amd-amdhsa-$tid.o" "$obj/$base.o"
    fi
    ;;
  esac
  # The shared object: HIP's is the one its driver links (with its own lld flags); OpenCL's is ld.lld-22
  # -shared of the clang -c object.
  [ "$lang" = hip ] || [ "$outs" = o ] || ld.lld-22 -shared "$obj/$base.o" -o "$obj/$base.hsaco"
  [ "$outs" = o ] || built+=("$base.hsaco")
  if [ "$outs" = hsaco ]; then rm -f "$obj/$base.o"; else built+=("$base.o"); fi
done <<<"$matrix"

for f in "${built[@]}"; do record "$obj" "$f" "$rd" "$od"; done

# Linker cases. Paths are relative to test/co-corpus; ld.lld-22 runs there.
cd "$link"
for s in *.s; do
  n="${s%.s}"
  mcpu=gfx908
  mattr=()
  if [ "$n" = xnack_v6 ]; then
    mcpu=gfx90a
    mattr=(-mattr=+xnack)
  fi
  llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu="$mcpu" "${mattr[@]}" -filetype=obj "$s" -o "$n.o"
  record "$link" "$n.o" "$link" "$link"
done

# CASE OUTPUT INPUT...
cases="
pcrel_data   link/pcrel_data.hsaco   link/pcrel_data.o
ptr_table    link/ptr_table.hsaco    link/ptr_table.o
two_objects  link/two_objects.hsaco  link/two_a.o link/two_b.o
xnack_v6     link/xnack_v6.hsaco     link/xnack_v6.o
cl_pair      link/cl_pair.hsaco      obj/tables.gfx908.v5.O2.o obj/calls.gfx908.v5.O2.o
cl_bare_v6   link/cl_bare_v6.hsaco   obj/bare.gfx906.v6.O2.o
cl_debug     link/cl_debug.hsaco     obj/tiny.gfx906.v5.O0.g.o
hip_xnack    link/hip_xnack.hsaco    obj/kern.gfx90a.xnack+.v5.O2.o
mixed        link/mixed.hsaco        link/pcrel_data.o obj/vecops.gfx908.v5.O2.o link/two_a.o
"
cd "$co"
{
  echo "["
  first=1
  while read -r case out ins; do
    [ -n "$case" ] || continue
    read -r -a inputs <<<"$ins"
    ld.lld-22 -shared "${inputs[@]}" -o "$out"
    echo "ld.lld-22 -shared ${inputs[*]} -o $out" >"link/$case.lld-cmd"
    record "$link" "$(basename "$out")" "$link" "$link"
    [ $first = 1 ] || echo ","
    first=0
    printf '  {"name": "%s", "inputs": [%s], "output": "%s", "args": ["-shared"], "command": "%s"}' "$case" \
      "$(printf '"%s", ' "${inputs[@]}" | sed 's/, $//')" "$out" "ld.lld-22 -shared ${inputs[*]} -o $out"
  done <<<"$cases"
  printf '\n]\n'
} >"$link/manifest.json"

clang-22 --version | head -1 >"$co/TOOLCHAIN"
ld.lld-22 --version | head -1 >>"$co/TOOLCHAIN"
echo "build-co-corpus: ${#built[@]} objects in obj/, $(ls "$link"/*.hsaco | wc -l) link cases;" \
  "$(du -sb "$obj" "$rd" "$od" "$link" | awk '{s += $1} END {printf "%.2f MB", s / 1048576}') total"
