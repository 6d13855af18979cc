// Layouts after SI: the packets CIK, VI and GFX9 added, and the seed's packets whose fields changed.
// Facts from Linux drivers/gpu/drm/amd/amdgpu/soc15d.h (PACKET3_*__FIELD(x) macros and the "1. header
// 2. CONTROL ..." comments), cikd.h/vid.h, the amdgpu gfx_v9_0.c emitters (RELEASE_MEM with 7 body dwords,
// COND_EXEC with the address in two dwords and EXEC_COUNT in the fourth) and Mesa src/amd/common/sid.h
// (SET_PREDICATION's gfx9 order: control, then the 64-bit address; DMA_DATA's BYTE_COUNT_GFX9 [25:0]).
import { COMPARE, EOP_DATA_SEL, EOP_INT_SEL, EVENT_INDEX, EVENT_TYPE, SPACE } from './enums.js';
import { addr, bits, extend, type Layout, layout } from './layout.js';
import { SEED_LAYOUTS as S } from './packets-seed.js';

const CACHE_POLICY = { 0: 'LRU', 1: 'STREAM', 2: 'NOA', 3: 'BYPASS' };
const cachePolicy = (dw: number, lo: number, name = 'cache_policy') => bits(name, dw, lo, 2, CACHE_POLICY);
const setReg = (base: number) =>
  layout([bits('reg_offset', 0, 0, 16), bits('index', 0, 28, 4)], { tail: 'regs', regBase: base });

/** The EOP cache actions of EVENT_WRITE_EOP (CIK+) and RELEASE_MEM (soc15d.h EOP_*_ACTION_EN). */
const eopActions = [
  bits('tcl1_vol_action_en', 0, 12, 1),
  bits('tc_vol_action_en', 0, 13, 1),
  bits('tc_wb_action_en', 0, 15, 1),
  bits('tcl1_action_en', 0, 16, 1),
  bits('tc_action_en', 0, 17, 1),
];

const ibLater = (hiWidth: number) =>
  layout([
    addr('ib_base', 0, 2, hiWidth),
    bits('ib_size', 2, 0, 20),
    bits('chain', 2, 20, 1),
    bits('offload_polling', 2, 21, 1),
    bits('valid', 2, 23, 1),
    bits('vmid', 2, 24, 4),
    cachePolicy(2, 28),
    bits('priv', 2, 31, 1),
  ]);

/** gfx7 and later (CIK, VI, GFX9): replaces or adds to the seed's layouts. */
export const GFX7_LAYOUTS: Readonly<Record<string, Layout>> = {
  INDIRECT_BUFFER: ibLater(16),
  INDIRECT_BUFFER_CONST: ibLater(16),
  ATOMIC_MEM: S.ATOMIC,
  EVENT_WRITE_EOP: extend(S.EVENT_WRITE_EOP, eopActions),
  // On a compute queue the dimensions' address is in the packet (3 dwords); on the graphics ring it is
  // SET_BASE's base plus data_offset (2 dwords, the seed's form): the body length tells them apart.
  DISPATCH_INDIRECT: layout([bits('data_offset', 0), bits('dispatch_initiator', 1)]),
  SET_UCONFIG_REG: setReg(0xc000),
  WAIT_REG_MEM: extend(S.WAIT_REG_MEM, [
    bits('operation', 0, 6, 2, { 0: 'WAIT_REG_MEM', 1: 'WR_WAIT_WR_REG', 3: 'WAIT_MEM_PREEMPTABLE' }),
  ]),
  // soc15d.h: "1. HEADER 2. COHER_CNTL [30:0] 2.1 ENGINE_SEL [31:31] 3. COHER_SIZE [31:0]
  // 4. COHER_SIZE_HI [7:0] 5. COHER_BASE_LO [31:0] 6. COHER_BASE_HI [23:0] 7. POLL_INTERVAL [15:0]".
  ACQUIRE_MEM: layout([
    bits('coher_cntl', 0, 0, 31),
    bits('engine_sel', 0, 31, 1, { 0: 'PFP', 1: 'ME' }),
    bits('coher_size', 1),
    bits('coher_size_hi', 2, 0, 8),
    bits('coher_base_lo', 3),
    bits('coher_base_hi', 4, 0, 24),
    bits('poll_interval', 5, 0, 16),
  ]),
  // soc15d.h: "1. header 2. CONTROL 3. SRC_ADDR_LO or DATA [31:0] 4. SRC_ADDR_HI [31:0]
  // 5. DST_ADDR_LO [31:0] 6. DST_ADDR_HI [7:0] 7. COMMAND [30:21] | BYTE_COUNT [20:0]".
  DMA_DATA: layout([
    bits('engine', 0, 0, 1, { 0: 'ME', 1: 'PFP' }),
    cachePolicy(0, 13, 'src_cache_policy'),
    bits('dst_sel', 0, 20, 2, { 0: 'DST_ADDR_USING_DAS', 1: 'GDS', 3: 'DST_ADDR_USING_L2' }),
    cachePolicy(0, 25, 'dst_cache_policy'),
    bits('src_sel', 0, 29, 2, { 0: 'SRC_ADDR_USING_SAS', 1: 'GDS', 2: 'DATA', 3: 'SRC_ADDR_USING_L2' }),
    bits('cp_sync', 0, 31, 1),
    addr('src_addr', 1, 0),
    addr('dst_addr', 3, 0),
    bits('byte_count', 5, 0, 21),
    bits('sas', 5, 26, 1, SPACE),
    bits('das', 5, 27, 1, SPACE),
    bits('saic', 5, 28, 1),
    bits('daic', 5, 29, 1),
    bits('raw_wait', 5, 30, 1),
  ]),
};

