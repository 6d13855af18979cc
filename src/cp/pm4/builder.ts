// A typed PM4 stream writer: one method per packet, each laying out its body through encodePacket and
// the same field tables the decoder reads. Methods take the fields by their decoded names (enum values
// by number or by name, 64-bit addresses whole) and return the builder; finish() gives the words.
//
//   const ib = new Pm4Builder('gfx9', { compute: true })
//     .setShReg('COMPUTE_PGM_LO', [0x1000 >> 8, 0])
//     .dispatchDirect(4, 1, 1)
//     .releaseMem({ event_type: 'BOTTOM_OF_PIPE_TS', event_index: 'EOP', data_sel: 'SEND_32BIT_LOW',
//                   int_sel: 'SEND_DATA_AFTER_WRITE_CONFIRM', address: 0x200000, data_lo: 1 })
//     .finish();
import type { Generation } from '../../isa/processors.js';
import { encodePacket, type FieldValues, type PacketOptions } from './encode.js';
import { PM4_TYPE2_HEADER, type0Header, type3Header } from './header.js';
import {
  CONFIG_REG_BASE,
  CONTEXT_REG_BASE,
  registerOffset,
  SH_REG_BASE,
  UCONFIG_REG_BASE,
} from './registers.js';

export type { FieldValues } from './encode.js';

type Data = ArrayLike<number>;

/** The register space a SET_*_REG packet writes: [base, end) in dwords (soc15d.h *_START/_END). */
const SPACES = {
  SET_CONFIG_REG: [CONFIG_REG_BASE, 0x2c00],
  SET_SH_REG: [SH_REG_BASE, 0x3000],
  SET_SH_REG_INDEX: [SH_REG_BASE, 0x3000],
  SET_CONTEXT_REG: [CONTEXT_REG_BASE, 0xa400],
  SET_UCONFIG_REG: [UCONFIG_REG_BASE, 0xc400],
  SET_UCONFIG_REG_INDEX: [UCONFIG_REG_BASE, 0xc400],
} as const;

export class Pm4Builder {
  private readonly out: number[] = [];
  private readonly shaderType: number;

  /**
   * `compute`: set SHADER_TYPE (header bit 1) on every packet, as drivers do on compute queues
   * (Linux PACKET3_COMPUTE); dispatches set it regardless (seed 004 2.6).
   */
  constructor(
    readonly gen: Generation,
    opts: { compute?: boolean } = {},
  ) {
    this.shaderType = opts.compute ? 1 : 0;
  }

  /** Dwords written so far: the offset the next packet starts at. */
  get length(): number {
    return this.out.length;
  }

  /** The stream. */
  finish(): Uint32Array {
    return Uint32Array.from(this.out);
  }

  /** Overwrites dword `at` (a COND_EXEC/PRED_EXEC count known only later, an IB size). */
  patch(at: number, value: number): this {
    if (!Number.isInteger(at) || at < 0 || at >= this.out.length)
      throw new RangeError(`patch at dword ${at}: the stream has ${this.out.length}`);
    this.out[at] = value >>> 0;
    return this;
  }

  /** Any type-3 packet by name, with its fields and variable-length data. */
  packet(name: string, fields: FieldValues = {}, data: Data = [], opts: PacketOptions = {}): this {
    const words = encodePacket(this.gen, name, fields, data, { shaderType: this.shaderType, ...opts });
    for (const w of words) this.out.push(w);
    return this;
  }

  /** Raw words (a body the tables do not describe, a deliberately malformed stream for a test). */
  raw(words: Data): this {
    for (let i = 0; i < words.length; i++) this.out.push(words[i] >>> 0);
    return this;
  }

  /** A type-0 packet: `values` to consecutive registers from `reg` (a name or a dword offset). */
  type0(reg: string | number, values: Data): this {
    this.out.push(type0Header(registerOffset(reg, this.gen), values.length));
    return this.raw(values);
  }

