// The smallest useful kernel, for the debug-info (-g) variants.
__kernel void add_one(__global int *p) { p[get_global_id(0)] += 1; }
