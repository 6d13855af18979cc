// Issue 12: the emulator decodes each instruction word once. The codec's pass fills the Inst
// (DecodeOutput.into) and the emulator works from those fields. For VOP1/VOP2/VOPC (with SDWA and DPP),
// VOP3A/VOP3B, VOP3P, FLAT/GLOBAL/SCRATCH, EXP and VINTRP the emulator has no word decoder at all (binders
// only); the scalar and the other memory formats keep theirs for Insts the codec did not fill (gcnkit isa's
// synthetic words) but skip them in a Program. Checked two ways: the registry and the sources, and a
// counting view of the words: a Program reads each word exactly as often as the codec does (plus one read
// of the first dword: the format lookup by its high bits), in every format.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { decodeAt, formatOf, generationOf } from '../src/codec/disasm.js';
import type { DecodeOutput } from '../src/codec/types.js';
import { ElfFile } from '../src/elf/reader.js';
import { Program } from '../src/emu/program.js';
import { binderFor, decoderFor } from '../src/emu/registry.js';
import type { Target } from '../src/isa/targets.js';

const ONCE = ['vop1', 'vop2', 'vopc', 'vop3', 'vop3p', 'flat', 'exp', 'vintrp'];
/** The formats among them that execute (EXP and VINTRP are graphics: refused by name). */
const EXECUTED = ['vop1', 'vop2', 'vopc', 'vop3', 'vop3p', 'flat'];

test('the emulator has no word decoder for the VALU, FLAT, EXP and VINTRP formats, only binders', () => {
  for (const f of ONCE) assert.equal(decoderFor(f), undefined, `${f} has an emulator decoder of its own`);
  for (const f of EXECUTED) assert.notEqual(binderFor(f), undefined, `${f} has no binder`);
  for (const f of ['exp', 'vintrp']) assert.equal(binderFor(f), undefined);
});

/** Every .ts file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

test('no emulator source looks up a VALU or FLAT opcode (the op row comes from the codec)', () => {
  // The opcode tables of these families: a lookup in them is a decoder of the words.
  const lookup = /\b(vopTables|vop3Table|flatTable)\(|\bPACKED_OPS\b/;
  for (const f of sources(join(import.meta.dirname, '..', 'src', 'emu'))) {
    const hit = readFileSync(f, 'utf8')
      .split('\n')
      .find((l) => lookup.test(l) && !l.trimStart().startsWith('//'));
    assert.equal(hit, undefined, `${f}: ${hit}`);
  }
});

/** A view of `words` that counts the reads of each index; `touched` lists the indices read since the
 * last `clear()` (so that a check per instruction costs what it reads, not the kernel's length). */
function counting(words: Uint32Array): {
  view: Uint32Array;
  reads: Int32Array;
  touched: number[];
  clear(): void;
} {
  const reads = new Int32Array(words.length);
  const touched: number[] = [];
  const view = new Proxy(words, {
    get(t, k) {
      if (typeof k === 'string' && /^\d+$/.test(k)) {
        const i = Number(k);
        if (reads[i]++ === 0) touched.push(i);
      }
      const v = Reflect.get(t, k, t);
      return typeof v === 'function' ? v.bind(t) : v;
    },
  });
  const clear = () => {
    for (const i of touched) reads[i] = 0;
    touched.length = 0;
  };
  return { view, reads, touched, clear };
}

const OUT = (): DecodeOutput => ({ size: 0, text: '', branchOffset: Number.NaN });

/**
 * Decodes every instruction of `words` through a Program whose image is a counting view, and through the
 * codec alone over another; for each instruction of the ONCE formats, the Program must read its words as
 * often as the codec does, and its first dword once more (the format lookup)..
 */
function checkReads(words: Uint32Array, target: Target, what: string, seen: Set<string>): void {
  const p = new Program(new Uint8Array(words.buffer, words.byteOffset, words.byteLength), 0, target);
  const prog = counting(words);
  // A test-only hook: the Program's copy of the image replaced by the counting view.
  Object.assign(p as unknown as Record<string, unknown>, {
    words: prog.view,
    input: { words: prog.view, n: words.length, target },
  });
  const codec = counting(words);
  const inp = { words: codec.view, n: words.length, target };
  const out = OUT();
  const gen = generationOf(target);
  for (let k = 0; k < words.length; ) {
    const fmt = formatOf(words[k], gen);
    prog.clear();
    codec.clear();
    decodeAt(inp, k, out);
    const size = out.size;
    const i = p.inst(k * 4);
    if (fmt !== null && !out.text.startsWith('.long')) {
      seen.add(fmt + (i.sdwa ? '-sdwa' : i.dpp ? '-dpp' : ''));
      const where = `${what} ${target} dword ${k}: ${out.text}`;
      assert.equal(prog.reads[k], codec.reads[k] + 1, `${where}: the first dword is read again`);
      // Untouched words were read by neither: 0 = 0.
      for (const j of new Set([...prog.touched, ...codec.touched]))
        if (j !== k) assert.equal(prog.reads[j], codec.reads[j], `${where}: dword ${j} is read again`);
    }
    k += size;
  }
}

/** Words from llvm-mc-22 -show-encoding, as little-endian bytes. */
function bytes(...rows: number[][]): Uint32Array {
  const b = Uint8Array.from(rows.flat());
  return new Uint32Array(b.buffer);
}

