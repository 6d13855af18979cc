// Body layouts of the type-3 packets as seed 004 (Southern Islands programming guide, chapter 2, the
// "Packet Description" tables) gives them: body dword 0 is the guide's DW 2. Field names are the guide's,
// lowercased. Generations after SI change some of them: packets-later.ts.
import {
  COMPARE,
  DST_SEL,
  ENGINE_SEL,
  EOP_DATA_SEL,
  EOP_INT_SEL,
  EVENT_INDEX,
  EVENT_TYPE,
  SPACE,
  SRC_SEL,
} from './enums.js';
import { addr, bits, type Layout, layout, view } from './layout.js';

const dummy = layout([bits('dummy', 0)]);
const raw = layout([], { min: 0, tail: 'data' });
const setReg = (base: number) => layout([bits('reg_offset', 0, 0, 16)], { tail: 'regs', regBase: base });
// LOAD_*_REG: a base address, then (reg_offset, num_dwords) pairs as data.
const loadReg = layout([addr('base_addr', 0, 2, 16)], { tail: 'data' });
const eventCntl = [bits('event_type', 0, 0, 6, EVENT_TYPE), bits('event_index', 0, 8, 4, EVENT_INDEX)];
const ib = layout([
  bits('swap', 0, 0, 2),
  addr('ib_base', 0, 2, 16),
  bits('ib_size', 2, 0, 20),
  bits('vmid', 2, 24, 8),
]);