  /** A one-dword filler: a type-2 packet on SI, NOP with COUNT 0x3FFF from CIK on (amdgpu's padding). */
  pad(): this {
    this.out.push(this.gen === 'gfx6' ? PM4_TYPE2_HEADER : type3Header(0x10, 0x4000));
    return this;
  }

  type2(): this {
    this.out.push(PM4_TYPE2_HEADER);
    return this;
  }

  /** NOP with a payload (its words, or that many zero words; at least one). */
  nop(payload: Data | number = 1): this {
    const data = typeof payload === 'number' ? new Array<number>(payload).fill(0) : payload;
    return this.packet('NOP', {}, data);
  }

  private setReg(packet: keyof typeof SPACES, reg: string | number, values: Data, index?: number): this {
    const [base, end] = SPACES[packet];
    const at = registerOffset(reg, this.gen);
    if (at < base || at + values.length > end) {
      throw new RangeError(
        `${packet}: registers 0x${at.toString(16)}..0x${(at + values.length - 1).toString(16)} are outside 0x${base.toString(16)}..0x${(end - 1).toString(16)}`,
      );
    }
    if (values.length === 0) throw new RangeError(`${packet}: no values`);
    return this.packet(
      packet,
      index === undefined ? { reg_offset: at - base } : { reg_offset: at - base, index },
      values,
    );
  }

  setShReg(reg: string | number, values: Data | number): this {
    return this.setReg('SET_SH_REG', reg, typeof values === 'number' ? [values] : values);
  }
  setShRegIndex(reg: string | number, index: number, values: Data): this {
    return this.setReg('SET_SH_REG_INDEX', reg, values, index);
  }
  setConfigReg(reg: string | number, values: Data | number): this {
    return this.setReg('SET_CONFIG_REG', reg, typeof values === 'number' ? [values] : values);
  }
  setContextReg(reg: string | number, values: Data | number): this {
    return this.setReg('SET_CONTEXT_REG', reg, typeof values === 'number' ? [values] : values);
  }
  setUconfigReg(reg: string | number, values: Data | number): this {
    return this.setReg('SET_UCONFIG_REG', reg, typeof values === 'number' ? [values] : values);
  }
  setUconfigRegIndex(reg: string | number, index: number, values: Data): this {
    return this.setReg('SET_UCONFIG_REG_INDEX', reg, values, index);
  }

  /** DISPATCH_DIRECT; the initiator defaults to COMPUTE_SHADER_EN. */
  dispatchDirect(x: number, y: number, z: number, initiator = 1): this {
    return this.packet(
      'DISPATCH_DIRECT',
      { dim_x: x, dim_y: y, dim_z: z, dispatch_initiator: initiator },
      [],
      {
        shaderType: 1,
      },
    );
  }
  /** DISPATCH_INDIRECT: { addr } (compute queues, gfx7+) or { data_offset } (from SET_BASE's base). */
  dispatchIndirect(where: { addr: number } | { data_offset: number }, initiator = 1): this {
    return this.packet('DISPATCH_INDIRECT', { ...where, dispatch_initiator: initiator }, [], {
      shaderType: 1,
    });
  }