test('a Program reads each instruction word as often as the codec, in every format', () => {
  const seen = new Set<string>();
  const gfx908 = bytes(
    [0xf9, 0x06, 0x02, 0x02, 0x02, 0x05, 0x01, 0x06], // v_add_f32_sdwa v1, v2, v3 dst_sel:WORD_1 ... src0_sel:BYTE_1
    [0xfa, 0x02, 0x02, 0x7e, 0x02, 0xb1, 0x00, 0xff], // v_mov_b32_dpp v1, v2 quad_perm:[1,0,3,2]
    [0xf9, 0x04, 0x84, 0x7c, 0x01, 0x82, 0x04, 0x06], // v_cmp_eq_f32_sdwa s[2:3], v1, v2 src0_sel:WORD_0
    [0x01, 0x48, 0x8f, 0xd3, 0x02, 0x07, 0x02, 0x18], // v_pk_add_f16 v1, v2, v3 op_sel:[1,0]
    [0x01, 0x84, 0xc1, 0xd1, 0x02, 0x07, 0x12, 0x24], // v_mad_f32 v1, -v2, v3, |v4| clamp
    [0x01, 0x04, 0x19, 0xd1, 0x02, 0x07, 0x02, 0x00], // v_add_co_u32_e64 v1, s[4:5], v2, v3
    [0x02, 0x07, 0x02, 0x2e, 0x00, 0x00, 0x20, 0x41], // v_madmk_f32 v1, v2, 0x41200000, v3
    [0xff, 0x02, 0x02, 0x7e, 0x78, 0x56, 0x34, 0x12], // v_mov_b32_e32 v1, 0x12345678
    [0xf0, 0x9f, 0x50, 0xdc, 0x02, 0x00, 0x7f, 0x01], // global_load_dword v1, v[2:3], off offset:-16
    [0x08, 0x40, 0x70, 0xdc, 0x00, 0x01, 0x03, 0x00], // scratch_store_dword off, v1, s3 offset:8
    [0x00, 0x00, 0x09, 0xdd, 0x02, 0x04, 0x00, 0x01], // flat_atomic_add v1, v[2:3], v4 glc
    [0x0f, 0x18, 0x00, 0xc4, 0x00, 0x01, 0x02, 0x03], // exp mrt0 v0, v1, v2, v3 done vm
    [0x02, 0x0e, 0x04, 0xd4], // v_interp_p1_f32_e32 v1, v2, attr3.z
    [0x10, 0x10, 0x50, 0xe0, 0x02, 0x01, 0x01, 0x80], // buffer_load_dword v1, v2, s[4:7], 0 offen offset:16
    [0x00, 0x20, 0xa0, 0xeb, 0x02, 0x01, 0x01, 0x80], // tbuffer_load_format_x v1, v2, s[4:7], 0 format:[32,FLOAT] idxen
    [0x00, 0x1f, 0x00, 0xf0, 0x02, 0x01, 0x02, 0x00], // image_load v[1:4], v[2:5], s[8:15] dmask:0xf unorm
    [0x08, 0x00, 0x6c, 0xd8, 0x02, 0x00, 0x00, 0x01], // ds_read_b32 v1, v2 offset:8
    [0x41, 0x00, 0x02, 0xc0, 0x10, 0x00, 0x00, 0x00], // s_load_dword s1, s[2:3], 0x10
  );
  checkReads(gfx908, 'gfx908', 'llvm-mc words', seen);
  const gfx700 = bytes(
    [0x01, 0x04, 0x4a, 0xd2, 0x02, 0x07, 0x02, 0x00], // v_add_i32_e64 v1, s[4:5], v2, v3 (VOP3B, 9-bit opcode)
    [0x01, 0x08, 0x82, 0xd2, 0x02, 0x07, 0x12, 0x04], // v_mad_f32 v1, v2, v3, v4 clamp (clamp at bit 11)
    [0x00, 0x00, 0x30, 0xdc, 0x02, 0x00, 0x00, 0x01], // flat_load_dword v1, v[2:3]
    [0x02, 0x07, 0x02, 0x02], // v_readlane_b32 s1, v2, s3
  );
  checkReads(gfx700, 'gfx700', 'llvm-mc words', seen);
  // Compiled kernels of every generation (the conformance suite's code objects).
  const bin = join(import.meta.dirname, 'conformance', 'bin');
  for (const t of ['gfx600', 'gfx700', 'gfx803', 'gfx900', 'gfx908'] as const) {
    for (const src of ['misc', 'control', 'float_ops', 'lds', 'atomics']) {
      const name = `${src}-${t}-O3.hsaco`;
      const elf = ElfFile.parse(readFileSync(join(bin, name)), name);
      const text = elf.sectionByName('.text');
      assert.ok(text !== undefined, name);
      const b = elf.contents(text).slice();
      checkReads(new Uint32Array(b.buffer, 0, b.length >>> 2), t, name, seen);
    }
  }
  const all = [...ONCE, 'sop1', 'sop2', 'sopc', 'sopk', 'sopp', 'smem', 'ds', 'mubuf', 'mtbuf', 'mimg'];
  for (const f of [...all, 'vop1-dpp', 'vop2-sdwa', 'vopc-sdwa'])
    assert.ok(seen.has(f), `no ${f} instruction was checked`);
});
