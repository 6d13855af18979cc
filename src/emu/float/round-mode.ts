/**
 * IEEE rounding modes, numbered as in the MODE register's FP_ROUND field (Vega ISA, "Mode register":
 * bits [1:0] single precision, bits [3:2] double precision; 0 = nearest even, 1 = +infinity,
 * 2 = -infinity, 3 = toward zero), so a 2-bit FP_ROUND slice can be passed straight through.
 */
export const RNE = 0;
export const RPI = 1;
export const RNI = 2;
export const RTZ = 3;

export type RoundMode = 0 | 1 | 2 | 3;