  indirectBuffer(f: FieldValues): this {
    return this.packet('INDIRECT_BUFFER', f);
  }
  indirectBufferConst(f: FieldValues): this {
    return this.packet('INDIRECT_BUFFER_CONST', f);
  }
  writeData(f: FieldValues, data: Data): this {
    return this.packet('WRITE_DATA', f, data);
  }
  copyData(f: FieldValues): this {
    return this.packet('COPY_DATA', f);
  }
  dmaData(f: FieldValues): this {
    return this.packet('DMA_DATA', f);
  }
  releaseMem(f: FieldValues): this {
    return this.packet('RELEASE_MEM', f);
  }
  acquireMem(f: FieldValues): this {
    return this.packet('ACQUIRE_MEM', f);
  }
  surfaceSync(f: FieldValues): this {
    return this.packet('SURFACE_SYNC', f);
  }
  eventWrite(f: FieldValues): this {
    return this.packet('EVENT_WRITE', f);
  }
  eventWriteEop(f: FieldValues): this {
    return this.packet('EVENT_WRITE_EOP', f);
  }
  eventWriteEos(f: FieldValues): this {
    return this.packet('EVENT_WRITE_EOS', f);
  }
  waitRegMem(f: FieldValues): this {
    return this.packet('WAIT_REG_MEM', f);
  }
  condWrite(f: FieldValues): this {
    return this.packet('COND_WRITE', f);
  }
  condExec(f: FieldValues): this {
    return this.packet('COND_EXEC', f);
  }
  predExec(f: FieldValues): this {
    return this.packet('PRED_EXEC', f);
  }
  setPredication(f: FieldValues): this {
    return this.packet('SET_PREDICATION', f);
  }
  memSemaphore(f: FieldValues): this {
    return this.packet('MEM_SEMAPHORE', f);
  }
  /** ATOMIC (SI) / ATOMIC_MEM (CIK+): the same packet. */
  atomicMem(f: FieldValues): this {
    return this.packet(this.gen === 'gfx6' ? 'ATOMIC' : 'ATOMIC_MEM', f);
  }
  atomicGds(f: FieldValues): this {
    return this.packet('ATOMIC_GDS', f);
  }
  writeConstRam(offset: number, data: Data): this {
    return this.packet('WRITE_CONST_RAM', { offset }, data);
  }
  loadConstRam(f: FieldValues): this {
    return this.packet('LOAD_CONST_RAM', f);
  }
  dumpConstRam(f: FieldValues): this {
    return this.packet('DUMP_CONST_RAM', f);
  }
  incrementCeCounter(): this {
    return this.packet('INCREMENT_CE_COUNTER');
  }
  incrementDeCounter(): this {
    return this.packet('INCREMENT_DE_COUNTER');
  }
  waitOnCeCounter(): this {
    return this.packet('WAIT_ON_CE_COUNTER');
  }
  waitOnDeCounter(counter: number): this {
    return this.packet('WAIT_ON_DE_COUNTER', {
      counter_lo: counter >>> 0,
      counter_hi: Math.floor(counter / 2 ** 32),
    });
  }
  waitOnDeCounterDiff(diff: number): this {
    return this.packet('WAIT_ON_DE_COUNTER_DIFF', { diff });
  }
  setCeDeCounters(counter: number): this {
    return this.packet('SET_CE_DE_COUNTERS', {
      counter_lo: counter >>> 0,
      counter_hi: Math.floor(counter / 2 ** 32),
    });
  }
  allocGds(segmentSize: number): this {
    return this.packet('ALLOC_GDS', { segment_size: segmentSize });
  }
  writeGdsRam(gdsIndex: number, data: Data): this {
    return this.packet('WRITE_GDS_RAM', { gds_index: gdsIndex }, data);
  }
  clearState(): this {
    return this.packet('CLEAR_STATE');
  }
  pfpSyncMe(): this {
    return this.packet('PFP_SYNC_ME');
  }
  contextControl(f: FieldValues): this {
    return this.packet('CONTEXT_CONTROL', f);
  }
  setBase(f: FieldValues): this {
    return this.packet('SET_BASE', f);
  }
  /** LOAD_SH_REG: the base address, then (reg_offset, num_dwords) pairs. */
  loadShReg(baseAddr: number, pairs: readonly (readonly [number, number])[] = []): this {
    return this.packet('LOAD_SH_REG', { base_addr: baseAddr }, pairs.flat());
  }
  loadConfigReg(baseAddr: number, pairs: readonly (readonly [number, number])[] = []): this {
    return this.packet('LOAD_CONFIG_REG', { base_addr: baseAddr }, pairs.flat());
  }
  loadContextReg(baseAddr: number, pairs: readonly (readonly [number, number])[] = []): this {
    return this.packet('LOAD_CONTEXT_REG', { base_addr: baseAddr }, pairs.flat());
  }
}