export const SEED_LAYOUTS: Readonly<Record<string, Layout>> = {
  // 2.9.5: DATA_BLOCK, anything.
  NOP: raw,
  // 2.2.1
  ME_INITIALIZE: layout([
    bits('default_reset_control', 0, 0, 1),
    bits('reserved', 1),
    bits('max_context', 2, 0, 3),
    bits('external_mem_swap', 3, 0, 2),
    bits('dev_id', 3, 16, 8),
    bits('header_dump_swap', 4, 0, 2),
    bits('header_dump_base', 4, 4, 28),
    bits('header_dump_size', 5, 0, 30),
    bits('header_dump_enable', 5, 31, 1),
  ]),
  // 2.2.2, 2.4.4, 2.4.7
  SET_CONFIG_REG: setReg(0x2000),
  SET_CONTEXT_REG: setReg(0xa000),
  SET_SH_REG: setReg(0x2c00),
  // 2.4.5: the data words are DW offsets into the patch table.
  SET_CONTEXT_REG_INDIRECT: layout([bits('reg_offset', 0, 0, 16)], { tail: 'data' }),
  // 2.2.3
  SET_BASE: layout([
    bits('base_index', 0, 0, 4, {
      0: 'DISPLAY_LIST_PATCH_TABLE_BASE',
      1: 'DRAW_INDEX_INDIR_PATCH_TABLE_BASE',
      2: 'GDS_PARTITION_BASES',
      3: 'CE_PARTITION_BASES',
    }),
    bits('address0', 1),
    bits('address1', 2, 0, 16),
  ]),
  // 2.2.4, 2.4.3, 2.4.6
  LOAD_CONFIG_REG: layout([addr('base_addr', 0, 2, 16), bits('wait_for_idle', 1, 31, 1)], { tail: 'data' }),
  LOAD_CONTEXT_REG: loadReg,
  LOAD_SH_REG: loadReg,
  // 2.3.1
  DUMP_CONST_RAM: layout([bits('offset', 0, 0, 16), bits('num_dw', 1, 0, 15), addr('addr', 2, 0)]),
  // 2.3.2, 2.5.8, 2.4.2, 2.8.8, 2.5.15, 2.5.16
  INCREMENT_CE_COUNTER: dummy,
  INCREMENT_DE_COUNTER: dummy,
  CLEAR_STATE: dummy,
  PFP_SYNC_ME: dummy,
  WAIT_ON_AVAIL_BUFFER: dummy,
  WAIT_ON_CE_COUNTER: dummy,
  // 2.3.3, 2.5.12
  INDIRECT_BUFFER_CONST: ib,
  INDIRECT_BUFFER: ib,
  // 2.3.4
  LOAD_CONST_RAM: layout([addr('addr', 0, 0), bits('num_dw', 2, 0, 15), bits('offset', 3, 0, 16)]),
  // 2.3.5, 2.3.6: 64-bit counters, kept as two words.
  SET_CE_DE_COUNTERS: layout([bits('counter_lo', 0), bits('counter_hi', 1)]),
  WAIT_ON_DE_COUNTER: layout([bits('counter_lo', 0), bits('counter_hi', 1)]),
  // 2.3.7
  WAIT_ON_DE_COUNTER_DIFF: layout([bits('diff', 0)]),
  // 2.3.8, 2.3.9
  WRITE_CONST_RAM: layout([bits('offset', 0, 0, 16)], { tail: 'data' }),
  WRITE_CONST_RAM_OFFSET: layout([bits('offset', 0, 0, 16)], { tail: 'data' }),
  // 2.4.1
  CONTEXT_CONTROL: layout([
    bits('load_single_context_regs', 0, 0, 1),
    bits('load_multi_context_regs', 0, 1, 1),
    bits('load_gfx_sh_regs', 0, 16, 1),
    bits('load_cs_sh_regs', 0, 24, 1),
    bits('load_dw_enable', 0, 31, 1),
    bits('shadow_single_context_regs', 1, 0, 1),
    bits('shadow_multi_context_regs', 1, 1, 1),
    bits('shadow_gfx_sh_regs', 1, 16, 1),
    bits('shadow_cs_sh_regs', 1, 24, 1),
    bits('shadow_dw_enable', 1, 31, 1),
  ]),
  // 2.5.1
  DRAW_INDEX_2: layout([
    bits('max_size', 0),
    addr('index_base', 1, 1, 16),
    bits('index_count', 3),
    bits('draw_initiator', 4),
  ]),
  // 2.5.2
  DRAW_INDEX_AUTO: layout([bits('index_count', 0), bits('draw_initiator', 1)]),
  // 2.5.3: the indices (two 16-bit or one 32-bit per dword) as data.
  DRAW_INDEX_IMMD: layout([bits('index_count', 0), bits('draw_initiator', 1)], { tail: 'data' }),
  // 2.5.4
  DRAW_INDEX_INDIRECT: layout([
    bits('data_offset', 0),
    bits('base_vtx_loc', 1, 0, 16),
    bits('draw_initiator', 2),
  ]),
  // 2.5.5
  DRAW_INDEX_MULTI_AUTO: layout([
    bits('prim_count', 0),
    bits('draw_initiator', 1),
    bits('index_offset', 2, 0, 16),
    bits('prim_type', 2, 16, 5),
    bits('index_count', 2, 21, 11),
  ]),
  // 2.5.6
  DRAW_INDEX_OFFSET_2: layout([
    bits('max_size', 0),
    bits('index_offset', 1),
    bits('index_count', 2),
    bits('draw_initiator', 3),
  ]),
  // 2.5.7
  DRAW_INDIRECT: layout([
    bits('data_offset', 0),
    bits('base_vtx_loc', 1, 0, 16),
    bits('start_inst_loc', 2, 0, 16),
    bits('draw_initiator', 3),
  ]),
  // 2.5.9, 2.5.10, 2.5.11
  INDEX_BASE: layout([addr('index_base', 0, 1, 16)]),
  INDEX_BUFFER_SIZE: layout([bits('index_buffer_size', 0)]),
  INDEX_TYPE: layout([bits('index_type', 0, 0, 1, { 0: '16-bit', 1: '32-bit' }), bits('swap_mode', 0, 2, 2)]),
  // 2.5.13: first indices of rects as data.
  MPEG_INDEX: layout([bits('num_indices', 0), bits('draw_initiator', 1)], { tail: 'data' }),
  // 2.5.14
  NUM_INSTANCES: layout([bits('num_instances', 0)]),
  // 2.6.1
  DISPATCH_DIRECT: layout([
    bits('dim_x', 0),
    bits('dim_y', 1),
    bits('dim_z', 2),
    bits('dispatch_initiator', 3),
  ]),
  // 2.6.2: the dimensions are read at data_offset from the base SET_BASE set.
  DISPATCH_INDIRECT: layout([bits('data_offset', 0), bits('dispatch_initiator', 1)]),
  // 2.7.1
  COND_EXEC: layout([
    addr('bool_addr', 0, 2, 16),
    bits('command', 1, 28, 4, { 0: 'DISCARD' }),
    bits('exec_count', 2, 0, 14),
    bits('fence', 3, 0, 31),
  ]),
  // 2.7.2
  COND_WRITE: layout([
    bits('function', 0, 0, 3, COMPARE),
    bits('poll_space', 0, 4, 1, SPACE),
    bits('write_space', 0, 8, 1, SPACE),
    addr('poll_address', 1, 0, 16),
    bits('reference', 3),
    bits('mask', 4),
    addr('write_address', 5, 0, 16),
    bits('write_data', 7),
  ]),
  // 2.7.3
  PRED_EXEC: layout([bits('exec_count', 0, 0, 14), bits('device_select', 0, 24, 8)]),
  // 2.7.4. The seed gives startAddrHi as [15:0], over predicationBoolean [8] and hint [12]; Mesa's SI
  // path (si_emit_set_predicate: op | (va >> 32 & 0xFF)) has address bits 47:40 zero: [7:0].
  SET_PREDICATION: layout([
    addr('start_addr', 0, 4, 8),
    bits('predication_boolean', 1, 8, 1, { 0: 'DRAW_IF_NOT_VISIBLE', 1: 'DRAW_IF_VISIBLE' }),
    bits('hint', 1, 12, 1),
    bits('pred_op', 1, 16, 3, { 0: 'CLEAR', 1: 'ZPASS', 2: 'PRIMCOUNT' }),
    bits('continue', 1, 31, 1),
  ]),
  // 2.8.1
  ATOMIC: layout([
    bits('op', 0, 0, 7),
    bits('cmd', 0, 8, 4, { 0: 'SINGLE_PASS', 1: 'LOOP' }),
    addr('addr', 1, 0),
    bits('src_data_lo', 3),
    bits('src_data_hi', 4),
    bits('cmp_data_lo', 5),
    bits('cmp_data_hi', 6),
    bits('loop_interval', 7, 0, 13),
  ]),
  // 2.8.2
  ATOMIC_GDS: layout([
    bits('atom_op', 0, 0, 7),
    bits('atom_cmp_swap', 0, 16, 1),
    bits('atom_complete', 0, 17, 1),
    bits('atom_read', 0, 18, 1),
    bits('atom_rd_cntl', 0, 19, 2),
    bits('atom_cntl', 1, 0, 9),
    bits('atom_base', 2, 0, 16),
    bits('atom_size', 3, 0, 16),
    bits('atom_offset0', 4, 0, 8),
    bits('atom_offset1', 4, 16, 8),
    bits('atom_dst', 5),
    bits('atom_src0', 6),
    bits('atom_src0_u', 7),
    bits('atom_src1', 8),
    bits('atom_src1_u', 9),
  ]),
  // 2.8.3: the address dwords exist only for ZPASS/SAMPLE_* events.
  EVENT_WRITE: layout([...eventCntl, bits('inv_l2', 0, 20, 1), addr('address', 1, 3, 16)], { min: 1 }),
  // 2.8.4
  EVENT_WRITE_EOP: layout([
    ...eventCntl,
    bits('inv_l2', 0, 20, 1),
    addr('address', 1, 2, 16),
    bits('int_sel', 2, 24, 2, EOP_INT_SEL),
    bits('data_sel', 2, 29, 3, EOP_DATA_SEL),
    bits('data_lo', 3),
    bits('data_hi', 4),
  ]),
  // 2.8.5
  EVENT_WRITE_EOS: layout([
    ...eventCntl,
    addr('address', 1, 2, 16),
    bits('cmd', 2, 29, 3, { 1: 'STORE_GDS_DATA_TO_MEMORY', 2: 'STORE_32BIT_DATA' }),
    bits('data', 3),
    view('gds_index', 3, 0, 16),
    view('size', 3, 16, 16),
  ]),
  // 2.8.6
  MEM_SEMAPHORE: layout([
    addr('address', 0, 3, 8, 1, 0),
    bits('wait_on_signal', 1, 12, 1),
    bits('use_mailbox', 1, 16, 1),
    bits('signal_type', 1, 20, 1, { 0: 'INCREMENT', 1: 'WRITE_ONE' }),
    bits('client_code', 1, 24, 2, { 0: 'CP', 1: 'CB', 2: 'DB' }),
    bits('sem_sel', 1, 29, 3, { 6: 'SIGNAL', 7: 'WAIT' }),
  ]),
  // 2.8.7
  OCCLUSION_QUERY: layout([addr('start_addr', 0, 4, 16), addr('query_addr', 2, 2, 16)]),
  // 2.8.9
  STRMOUT_BUFFER_UPDATE: layout([
    bits('update_memory', 0, 0, 1),
    bits('source_select', 0, 1, 2, { 0: 'BUFFER_OFFSET', 1: 'VGT_FILLED_SIZE', 2: 'SRC_ADDRESS', 3: 'NONE' }),
    bits('buffer_select', 0, 8, 2),
    addr('dst_address', 1, 2, 16),
    bits('buffer_offset', 3),
    bits('src_address_hi', 4, 0, 16),
  ]),
  // 2.8.10
  SURFACE_SYNC: layout([
    bits('coher_cntl', 0, 0, 29),
    bits('engine', 0, 31, 1, { 0: 'PFP', 1: 'ME' }),
    bits('coher_size', 1),
    bits('coher_base', 2),
    bits('poll_interval', 3, 0, 16),
  ]),
  // 2.8.11: poll_address is a register's dword offset ([15:0]) or a memory address with the swap code in
  // bits [1:0], by mem_space: kept whole.
  WAIT_REG_MEM: layout([
    bits('function', 0, 0, 3, COMPARE),
    bits('mem_space', 0, 4, 1, SPACE),
    bits('engine', 0, 8, 1, { 0: 'ME', 1: 'PFP' }),
    addr('poll_address', 1, 0, 16),
    bits('reference', 3),
    bits('mask', 4),
    bits('poll_interval', 5, 0, 16),
  ]),
  // 2.9.1
  ALLOC_GDS: layout([bits('segment_size', 0, 0, 16)]),
  // 2.9.2: addresses are a register offset, a GDS offset, memory or immediate data, by src_sel/dst_sel.
  COPY_DATA: layout([
    bits('src_sel', 0, 0, 4, SRC_SEL),
    bits('dst_sel', 0, 8, 4, DST_SEL),
    bits('count_sel', 0, 16, 1, { 0: '32-bit', 1: '64-bit' }),
    bits('wr_confirm', 0, 20, 1),
    bits('engine_sel', 0, 30, 2, ENGINE_SEL),
    addr('src_addr', 1, 0),
    addr('dst_addr', 3, 0),
  ]),
  // 2.9.3
  WRITE_GDS_RAM: layout([bits('gds_index', 0, 0, 16)], { tail: 'data' }),
  // 2.9.4
  WRITE_DATA: layout(
    [
      bits('dst_sel', 0, 8, 4, DST_SEL),
      bits('wr_one_addr', 0, 16, 1),
      bits('wr_confirm', 0, 20, 1),
      bits('engine_sel', 0, 30, 2, ENGINE_SEL),
      addr('dst_addr', 1, 0),
    ],
    { tail: 'data' },
  ),
  // Listed in seed 004's ring table without a packet description: the body is printed as data.
  COPY_DW: raw,
  MEM_WRITE: raw,
  ME_WRITE: raw,
  CE_WRITE: raw,
  ONE_REG_WRITE: raw,
  // The BEGIN/END_CLEAR_STATE command bits are Linux sid.h's (PACKET3_PREAMBLE_*_CLEAR_STATE).
  PREAMBLE_CNTL: layout([bits('command', 0, 28, 4, { 2: 'BEGIN_CLEAR_STATE', 3: 'END_CLEAR_STATE' })]),
};
