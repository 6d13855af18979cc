// PM4 decoding against words written by hand from seed 004's bit layouts (chapter 2), not from the
// builder: headers of each type, and each packet's fields on the generations whose layout differs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodePacket, decodeStream, Pm4Error } from '../src/cp/pm4/decode.js';
import { type0Header, type3Header } from '../src/cp/pm4/header.js';
import { OPCODES, opcodeTable } from '../src/cp/pm4/opcodes.js';
import { layoutOf } from '../src/cp/pm4/packets.js';
import { GENERATIONS, type Generation } from '../src/isa/processors.js';

const w = (...a: number[]) => Uint32Array.from(a);
const one = (words: Uint32Array, gen: Generation = 'gfx6') => decodePacket(words, 0, words.length, gen);

test('headers: type 0 (base index, N-1 count), type 2 filler, type 3 predicate/shader type/opcode/count', () => {
  // Type 0: COUNT=1 (2 registers) from dword 0x2e12 (COMPUTE_PGM_RSRC1).
  const t0 = one(w(0x00012e12, 0xaa, 0xbb));
  assert.equal(t0.type, 0);
  assert.equal(t0.size, 3);
  assert.equal(t0.regBase, 0x2e12);
  assert.deepEqual([...t0.data], [0xaa, 0xbb]);
  assert.equal(type0Header(0x2e12, 2), 0x00012e12);
  // Type 2: whatever bits 29:0 hold.
  const t2 = one(w(0xbfffffff));
  assert.equal(t2.type, 2);
  assert.equal(t2.size, 1);
  assert.equal(t2.name, 'TYPE2');
  // Type 3: 0xC0047602 = type 3, COUNT 4, IT_OPCODE 0x76 (SET_SH_REG), SHADER_TYPE 1, PREDICATE 0.
  const t3 = one(w(0xc0047602, 0x212, 1, 2, 3, 4), 'gfx9');
  assert.equal(t3.name, 'SET_SH_REG');
  assert.equal(t3.shaderType, 1);
  assert.equal(t3.predicate, false);
  assert.equal(t3.size, 6);
  assert.equal(t3.regBase, 0x2c00 + 0x212);
  assert.deepEqual([...t3.data], [1, 2, 3, 4]);
  assert.equal(type3Header(0x76, 5, { shaderType: 1 }), 0xc0047602);
  assert.equal(one(w(0xc0001001, 0)).predicate, true);
  // COUNT 0x3FFF: the largest body.
  assert.equal(type3Header(0x10, 0x4000), 0xffff1000);
  assert.throws(() => type3Header(0x10, 0), RangeError);
  assert.throws(() => type3Header(0x10, 0x4001), RangeError);
  assert.throws(() => type3Header(0x100, 1), RangeError);
  assert.throws(() => type0Header(0x10000, 1), RangeError);
});

test('NOP with COUNT 0x3FFF is one dword from gfx7 on (amdgpu ring padding), a 16385-dword packet on SI', () => {
  const pad = w(0xffff1000, 0xffff1000);
  assert.equal(decodeStream(pad, { gen: 'gfx9' }).packets.length, 2);
  const si = decodeStream(pad, { gen: 'gfx6' });
  assert.equal(si.packets.length, 0);
  assert.match(si.error!.message, /announces 16385 dwords, only 2 left/);
});

test('malformed streams: type 1, count past the end, a body shorter than the fixed dwords, unknown opcode', () => {
  assert.throws(
    () => one(w(0x40000000)),
    (e: Error) => e instanceof Pm4Error && /type-1 packet/.test(e.message),
  );
  const past = decodeStream(w(0xc0001000, 0, 0xc0051000, 0), { gen: 'gfx6' });
  assert.equal(past.packets.length, 1);
  assert.equal(past.error!.offset, 2);
  assert.match(
    past.error!.message,
    /^PM4 packet at dword 2 \(byte 0x8\): header 0xc0051000 announces 7 dwords, only 2 left/,
  );
  // DISPATCH_DIRECT with a 2-dword body.
  assert.throws(
    () => one(w(0xc0011500, 1, 1)),
    /DISPATCH_DIRECT needs at least 4 body dwords, the header gives 2/,
  );
  const u = one(w(0xc0010100, 5, 6));
  assert.equal(u.name, 'UNKNOWN_0x01');
  assert.match(u.problem!, /unknown IT opcode 0x01 on gfx6/);
  assert.deepEqual([...u.data], [5, 6]);
  // Opcode 0x49 (RELEASE_MEM) does not exist on SI.
  assert.equal(one(w(0xc0004900, 0)).name, 'UNKNOWN_0x49');
});

