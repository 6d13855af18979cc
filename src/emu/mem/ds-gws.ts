// GWS (ds_gws_*) and ds_ordered_count: their semantics belong to the "sys" area; the DS decoder
// (ds.ts) takes each op's handler from DS_GDS_HANDLERS by op name and runs it whatever the gds bit
// (these ops always carry gds). An op missing here stops loudly as an instruction without semantics.
// Fields as ds.ts documents them (vaddr = ADDR, vdata = DATA0, dst = VDST, offset = the 16-bit offset).
import type { Handler } from '../inst.js';

export const DS_GDS_HANDLERS: ReadonlyMap<string, Handler> = new Map<string, Handler>();
