// printf for device-only HIP built with -mprintf-kind=buffered (clang-22 -x hip --cuda-device-only
// -nogpuinc -nogpulib): clang lowers each printf into a call to __printf_alloc and stores of the record into
// the memory it returns; gcnkit passes the printf buffer as the hidden argument hidden_printf_buffer and
// formats the records after the launch. ROCm's device library defines __printf_alloc; the device libraries
// packaged by Debian do not, so this header defines it.
#pragma once

extern "C" __attribute__((device)) int printf(const char *, ...);

// Reserves `bytes` in the printf buffer, or returns null when the record does not fit (that printf then
// writes nothing). The buffer starts with two u32: the bytes used after this 8-byte header, and the buffer's
// total size. Its address is the implicit argument at offset 72 (hidden_printf_buffer in code object v5).
// Weak so that two sources including this header link; noinline so clang's printf lowering finds it by name.
extern "C" __attribute__((device, weak, noinline)) char *__printf_alloc(unsigned bytes) {
  char *implicit = (char *)__builtin_amdgcn_implicitarg_ptr();
  unsigned *buf = *(unsigned **)(implicit + 72);
  unsigned size = buf[1];
  unsigned used = __hip_atomic_load(buf, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  for (;;) {
    if (used + bytes + 8 > size) return 0;
    if (__hip_atomic_compare_exchange_strong(buf, &used, used + bytes, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                             __HIP_MEMORY_SCOPE_AGENT))
      return (char *)buf + 8 + used;
  }
}