test('every opcode has a layout on every generation it exists on, and values are unique per generation', () => {
  for (const g of GENERATIONS) {
    const t = opcodeTable(g);
    for (const e of t) if (e) assert.ok(layoutOf(e.name, g), `${e.name} on ${g}`);
  }
  assert.equal(opcodeTable('gfx6')[0x32]?.name, 'INDIRECT_BUFFER');
  assert.equal(opcodeTable('gfx9')[0x3f]?.name, 'INDIRECT_BUFFER');
  assert.equal(opcodeTable('gfx9')[0x32], undefined);
  assert.ok(OPCODES.length > 70);
});

/** [generation, words (header first), name, expected fields, expected data] from the seed's tables. */
type Case = [Generation, number[], string, Record<string, number>, number[]?];
const H = (op: number, n: number) => type3Header(op, n);
const CASES: Case[] = [
  ['gfx6', [H(0x10, 3), 1, 2, 3], 'NOP', {}, [1, 2, 3]],
  // DISPATCH_DIRECT: DIM_X, DIM_Y, DIM_Z, DISPATCH_INITIATOR.
  [
    'gfx9',
    [H(0x15, 4), 4, 2, 1, 0x21],
    'DISPATCH_DIRECT',
    { dim_x: 4, dim_y: 2, dim_z: 1, dispatch_initiator: 0x21 },
  ],
  ['gfx6', [H(0x16, 2), 0x40, 1], 'DISPATCH_INDIRECT', { data_offset: 0x40, dispatch_initiator: 1 }],
  ['gfx9', [H(0x16, 3), 0x1000, 0x1, 1], 'DISPATCH_INDIRECT', { addr: 0x1_0000_1000, dispatch_initiator: 1 }],
  // WAIT_REG_MEM: ENGINE [8]=1 (PFP), MEM_SPACE [4]=1, FUNCTION [2:0]=3 (==); poll address lo/hi,
  // reference, mask, poll interval.
  [
    'gfx6',
    [H(0x3c, 6), 0x113, 0x2000, 0x12, 7, 0xff, 10],
    'WAIT_REG_MEM',
    {
      function: 3,
      mem_space: 1,
      engine: 1,
      poll_address: 0x12_0000_2000,
      reference: 7,
      mask: 0xff,
      poll_interval: 10,
    },
  ],
  // WRITE_DATA: ENGINE_SEL [31:30]=2 (CE), WR_CONFIRM [20], WR_ONE_ADDR [16], DST_SEL [11:8]=5.
  [
    'gfx6',
    [H(0x37, 5), 0x80110500, 0x100, 0x1, 0xdead, 0xbeef],
    'WRITE_DATA',
    { dst_sel: 5, wr_one_addr: 1, wr_confirm: 1, engine_sel: 2, dst_addr: 0x1_0000_0100 },
    [0xdead, 0xbeef],
  ],
  [
    'gfx9',
    [H(0x37, 4), 0x02000500, 0x100, 0, 0],
    'WRITE_DATA',
    { dst_sel: 5, wr_one_addr: 0, wr_confirm: 0, engine_sel: 0, cache_policy: 1, dst_addr: 0x100 },
    [0],
  ],
  // COPY_DATA: ENGINE_SEL 0, WR_CONFIRM 1, COUNT_SEL 1, DEST_SEL 1, SRC_SEL 5 (immediate).
  [
    'gfx6',
    [H(0x40, 5), 0x00110105, 0x11, 0x22, 0x3000, 0x4],
    'COPY_DATA',
    {
      src_sel: 5,
      dst_sel: 1,
      count_sel: 1,
      wr_confirm: 1,
      engine_sel: 0,
      src_addr: 0x22_0000_0011,
      dst_addr: 0x4_0000_3000,
    },
  ],
  // EVENT_WRITE: INV_L2 [20], EVENT_INDEX [11:8]=7, EVENT_TYPE [5:0]=0x16 (CACHE_FLUSH_AND_INV_EVENT).
  ['gfx6', [H(0x46, 1), 0x100716], 'EVENT_WRITE', { event_type: 0x16, event_index: 7, inv_l2: 1 }],
  [
    'gfx6',
    [H(0x46, 3), 0x0215, 0x1008, 0x3],
    'EVENT_WRITE',
    { event_type: 0x15, event_index: 2, inv_l2: 0, address: 0x3_0000_1008 },
  ],
  // EVENT_WRITE_EOP: EVENT_INDEX 5, EVENT_TYPE 0x14; ADDRESS_LO; DATA_SEL [31:29]=2, INT_SEL [25:24]=2,
  // ADDRESS_HI [15:0]; DATA_LO, DATA_HI.
  [
    'gfx6',
    [H(0x47, 5), 0x0514, 0x2004, 0x42000001, 1, 2],
    'EVENT_WRITE_EOP',
    {
      event_type: 0x14,
      event_index: 5,
      inv_l2: 0,
      address: 0x1_0000_2004,
      int_sel: 2,
      data_sel: 2,
      data_lo: 1,
      data_hi: 2,
    },
  ],
  // EVENT_WRITE_EOS: CMD [31:29]=1 with SIZE [31:16]=4, GDS_INDEX [15:0]=8.
  [
    'gfx7',
    [H(0x48, 4), 0x062f, 0x100, 0x20000000, 0x40008],
    'EVENT_WRITE_EOS',
    { event_type: 0x2f, event_index: 6, address: 0x100, cmd: 1, data: 0x40008, gds_index: 8, size: 4 },
  ],
  // RELEASE_MEM (gfx9): EVENT_INDEX 5 | EVENT_TYPE 0x28 (BOTTOM_OF_PIPE_TS) | TC_ACTION_EN [17];
  // DATA_SEL [31:29]=1, INT_SEL [26:24]=2, DST_SEL [17:16]=0; address; data; int_ctxid.
  [
    'gfx9',
    [H(0x49, 7), 0x20528, 0x22000000, 0x5000, 0x1, 0x77, 0, 9],
    'RELEASE_MEM',
    {
      event_type: 0x28,
      event_index: 5,
      tcl1_vol_action_en: 0,
      tc_vol_action_en: 0,
      tc_wb_action_en: 0,
      tcl1_action_en: 0,
      tc_action_en: 1,
      tc_nc_action_en: 0,
      tc_wc_action_en: 0,
      tc_md_action_en: 0,
      cache_policy: 0,
      execute: 0,
      dst_sel: 0,
      int_sel: 2,
      data_sel: 1,
      address: 0x1_0000_5000,
      data_lo: 0x77,
      data_hi: 0,
      int_ctxid: 9,
    },
  ],
  // INDIRECT_BUFFER (SI 0x32): IB_BASE_LO [31:2] | swap [1:0]; IB_BASE_HI [15:0]; VMID [31:24] | IB_SIZE [19:0].
  [
    'gfx6',
    [H(0x32, 3), 0x10002, 0x1, 0x03000040],
    'INDIRECT_BUFFER',
    { swap: 2, ib_base: 0x1_0001_0000, ib_size: 0x40, vmid: 3 },
  ],
  // INDIRECT_BUFFER (gfx9 0x3F): CHAIN [20], VALID [23], VMID [27:24], CACHE_POLICY [29:28], PRIV [31].
  [
    'gfx9',
    [H(0x3f, 3), 0x10000, 0x8001, 0x81900010],
    'INDIRECT_BUFFER',
    {
      ib_base: 0x8001_0001_0000,
      ib_size: 0x10,
      chain: 1,
      offload_polling: 0,
      valid: 1,
      vmid: 1,
      cache_policy: 0,
      priv: 1,
    },
  ],
  // COND_EXEC (SI): BOOL_ADDR_LO [31:2]; COMMAND [31:28] | BOOL_ADDR_HI [15:0]; EXEC_COUNT; fence.
  [
    'gfx6',
    [H(0x22, 4), 0x1000, 0x2, 12, 5],
    'COND_EXEC',
    { bool_addr: 0x2_0000_1000, command: 0, exec_count: 12, fence: 5 },
  ],
  [
    'gfx9',
    [H(0x22, 4), 0x1000, 0x2, 0, 12],
    'COND_EXEC',
    { bool_addr: 0x2_0000_1000, control: 0, exec_count: 12 },
  ],
  // PRED_EXEC: DEVICE_SELECT [31:24], EXEC_COUNT [13:0].
  ['gfx6', [H(0x23, 1), 0x03000007], 'PRED_EXEC', { exec_count: 7, device_select: 3 }],
  // SET_PREDICATION (SI): START_ADDR_LO [31:4]; continue [31] | predOp [18:16] | hint [12] | bool [8] | hi.
  [
    'gfx6',
    [H(0x20, 2), 0x1230, 0x80011104],
    'SET_PREDICATION',
    { start_addr: 0x4_0000_1230, predication_boolean: 1, hint: 1, pred_op: 1, continue: 1 },
  ],
  // MEM_SEMAPHORE: ADDRESS_LO [31:3]; SEM_SEL [31:29]=7 (wait) | CLIENT_CODE [25:24] | SIGNAL_TYPE [20] |
  // USE_MAILBOX [16] | WAIT_ON_SIGNAL [12] | ADDRESS_HI [7:0].
  [
    'gfx6',
    [H(0x39, 2), 0x108, 0xe1111001],
    'MEM_SEMAPHORE',
    { address: 0x1_0000_0108, wait_on_signal: 1, use_mailbox: 1, signal_type: 1, client_code: 1, sem_sel: 7 },
  ],
  // ATOMIC: CMD [11:8]=1 | OP [6:0]; address; src; cmp; loop interval [12:0].
  [
    'gfx6',
    [H(0x1e, 8), 0x0148, 0x100, 0, 1, 2, 3, 4, 0x1fff],
    'ATOMIC',
    {
      op: 0x48,
      cmd: 1,
      addr: 0x100,
      src_data_lo: 1,
      src_data_hi: 2,
      cmp_data_lo: 3,
      cmp_data_hi: 4,
      loop_interval: 0x1fff,
    },
  ],
  // ATOMIC_GDS: ATOM_RD_CNTL [20:19] | ATOM_READ [18] | ATOM_COMPLETE [17] | ATOM_CMP_SWAP [16] | ATOM_OP.
  [
    'gfx6',
    [H(0x1d, 10), 0x1d0005, 0x1ff, 0x40, 0x100, 0x020001, 8, 1, 2, 3, 4],
    'ATOMIC_GDS',
    {
      atom_op: 5,
      atom_cmp_swap: 1,
      atom_complete: 0,
      atom_read: 1,
      atom_rd_cntl: 3,
      atom_cntl: 0x1ff,
      atom_base: 0x40,
      atom_size: 0x100,
      atom_offset0: 1,
      atom_offset1: 2,
      atom_dst: 8,
      atom_src0: 1,
      atom_src0_u: 2,
      atom_src1: 3,
      atom_src1_u: 4,
    },
  ],
  // SURFACE_SYNC: ENGINE [31] | COHER_CNTL [28:0]; size; base; poll interval.
  [
    'gfx6',
    [H(0x43, 4), 0x80800000, 0xffffffff, 0, 10],
    'SURFACE_SYNC',
    { coher_cntl: 0x800000, engine: 1, coher_size: 0xffffffff, coher_base: 0, poll_interval: 10 },
  ],
  // ACQUIRE_MEM (gfx9): COHER_CNTL, size, size hi [23:0], base lo, base hi [23:0], poll interval.
  [
    'gfx9',
    [H(0x58, 6), 0x28c00000, 0xffffffff, 0xffffff, 0, 0, 10],
    'ACQUIRE_MEM',
    {
      coher_cntl: 0x28c00000,
      engine_sel: 0,
      coher_size: 0xffffffff,
      coher_size_hi: 0xffffff,
      coher_base_lo: 0,
      coher_base_hi: 0,
      poll_interval: 10,
    },
  ],
  // CE packets.
  ['gfx6', [H(0x81, 3), 0x40, 7, 8], 'WRITE_CONST_RAM', { offset: 0x40 }, [7, 8]],
  ['gfx6', [H(0x83, 4), 0x40, 2, 0x2000, 0], 'DUMP_CONST_RAM', { offset: 0x40, num_dw: 2, addr: 0x2000 }],
  ['gfx6', [H(0x80, 4), 0x2000, 0, 8, 0x20], 'LOAD_CONST_RAM', { addr: 0x2000, num_dw: 8, offset: 0x20 }],
  ['gfx6', [H(0x84, 1), 0], 'INCREMENT_CE_COUNTER', { dummy: 0 }],
  ['gfx6', [H(0x87, 2), 5, 0], 'WAIT_ON_DE_COUNTER', { counter_lo: 5, counter_hi: 0 }],
  ['gfx6', [H(0x88, 1), 2], 'WAIT_ON_DE_COUNTER_DIFF', { diff: 2 }],
  ['gfx6', [H(0x89, 2), 1, 0], 'SET_CE_DE_COUNTERS', { counter_lo: 1, counter_hi: 0 }],
  [
    'gfx8',
    [H(0x33, 3), 0x1000, 0, 0x10],
    'INDIRECT_BUFFER_CONST',
    {
      ib_base: 0x1000,
      ib_size: 0x10,
      chain: 0,
      offload_polling: 0,
      valid: 0,
      vmid: 0,
      cache_policy: 0,
      priv: 0,
    },
  ],
  // ALLOC_GDS, WRITE_GDS_RAM.
  ['gfx6', [H(0x1b, 1), 0x100], 'ALLOC_GDS', { segment_size: 0x100 }],
  ['gfx6', [H(0x1c, 3), 0x10, 5, 6], 'WRITE_GDS_RAM', { gds_index: 0x10 }, [5, 6]],
  // LOAD_SH_REG (SI 0x61): base lo [31:2], hi [15:0], then (reg_offset, num_dwords) pairs.
  ['gfx6', [H(0x61, 4), 0x1000, 0x1, 0x212, 2], 'LOAD_SH_REG', { base_addr: 0x1_0000_1000 }, [0x212, 2]],
  ['gfx9', [H(0x5f, 4), 0x1000, 0x1, 0x212, 2], 'LOAD_SH_REG', { base_addr: 0x1_0000_1000 }, [0x212, 2]],
  // LOAD_CONFIG_REG: WAIT_FOR_IDLE [31] of the high address dword.
  [
    'gfx6',
    [H(0x5f, 2), 0x1000, 0x80000001],
    'LOAD_CONFIG_REG',
    { base_addr: 0x1_0000_1000, wait_for_idle: 1 },
  ],
  ['gfx6', [H(0x12, 1), 0], 'CLEAR_STATE', { dummy: 0 }],
  [
    'gfx6',
    [H(0x28, 2), 0x81000001, 0x80000002],
    'CONTEXT_CONTROL',
    {
      load_single_context_regs: 1,
      load_multi_context_regs: 0,
      load_gfx_sh_regs: 0,
      load_cs_sh_regs: 1,
      load_dw_enable: 1,
      shadow_single_context_regs: 0,
      shadow_multi_context_regs: 1,
      shadow_gfx_sh_regs: 0,
      shadow_cs_sh_regs: 0,
      shadow_dw_enable: 1,
    },
  ],
  ['gfx6', [H(0x11, 3), 2, 0x40, 0x80], 'SET_BASE', { base_index: 2, address0: 0x40, address1: 0x80 }],
  // COND_WRITE: WRITE_SPACE [8], POLL_SPACE [4], FUNCTION; poll address; reference; mask; write address; data.
  [
    'gfx6',
    [H(0x45, 8), 0x113, 0x1000, 0, 1, 0xff, 0x2000, 0, 9],
    'COND_WRITE',
    {
      function: 3,
      poll_space: 1,
      write_space: 1,
      poll_address: 0x1000,
      reference: 1,
      mask: 0xff,
      write_address: 0x2000,
      write_data: 9,
    },
  ],
  // Graphics packets.
  ['gfx6', [H(0x2d, 2), 3, 2], 'DRAW_INDEX_AUTO', { index_count: 3, draw_initiator: 2 }],
  [
    'gfx6',
    [H(0x27, 5), 9, 0x1002, 0, 3, 0],
    'DRAW_INDEX_2',
    { max_size: 9, index_base: 0x1002, index_count: 3, draw_initiator: 0 },
  ],
  ['gfx6', [H(0x2a, 1), 0xd], 'INDEX_TYPE', { index_type: 1, swap_mode: 3 }],
  [
    'gfx6',
    [H(0x30, 3), 1, 2, 0x00630004],
    'DRAW_INDEX_MULTI_AUTO',
    { prim_count: 1, draw_initiator: 2, index_offset: 4, prim_type: 3, index_count: 3 },
  ],
  ['gfx6', [H(0x1f, 4), 0x1010, 0, 0x2004, 0], 'OCCLUSION_QUERY', { start_addr: 0x1010, query_addr: 0x2004 }],
  [
    'gfx6',
    [H(0x34, 5), 0x305, 0x100, 0, 7, 0],
    'STRMOUT_BUFFER_UPDATE',
    {
      update_memory: 1,
      source_select: 2,
      buffer_select: 3,
      dst_address: 0x100,
      buffer_offset: 7,
      src_address_hi: 0,
    },
  ],
  [
    'gfx6',
    [H(0x44, 6), 1, 0, 7, 0x10001, 0x1001, 0x80000010],
    'ME_INITIALIZE',
    {
      default_reset_control: 1,
      reserved: 0,
      max_context: 7,
      external_mem_swap: 1,
      dev_id: 1,
      header_dump_swap: 1,
      header_dump_base: 0x100,
      header_dump_size: 0x10,
      header_dump_enable: 1,
    },
  ],
  // DMA_DATA (gfx9): CP_SYNC [31] | SRC_SEL [30:29]=2 (data) | DST_SEL [21:20]=0; src data; dst address;
  // BYTE_COUNT [25:0] on gfx9.
  [
    'gfx9',
    [H(0x50, 6), 0xc0000000, 0xabcd, 0, 0x3000, 0, 0x2000000],
    'DMA_DATA',
    {
      engine: 0,
      src_cache_policy: 0,
      dst_sel: 0,
      dst_cache_policy: 0,
      src_sel: 2,
      cp_sync: 1,
      src_addr: 0xabcd,
      dst_addr: 0x3000,
      byte_count: 0x2000000,
      sas: 0,
      das: 0,
      saic: 0,
      daic: 0,
      raw_wait: 0,
    },
  ],
  ['gfx9', [H(0x79, 2), 0x40, 5], 'SET_UCONFIG_REG', { reg_offset: 0x40, index: 0 }, [5]],
  ['gfx9', [H(0x9b, 2), 0x20000215, 3], 'SET_SH_REG_INDEX', { reg_offset: 0x215, index: 2 }, [3]],
  // Register writes: SET_CONFIG_REG from 0x2000 (SCRATCH_REG0 is 0x2140 on SI), SET_CONTEXT_REG from
  // 0xa000, SET_SH_REG from 0x2c00; SET_CONTEXT_REG_INDIRECT's data are patch-table offsets.
  ['gfx6', [H(0x68, 2), 0x140, 9], 'SET_CONFIG_REG', { reg_offset: 0x140 }, [9]],
  ['gfx6', [H(0x69, 3), 0x2a4, 1, 2], 'SET_CONTEXT_REG', { reg_offset: 0x2a4 }, [1, 2]],
  ['gfx6', [H(0x76, 2), 0x240, 0x1000], 'SET_SH_REG', { reg_offset: 0x240 }, [0x1000]],
  ['gfx6', [H(0x73, 3), 0x10, 0x20, 0x21], 'SET_CONTEXT_REG_INDIRECT', { reg_offset: 0x10 }, [0x20, 0x21]],
  ['gfx9', [H(0x7a, 2), 0x20000040, 3], 'SET_UCONFIG_REG_INDEX', { reg_offset: 0x40, index: 2 }, [3]],
  ['gfx6', [H(0x60, 4), 0x2000, 0x3, 0x10, 4], 'LOAD_CONTEXT_REG', { base_addr: 0x3_0000_2000 }, [0x10, 4]],
  // Dummy-dword packets.
  ['gfx6', [H(0x85, 1), 0], 'INCREMENT_DE_COUNTER', { dummy: 0 }],
  ['gfx6', [H(0x86, 1), 0], 'WAIT_ON_CE_COUNTER', { dummy: 0 }],
  ['gfx6', [H(0x8a, 1), 0], 'WAIT_ON_AVAIL_BUFFER', { dummy: 0 }],
  ['gfx6', [H(0x42, 1), 0], 'PFP_SYNC_ME', { dummy: 0 }],
  ['gfx6', [H(0x82, 2), 0x80, 0x11], 'WRITE_CONST_RAM_OFFSET', { offset: 0x80 }, [0x11]],
  // PREAMBLE_CNTL [31:28]: 2 BEGIN_CLEAR_STATE (Linux sid.h).
  ['gfx6', [H(0x4a, 1), 0x20000000], 'PREAMBLE_CNTL', { command: 2 }],
  // The ring table's packets without a layout in the seed: the body as data.
  ['gfx6', [H(0x3b, 2), 1, 2], 'COPY_DW', {}, [1, 2]],
  ['gfx6', [H(0x3d, 4), 1, 2, 3, 4], 'MEM_WRITE', {}, [1, 2, 3, 4]],
  ['gfx6', [H(0x7a, 1), 5], 'ME_WRITE', {}, [5]],
  ['gfx6', [H(0x7f, 1), 6], 'CE_WRITE', {}, [6]],
  ['gfx6', [H(0x57, 2), 7, 8], 'ONE_REG_WRITE', {}, [7, 8]],
  // Draw packets (graphics-only: decoded, printed).
  [
    'gfx6',
    [H(0x2e, 4), 3, 2, 0x00010000, 0x2],
    'DRAW_INDEX_IMMD',
    { index_count: 3, draw_initiator: 2 },
    [0x10000, 2],
  ],
  [
    'gfx6',
    [H(0x25, 3), 0x20, 0x4, 1],
    'DRAW_INDEX_INDIRECT',
    { data_offset: 0x20, base_vtx_loc: 4, draw_initiator: 1 },
  ],
  [
    'gfx6',
    [H(0x24, 4), 0x20, 0x4, 0x5, 1],
    'DRAW_INDIRECT',
    { data_offset: 0x20, base_vtx_loc: 4, start_inst_loc: 5, draw_initiator: 1 },
  ],
  [
    'gfx6',
    [H(0x35, 4), 9, 1, 3, 0],
    'DRAW_INDEX_OFFSET_2',
    { max_size: 9, index_offset: 1, index_count: 3, draw_initiator: 0 },
  ],
  ['gfx6', [H(0x26, 2), 0x1000, 0x2], 'INDEX_BASE', { index_base: 0x2_0000_1000 }],
  ['gfx6', [H(0x13, 1), 96], 'INDEX_BUFFER_SIZE', { index_buffer_size: 96 }],
  ['gfx6', [H(0x2f, 1), 4], 'NUM_INSTANCES', { num_instances: 4 }],
  ['gfx6', [H(0x3a, 3), 6, 0, 0x10], 'MPEG_INDEX', { num_indices: 6, draw_initiator: 0 }, [0x10]],
  // gfx7+ / gfx9 layouts of seed packets.
  // ATOMIC_MEM (gfx9): CACHE_POLICY [26:25] beside the seed's OP/CMD.
  [
    'gfx9',
    [H(0x1e, 8), 0x02000108, 0x100, 0x1, 1, 0, 0, 0, 0],
    'ATOMIC_MEM',
    {
      op: 8,
      cmd: 1,
      cache_policy: 1,
      addr: 0x1_0000_0100,
      src_data_lo: 1,
      src_data_hi: 0,
      cmp_data_lo: 0,
      cmp_data_hi: 0,
      loop_interval: 0,
    },
  ],
  // WAIT_REG_MEM (gfx7): OPERATION [7:6]; (gfx9) MEM_SPACE [5:4], CACHE_POLICY, 32-bit high address.
  [
    'gfx7',
    [H(0x3c, 6), 0x53, 0x100, 0, 1, 1, 4],
    'WAIT_REG_MEM',
    {
      function: 3,
      mem_space: 1,
      operation: 1,
      engine: 0,
      poll_address: 0x100,
      reference: 1,
      mask: 1,
      poll_interval: 4,
    },
  ],
  [
    'gfx9',
    [H(0x3c, 6), 0x02000115, 0x100, 0x10000, 1, 1, 0x80000004],
    'WAIT_REG_MEM',
    {
      function: 5,
      mem_space: 1,
      operation: 0,
      engine: 1,
      cache_policy: 1,
      poll_address: 0x10000_0000_0100,
      reference: 1,
      mask: 1,
      poll_interval: 4,
      optimize_ace_offload_mode: 1,
    },
  ],
  // COPY_DATA (gfx9): SRC_SEL 9 (GPU clock), DST_SEL 5, SRC/DST_CACHE_POLICY, PQ_EXE_STATUS.
  [
    'gfx9',
    [H(0x40, 5), 0x22112509, 0, 0, 0x3000, 0],
    'COPY_DATA',
    {
      src_sel: 9,
      dst_sel: 5,
      src_cache_policy: 1,
      count_sel: 1,
      wr_confirm: 1,
      dst_cache_policy: 1,
      pq_exe_status: 1,
      engine_sel: 0,
      src_addr: 0,
      dst_addr: 0x3000,
    },
  ],
  // EVENT_WRITE (gfx9): OFFLOAD_ENABLE [31], SAMP_PLST_CNTR_MODE [30:29], 32-bit high address.
  [
    'gfx9',
    [H(0x46, 3), 0xa0000207, 0x1008, 0x10000],
    'EVENT_WRITE',
    {
      event_type: 7,
      event_index: 2,
      inv_l2: 0,
      samp_plst_cntr_mode: 1,
      offload_enable: 1,
      address: 0x10000_0000_1008,
    },
  ],
  // EVENT_WRITE_EOP (gfx7): the EOP cache actions TC_ACTION_EN [17], TCL1_ACTION_EN [16].
  [
    'gfx7',
    [H(0x47, 5), 0x30514, 0x2000, 0x20000000, 1, 0],
    'EVENT_WRITE_EOP',
    {
      event_type: 0x14,
      event_index: 5,
      tcl1_vol_action_en: 0,
      tc_vol_action_en: 0,
      tc_wb_action_en: 0,
      tcl1_action_en: 1,
      tc_action_en: 1,
      inv_l2: 0,
      address: 0x2000,
      int_sel: 0,
      data_sel: 1,
      data_lo: 1,
      data_hi: 0,
    },
  ],
  // SET_PREDICATION (gfx9): the control dword first, then the address.
  [
    'gfx9',
    [H(0x20, 3), 0x00030000, 0x1230, 0x1],
    'SET_PREDICATION',
    {
      predication_boolean: 0,
      hint: 0,
      pred_op: 3,
      continue: 0,
      start_addr: 0x1_0000_1230,
    },
  ],
  // DMA_DATA (gfx7): BYTE_COUNT [20:0].
  [
    'gfx7',
    [H(0x50, 6), 0x0, 0x1000, 0, 0x2000, 0, 0x0c000100],
    'DMA_DATA',
    {
      engine: 0,
      src_cache_policy: 0,
      dst_sel: 0,
      dst_cache_policy: 0,
      src_sel: 0,
      cp_sync: 0,
      src_addr: 0x1000,
      dst_addr: 0x2000,
      byte_count: 0x100,
      sas: 1,
      das: 1,
      saic: 0,
      daic: 0,
      raw_wait: 0,
    },
  ],
];

test('each packet decodes to the fields its seed 004 / Linux header layout gives (hand-written words)', () => {
  for (const [gen, words, name, fields, data = []] of CASES) {
    const p = one(Uint32Array.from(words), gen);
    const what = `${name} on ${gen}`;
    assert.equal(p.name, name, what);
    assert.equal(p.problem, undefined, what);
    assert.deepEqual({ ...p.fields }, fields, what);
    assert.deepEqual([...p.data], data, what);
  }
  // Every packet of the table has a hand-written case.
  const covered = new Set(CASES.map((c) => c[2]));
  assert.deepEqual(
    OPCODES.map((e) => e.name).filter((n) => !covered.has(n)),
    [],
  );
});

test('docs/pm4.md has a row for every packet of the opcode table', async () => {
  const { readFileSync } = await import('node:fs');
  const md = readFileSync(new URL('../docs/pm4.md', import.meta.url), 'utf8');
  for (const e of OPCODES) assert.ok(md.includes(`| ${e.name} | `), e.name);
});
