// 64-bit integer arithmetic (mul, div, rem, shifts), divergent control flow, a switch, calls.
__attribute__((noinline)) ulong mix64(ulong a, ulong b) {
  a ^= b >> 17;
  a *= 0x9e3779b97f4a7c15UL;
  return a ^ (a >> 29) ^ popcount(b) ^ clz(a);
}

__attribute__((noinline)) long collatz_steps(long x) {
  long steps = 0;
  while (x > 1 && steps < 1000) {
    x = (x & 1) ? 3 * x + 1 : x / 2;
    steps++;
  }
  return steps;
}

__kernel void int64_branchy(__global const long *in, __global ulong *out, long d) {
  size_t i = get_global_id(0);
  long v = in[i];
  ulong r;
  switch (v & 3) {
  case 0:
    r = (ulong)(v / d);
    break;
  case 1:
    r = (ulong)(v % d) << (v & 31);
    break;
  case 2:
    r = mix64((ulong)v, (ulong)d);
    break;
  default:
    r = (ulong)collatz_steps(v);
  }
  if (get_local_id(0) & 1) r = rotate(r, (ulong)7) + mul_hi((ulong)v, (ulong)d);
  out[i] = r;
}