/** RELEASE_MEM (VI compute queues, every GFX9 queue): the end-of-pipe event with its cache actions. */
const releaseMem = (gfx9: boolean) =>
  layout([
    bits('event_type', 0, 0, 6, EVENT_TYPE),
    bits('event_index', 0, 8, 4, EVENT_INDEX),
    ...eopActions,
    bits('tc_nc_action_en', 0, 19, 1),
    bits('tc_wc_action_en', 0, 20, 1),
    bits('tc_md_action_en', 0, 21, 1),
    cachePolicy(0, 25),
    bits('execute', 0, 28, 1),
    bits('dst_sel', 1, 16, 2, { 0: 'MEMORY', 1: 'TC_L2' }),
    bits('int_sel', 1, 24, 3, EOP_INT_SEL),
    bits('data_sel', 1, 29, 3, {
      ...EOP_DATA_SEL,
      4: 'SEND_SYSTEM_CLOCK_COUNTER',
      5: 'STORE_GDS_DATA_TO_MEMORY',
    }),
    addr('address', 2, 2),
    bits('data_lo', 4),
    bits('data_hi', 5),
    ...(gfx9 ? [bits('int_ctxid', 6)] : []),
  ]);

export const GFX8_LAYOUTS: Readonly<Record<string, Layout>> = {
  RELEASE_MEM: releaseMem(false),
};

/** gfx9 (soc15d.h): 32-bit high address dwords, cache policies, the *_INDEX register packets. */
export const GFX9_LAYOUTS: Readonly<Record<string, Layout>> = {
  RELEASE_MEM: releaseMem(true),
  INDIRECT_BUFFER: ibLater(32),
  INDIRECT_BUFFER_CONST: ibLater(32),
  ATOMIC_MEM: extend(S.ATOMIC, [cachePolicy(0, 25)]),
  WRITE_DATA: extend(S.WRITE_DATA, [
    cachePolicy(0, 25),
    bits('dst_sel', 0, 8, 4, {
      0: 'MEM_MAPPED_REGISTER',
      2: 'TC_L2',
      3: 'GDS',
      5: 'MEMORY',
      6: 'MEMORY_MAPPED_ADC_PERSISTENT_STATE',
    }),
  ]),
  COPY_DATA: extend(S.COPY_DATA, [
    bits('src_sel', 0, 0, 4, {
      0: 'MEM_MAPPED_REGISTER',
      1: 'MEMORY',
      2: 'TC_L2',
      3: 'GDS',
      4: 'PERFCOUNTERS',
      5: 'IMMEDIATE_DATA',
      6: 'ATOMIC_RETURN_DATA',
      7: 'GDS_ATOMIC_RETURN_DATA0',
      8: 'GDS_ATOMIC_RETURN_DATA1',
      9: 'GPU_CLOCK_COUNT',
    }),
    bits('dst_sel', 0, 8, 4, {
      0: 'MEM_MAPPED_REGISTER',
      2: 'TC_L2',
      3: 'GDS',
      4: 'PERFCOUNTERS',
      5: 'MEMORY',
      6: 'MEM_MAPPED_REG_DC',
    }),
    cachePolicy(0, 13, 'src_cache_policy'),
    cachePolicy(0, 25, 'dst_cache_policy'),
    bits('pq_exe_status', 0, 29, 1),
  ]),
  WAIT_REG_MEM: extend(GFX7_LAYOUTS.WAIT_REG_MEM, [
    bits('function', 0, 0, 3, COMPARE),
    bits('mem_space', 0, 4, 2, SPACE),
    cachePolicy(0, 25),
    addr('poll_address', 1, 0, 32),
    bits('optimize_ace_offload_mode', 5, 31, 1),
  ]),
  EVENT_WRITE: extend(S.EVENT_WRITE, [
    bits('samp_plst_cntr_mode', 0, 29, 2),
    bits('offload_enable', 0, 31, 1),
    addr('address', 1, 3, 32),
  ]),
  ACQUIRE_MEM: extend(GFX7_LAYOUTS.ACQUIRE_MEM, [bits('coher_size_hi', 2, 0, 24)]),
  DMA_DATA: extend(GFX7_LAYOUTS.DMA_DATA, [bits('byte_count', 5, 0, 26)]),
  // amdgpu gfx_v9_0_ring_emit_init_cond_exec: address lo, hi, a control dword (0: discard), EXEC_COUNT.
  COND_EXEC: layout([addr('bool_addr', 0, 2, 32), bits('control', 2), bits('exec_count', 3, 0, 14)]),
  SET_PREDICATION: layout([
    bits('predication_boolean', 0, 8, 1, { 0: 'DRAW_IF_NOT_VISIBLE', 1: 'DRAW_IF_VISIBLE' }),
    bits('hint', 0, 12, 1),
    bits('pred_op', 0, 16, 3, { 0: 'CLEAR', 1: 'ZPASS', 2: 'PRIMCOUNT', 3: 'BOOL64' }),
    bits('continue', 0, 31, 1),
    addr('start_addr', 1, 4, 32),
  ]),
  DUMP_CONST_RAM: S.DUMP_CONST_RAM,
  SET_SH_REG: setReg(0x2c00),
  SET_SH_REG_INDEX: setReg(0x2c00),
  SET_UCONFIG_REG_INDEX: setReg(0xc000),
};

/** DISPATCH_INDIRECT with the dimensions' address in the packet (compute queues, gfx7+). */
export const DISPATCH_INDIRECT_ADDR: Layout = layout([addr('addr', 0, 0), bits('dispatch_initiator', 2)]);
