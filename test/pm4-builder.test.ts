// The builder writes through the decoder's field tables: every packet on every generation, built with
// random field values, decodes back to the same fields and data; the typed methods write what the seed
// 004 layouts say (checked against hand-written words); bad values are refused with the field's name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Pm4Builder } from '../src/cp/pm4/builder.js';
import { decodePacket, decodeStream } from '../src/cp/pm4/decode.js';
import { encodePacket } from '../src/cp/pm4/encode.js';
import { mask } from '../src/cp/pm4/layout.js';
import { opcodeTable } from '../src/cp/pm4/opcodes.js';
import { layoutOf } from '../src/cp/pm4/packets.js';
import { GENERATIONS } from '../src/isa/processors.js';
import { xorshift32 as rng } from './helpers/xorshift.js';

test('every packet on every generation: build with random fields -> decode -> the same fields and data', () => {
  const r = rng(7);
  let checked = 0;
  for (const g of GENERATIONS) {
    for (const op of opcodeTable(g)) {
      if (op === undefined) continue;
      const l = layoutOf(op.name, g)!;
      for (let iter = 0; iter < 20; iter++) {
        const fields: Record<string, number> = {};
        for (const f of l.fields) {
          if (f.kind === 'bits') {
            if (!f.view) fields[f.name] = (r() & mask(f.width)) >>> 0;
          } else {
            const hi = r() % (f.hiWidth >= 21 ? 2 ** 21 : 2 ** f.hiWidth);
            const lo = (r() & ~mask(f.loShift)) >>> 0;
            fields[f.name] = hi * 2 ** 32 + (f.loShift ? lo : lo >>> 0);
          }
        }
        // Bit fields sharing an address's dword must not overlap it: the tables say which bits are whose.
        const data: number[] = l.tail
          ? Array.from({ length: (r() % 4) + (l.fixedDwords === 0 ? 1 : 0) }, () => r())
          : [];
        if (l.tail === 'regs') fields.reg_offset &= 0xff;
        const words: Uint32Array = Uint32Array.from(encodePacket(g, op.name, fields, data));
        const p = decodePacket(words, 0, words.length, g);
        assert.equal(p.name, op.name);
        assert.equal(p.size, words.length);
        const got: Record<string, number> = {};
        for (const f of p.layout!.fields) if (!(f.kind === 'bits' && f.view)) got[f.name] = p.fields[f.name];
        assert.deepEqual(got, fields, `${op.name} on ${g}`);
        assert.deepEqual([...p.data], data, `${op.name} on ${g} data`);
        checked++;
      }
    }
  }
  assert.ok(checked > 1000);
});

test('no two fields of a layout share a bit (else the builder could not round-trip them)', () => {
  for (const g of GENERATIONS) {
    for (const op of opcodeTable(g)) {
      if (op === undefined) continue;
      const used = new Map<number, number>();
      for (const f of layoutOf(op.name, g)!.fields) {
        const spans: [number, number, number][] =
          f.kind === 'bits'
            ? f.view
              ? []
              : [[f.dw, f.lo, f.width]]
            : [
                [f.dw, f.loShift, 32 - f.loShift],
                [f.hiDw, f.hiLo, f.hiWidth],
              ];
        for (const [dw, lo, width] of spans) {
          const m = (mask(width) * 2 ** lo) % 2 ** 32;
          const prev = used.get(dw) ?? 0;
          assert.equal((prev & m) >>> 0, 0, `${op.name} on ${g}: ${f.name} overlaps in body dword ${dw}`);
          used.set(dw, (prev | m) >>> 0);
        }
      }
    }
  }
});

