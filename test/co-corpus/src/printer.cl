// A kernel that calls printf (pulls in the hostcall/printf buffer argument and metadata).
__kernel void report(__global const int *vals, int limit) {
  int i = get_global_id(0);
  if (i < limit && vals[i] < 0) printf("lane %d saw %d (limit %d)\n", i, vals[i], limit);
}

__kernel void hello(void) {
  if (get_global_id(0) == 0) printf("hello from %s\n", "gcnkit");
}