test('typed methods write the seed layouts (hand-written words)', () => {
  const s = new Pm4Builder('gfx9', { compute: true })
    .setShReg('COMPUTE_PGM_LO', [0x10, 0])
    .dispatchDirect(4, 2, 1)
    .waitRegMem({
      function: '==',
      mem_space: 'memory',
      poll_address: 0x200000,
      reference: 1,
      mask: 0xffffffff,
      poll_interval: 4,
    })
    .releaseMem({
      event_type: 'BOTTOM_OF_PIPE_TS',
      event_index: 'EOP',
      data_sel: 'SEND_32BIT_LOW',
      int_sel: 'SEND_DATA_AFTER_WRITE_CONFIRM',
      address: 0x300000,
      data_lo: 7,
    })
    .writeData({ dst_sel: 'MEMORY', dst_addr: 0x400000, wr_confirm: 1 }, [1, 2])
    .pad()
    .finish();
  assert.deepEqual(
    [...s],
    [
      0xc0027602,
      0x20c,
      0x10,
      0, // SET_SH_REG, compute: offset 0x20c (0x2e0c - 0x2c00)
      0xc0031502,
      4,
      2,
      1,
      1, // DISPATCH_DIRECT
      0xc0053c02,
      0x13,
      0x200000,
      0,
      1,
      0xffffffff,
      4, // WAIT_REG_MEM: mem_space 1 [5:4], function 3
      0xc0064902,
      0x528,
      0x23000000,
      0x300000,
      0,
      7,
      0,
      0, // RELEASE_MEM
      0xc0043702,
      0x00100500,
      0x400000,
      0,
      1,
      2, // WRITE_DATA: wr_confirm [20], dst_sel 5 [11:8]
      0xffff1000, // pad: NOP COUNT 0x3FFF
    ],
  );
  assert.equal(decodeStream(s, { gen: 'gfx9' }).packets.length, 6);
  // SI: INDIRECT_BUFFER is 0x32, a type-2 pad.
  const si = new Pm4Builder('gfx6').indirectBuffer({ ib_base: 0x1000, ib_size: 8, vmid: 1 }).pad().finish();
  assert.deepEqual([...si], [0xc0023200, 0x1000, 0, 0x01000008, 0x80000000]);
  // Type 0 by register name; LOAD_SH_REG pairs; the CE/DE counters.
  const t0 = new Pm4Builder('gfx6')
    .type0('COMPUTE_PGM_RSRC1', [1, 2])
    .loadShReg(0x1000, [[0x212, 2]])
    .waitOnDeCounter(3)
    .finish();
  assert.deepEqual([...t0], [0x00012e12, 1, 2, 0xc0036100, 0x1000, 0, 0x212, 2, 0xc0018700, 3, 0]);
});

test('bad builder input: unknown field, value too wide, misaligned address, register outside the space', () => {
  const b = new Pm4Builder('gfx9');
  assert.throws(
    () => b.waitRegMem({ func: 3 }),
    /WAIT_REG_MEM on gfx9 has no field 'func' \(fields: function, mem_space, operation, engine, /,
  );
  assert.throws(() => b.waitRegMem({ function: 8 }), /WAIT_REG_MEM.function: 8 does not fit in 3 bits/);
  assert.throws(
    () => b.waitRegMem({ function: '=<' }),
    /'=<' is not one of 'always', '<', '<=', '==', '!=', '>=', '>'/,
  );
  assert.throws(
    () => b.indirectBuffer({ ib_base: 0x1002 }),
    /INDIRECT_BUFFER.ib_base: 0x1002 is not 4-byte aligned/,
  );
  assert.throws(
    () => b.setShReg('GRBM_GFX_INDEX', 1),
    /SET_SH_REG: registers 0xc200..0xc200 are outside 0x2c00..0x2fff/,
  );
  assert.throws(() => b.setShReg('NO_SUCH_REG', 1), /no register NO_SUCH_REG on gfx9/);
  assert.throws(() => new Pm4Builder('gfx9').eventWriteEop({}), /no packet EVENT_WRITE_EOP on gfx9/);
  assert.throws(() => new Pm4Builder('gfx6').releaseMem({}), /no packet RELEASE_MEM on gfx6/);
  assert.throws(() => b.eventWriteEos({ gds_index: 1 }), /no packet EVENT_WRITE_EOS on gfx9/);
  assert.throws(
    () => new Pm4Builder('gfx8').eventWriteEos({ gds_index: 1 }),
    /EVENT_WRITE_EOS.gds_index reads bits of another field: set that one/,
  );
  assert.equal(b.length, 0);
});
