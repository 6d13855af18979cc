// The fast path's memory families (src/asm/fast: buf.ts, ...) against the general path (asm/families/mem-*),
// over generated grids of operands, modifiers and spellings on gfx908, gfx803 and gfx600: whatever the fast
// path encodes must be the general path's words, and it must take every line of the plain syntax that the
// general path accepts (the spellings it leaves to the general path are listed per family).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assemble } from '../src/asm/assembler.js';
import { fastEncode, fastWords } from '../src/asm/fast/index.js';
import { knownMnemonic } from '../src/asm/registry.js';
import type { Target } from '../src/isa/targets.js';
import { compareFast, generalWords, noConsts, product } from './helpers/asm-fast.js';

const TARGETS: readonly Target[] = ['gfx908', 'gfx803', 'gfx600'];

/** Runs the grid of each target and checks it; returns the number of lines the fast path took per target. */
function check(grid: (t: Target) => string[], declined: (line: string) => boolean): number[] {
  return TARGETS.map((t) => {
    const r = compareFast(grid(t), t, declined);
    assert.deepEqual(r.bad, [], `${t}: fast path bytes differ from the general path's`);
    assert.deepEqual(r.missed, [], `${t}: plain lines the fast path did not take`);
    return r.taken;
  });
}

test('MUBUF/MTBUF: fast = general bytes on a grid of operands, modifiers and spellings', () => {
  // Data widths: dword, x2 (a pair), d16 xyzw (2 VGPRs packed on gfx9, 4 unpacked on gfx8), atomics
  // (no tfe), a float atomic (gfx908, no glc), cache ops, a typed load and store, an LDS-capable load.
  const ops = (t: Target) =>
    [
      ['buffer_load_dword', 'v1'],
      ['buffer_store_dwordx2', 'v[2:3]'],
      ['buffer_load_format_d16_xyzw', t === 'gfx908' ? 'v[4:5]' : 'v[4:7]'],
      ['buffer_atomic_add', 'v1'],
      ['buffer_atomic_add_f32', 'v1'],
      ['tbuffer_load_format_xy', 'v[2:3]'],
      ['tbuffer_store_format_x', 'v1'],
      ['buffer_load_ubyte', 'v1'],
    ].filter(([m]) => knownMnemonic(m, t));
  const tfeData = (d: string) =>
    d === 'v1' ? 'v[1:2]' : d.replace(/:(\d+)\]/, (_m, x) => `:${Number(x) + 1}]`);
  // Modifier tails over the address forms (vdata one VGPR wider with tfe, none with lds).
  const modifiers = (t: Target) =>
    ops(t).flatMap(([m, d]) =>
      product(
        [
          'off, s[4:7], s1',
          'v5, s[4:7], s1 F idxen',
          'v5, s[4:7], s1 F offen',
          'v[6:7], s[4:7], s1 F idxen offen',
        ],
        m.startsWith('t') ? ['', ' format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]', ' format:22'] : [''],
        ['', ' offset:4095'],
        ['', ' glc slc', ' slc glc'],
        ['', ' tfe', ' lds'],
      ).map((x) => {
        // The format goes right after soffset.
        const fmt = /( format:\S+)/.exec(x)?.[1] ?? '';
        const l = x.replace(fmt, '').replace(' F', '').replace('s1', `s1${fmt}`);
        if (l.endsWith(' tfe')) return `${m} ${tfeData(d)}, ${l}`;
        return l.endsWith(' lds') ? `${m} ${l}` : `${m} ${d}, ${l}`;
      }),
    );
  // Operands, one at a time from a valid line: widths, files, ranges, alignment, the scalar offset's forms.
  const operands = (t: Target) =>
    ops(t).flatMap(([m, d]) => {
      const axes = [
        ['v1', 'v[2:3]', 'v[4:5]', 'v[4:7]', 'v255', 'v[255:256]', 'a1'],
        ['v5', 'off', 's5', 'v[6:8]'],
        ['s[4:7]', 's[2:5]', 'ttmp[4:7]', 'ttmp[12:15]', 's[100:103]', 'v[4:7]', 'exec'],
        [
          's1',
          '0',
          '-16',
          '64',
          '65',
          '0.5',
          '-4.0',
          '1.5',
          'm0',
          'exec_hi',
          'vcc_lo',
          's102',
          'ttmp11',
          'src_scc',
          'scc',
          'flat_scratch_lo',
          'xnack_mask_hi',
          'tba_lo',
          'src_shared_base',
          'null',
          'vcc',
          'lds_direct',
        ],
      ];
      const base = [d, 'v5', 's[4:7]', 's1'];
      return axes.flatMap((a, k) =>
        a.map((x) => `${m} ${base.map((b, j) => (j === k ? x : b)).join(', ')} offen offset:4`),
      );
    });
  // Spellings: commas, blanks, upper case, symbols' syntax and formats.
  const spellings = (t: Target) =>
    ops(t).flatMap(([m, d]) => [
      `${m} ${d}, v5, s[4:7], s1 offen offset:4 glc`,
      `${m} ${d},v5,s[4:7],s1 offen offset:4`,
      `${m} ${d}, v5, s[4:7], s1, offen`,
      `${m} ${d}, v5, s[4:7], s1 offen, offset:4`,
      `${m} ${d}, v5, s[4:7], s1 OFFEN`,
      `${m.toUpperCase()} ${d}, v5, s[4:7], s1 offen`,
      `${m} ${d}, v5, s[4:7], s1 offen offset:4+4`,
      `${m} ${d}, v5, s[4:7], s1 offen offset:-4`,
      `${m} ${d}, v5, s[4:7], s1 offen noglc`,
      `${m} ${d}, v5, s[4:7], s1 offen glc glc`,
      `${m} ${d}, v5, s[4:7], s1 offen slc slc`,
      `${m} ${d}, v5, s[4:7], s1 offen offset:4 glc dlc`,
      `${m} ${d}, v5, s[4:7], s1 offset:4 offen`,
      `${m} ${d}, v5, s[4:7], s1 glc offen`,
      `${m} ${d}, v5, s[4:7], s1 idxen offen`,
      `${m} ${d}, v[6:7], s[4:7], s1 offen idxen`,
      `${m} ${d}, v5, s[4:7], s1 offen idxen`,
      `${m} ${d}, v5, s[4:7], s1 offen offset:4096`,
      `${m} ${d}, off, s[4:7], s1 offset:4096`,
      `${m} ${d}, off, s[4:7], s1 offset:65535`,
      `${m} ${d}, v5, s[4:7], s1 offen offset:0`,
      `${m} ${d}, v[6:7], s[4:7], s1 addr64`,
      `${m} ${d}, v5, s[4:7], 0x3f800000 offen`,
      `${m} ${d}, v5, s[4:7], s1 format:[BUF_NUM_FORMAT_UINT] offen`,
      `${m} ${d}, v5, s[4:7], s1 format:[BUF_DATA_FORMAT_8_8, BUF_NUM_FORMAT_SINT] offen`,
      `${m} ${d}, v5, s[4:7], s1 format:[BUF_DATA_FORMAT_8_8,BUF_DATA_FORMAT_32] offen`,
      `${m} ${d}, v5, s[4:7], s1 format:[BUF_FMT_32_FLOAT] offen`,
      `${m} ${d}, v5, s[4:7], s1 format:[] offen`,
      `${m} ${d}, v5, s[4:7], s1 format:127 offen`,
      `${m} ${d}, v5, s[4:7], s1 format:128 offen`,
      `${m} ${d}, v5, s[4:7], s1 offen format:1`,
      `${m} ${d}, v5, s[4:7], s1 dfmt:1 offen`,
      `${m}`,
    ]);
  const declined = (l: string) =>
    // Offsets past 12 bits (LLVM truncates them), the address
    // keywords or cache policy in another order, float-pattern integers, expressions, commas before
    // modifiers, upper case, `noglc`.
    /offset:(4096|65535)|offen idxen|0x3f800000|offset:4\+4|, (offen|offset)|OFFEN|^[A-Z]|noglc/.test(l);
  const cache = ['buffer_wbinvl1', 'buffer_wbinvl1 glc', 'buffer_wbinvl1 v1', 'buffer_wbinvl1,'];
  const taken = check((t) => [...modifiers(t), ...operands(t), ...spellings(t), ...cache], declined);
  // The plain lines are the fast path's: e.g. on gfx908 the modifier grid's valid lines.
  for (const n of taken) assert.ok(n > 300, `fast path took only ${n} lines`);
  assert.ok(fastEncode('buffer_wbinvl1', 'gfx908', noConsts) > 0);
  assert.ok(
    fastEncode(
      'tbuffer_load_format_xy v[2:3], v5, s[4:7], s1 format:[BUF_DATA_FORMAT_32] offen',
      'gfx908',
      noConsts,
    ) > 0,
  );
  // A keyword or format name defined as a symbol is the general path's.
  assert.equal(
    fastEncode('buffer_load_dword v1, v5, s[4:7], s1 offen', 'gfx908', (n) =>
      n === 'offen' ? 1n : undefined,
    ),
    0,
  );
  assert.equal(
    fastEncode('tbuffer_load_format_x v1, v5, s[4:7], s1 format:[BUF_DATA_FORMAT_32] offen', 'gfx908', (n) =>
      n === 'BUF_DATA_FORMAT_32' ? 4n : undefined,
    ),
    0,
  );
});

test('MUBUF/MTBUF: bad lines keep their one-line errors, the LDS form its bytes (llvm-mc-22, gfx908)', () => {
  // What llvm-mc-22 -mcpu=gfx908 printed for each line: the fast path declines them all (a data width
  // against tfe, address widths against idxen/offen, lds with vdata or tfe, tfe on a store, the address
  // keywords' order, a missing vdata, format and offset ranges, `scc` as soffset).
  const bad: [string, string][] = [
    ['buffer_load_dword v[1:2], v5, s[4:7], s1 offen', '1: too few operands for instruction'],
    ['buffer_load_dword v1, v[5:6], s[4:7], s1 offen', '42: invalid operand for instruction'],
    ['buffer_load_dword v1, off, s[4:7], s1 offset:4 lds', '48: invalid operand for instruction'],
    ['buffer_load_dword v5, s[4:7], s1 offen lds tfe', '44: invalid operand for instruction'],
    ['buffer_store_dword v1, v5, s[4:7], s1 offen tfe', '45: invalid operand for instruction'],
    ['buffer_load_dword v1, v5, s[4:7], s1 idxen offen', '44: invalid operand for instruction'],
    ['buffer_load_dword v5, s[4:7], s1 offen', '1: too few operands for instruction'],
    ['tbuffer_load_format_x v1, v5, s[4:7], s1 format:128 offen', '49: out of range format'],
    ['buffer_load_dword v1, v5, s[4:7], s1 offen offset:-4', '44: expected a 16-bit unsigned offset'],
    ['buffer_load_dword v1, v5, s[4:7], scc offen', '35: scc modifier is not supported on this GPU'],
  ];
  const r = assemble(bad.map(([l]) => l).join('\n'), 'bad.s', { mcpu: 'gfx908' });
  assert.deepEqual(
    r.diagnostics.map((d) => `${d.line}:${d.col}: ${d.message}`),
    bad.map(([, e], i) => `${i + 1}:${e}`),
  );
  // llvm-mc-22: [0x00,0x10,0x51,0xe0,0x05,0x00,0x01,0x01].
  const lds = 'buffer_load_dword v5, s[4:7], s1 offen lds';
  assert.equal(fastEncode(lds, 'gfx908', noConsts), 2);
  assert.deepEqual([...fastWords.subarray(0, 2)], [0xe0511000, 0x01010005]);
  assert.deepEqual(Array.from(generalWords(lds, 'gfx908') ?? []), [0xe0511000, 0x01010005]);
});

test('MIMG: fast = general bytes on a grid of data widths, dmasks, modifiers and spellings', () => {
  // Plain (d16), store, atomics (dmask 1/3/15), samplers with wide addresses, gather4 (one dmask bit),
  // get_resinfo (no d16).
  const ops = [
    ['image_load', 'v5'],
    ['image_store', 'v[6:9]'],
    ['image_atomic_add', 'v5'],
    ['image_atomic_cmpswap', 'v[6:7]'],
    ['image_sample', 'v[6:7], s[8:15], s[4:7]'],
    ['image_sample_c_d_cl_o', 'v[6:13], s[8:15], s[4:7]'],
    ['image_gather4', 'v[6:8], s[8:15], s[4:7]'],
    ['image_get_resinfo', 'v5'],
  ];
  const rsrc = (a: string) => (a.includes(',') ? a : `${a}, s[8:15]`);
  const tails = (t: Target) => [
    '',
    ' unorm',
    ' glc',
    ' slc',
    ' slc glc',
    t === 'gfx908' ? ' a16' : ' r128',
    ' tfe',
    ' lwe',
    ' da',
    ' d16',
    ' unorm glc slc a16 tfe lwe da d16',
    ' unorm glc slc r128 tfe lwe da d16',
    ' d16 da',
    ' glc glc',
    ' acc16',
  ];
  const grid = (t: Target) =>
    ops.flatMap(([m, a]) => [
      ...product(
        [`${m} `],
        ['v1', 'v[1:2]', 'v[1:3]', 'v[1:4]', 'v[1:5]'],
        [`, ${rsrc(a)}`],
        ['', ' dmask:0x1', ' dmask:0x7', ' dmask:0xf'],
        tails(t),
      ),
      // Addresses and descriptors, one at a time.
      ...['v5', 'v[6:7]', 'v[6:8]', 'v[6:9]', 'v[6:13]', 'v[6:36]', 's5', 'a5'].map(
        (x) => `${m} v1, ${x}, s[8:15]${a.includes(',') ? ', s[4:7]' : ''} dmask:0x1`,
      ),
      ...['s[4:11]', 's[2:9]', 'ttmp[8:15]', 's[8:11]', 's[96:103]'].map(
        (x) => `${m} v1, ${a.split(',')[0]}, ${x}${a.includes(',') ? ', s[4:7]' : ''} dmask:0x1`,
      ),
      ...(a.includes(',') ? ['s[2:5]', 'ttmp[4:7]', 'vcc', 's[4:11]'] : []).map(
        (x) => `${m} v1, ${a.split(',')[0]}, s[8:15], ${x} dmask:0x1`,
      ),
      // Spellings.
      `${m} v1, ${rsrc(a)} dmask:1`,
      `${m} v1, ${rsrc(a)} dmask:0x10`,
      `${m} v1, ${rsrc(a)} dmask:-1`,
      `${m} v1, ${rsrc(a)}, dmask:0x1`,
      `${m} v1, ${rsrc(a)} dmask:0x1, glc`,
      `${m} v1, ${rsrc(a)} glc dmask:0x1`,
      `${m} v1, ${rsrc(a)} dmask:0x1 GLC`,
      `${m} v1, ${rsrc(a)} dmask:0x1 noglc`,
      `${m} v1, ${rsrc(a)} dmask:0x1 dlc`,
      `${m} v1, ${rsrc(a)} dmask:0x1 dmask:0x1`,
      `${m} v1 ${rsrc(a)} dmask:0x1`,
      `${m} v1, ${rsrc(a)} dmask:0x1 a17`,
    ]);
  const declined = (l: string) => /, dmask|, glc|GLC|noglc|dmask:0x10|v1 v/.test(l);
  for (const n of check(grid, declined)) assert.ok(n > 100, `fast path took only ${n} lines`);
  // A keyword defined as a symbol is the general path's.
  assert.ok(fastEncode('image_load v1, v5, s[8:15] dmask:0x1 glc', 'gfx908', noConsts) > 0);
  assert.equal(
    fastEncode('image_load v1, v5, s[8:15] dmask:0x1 glc', 'gfx908', (n) => (n === 'glc' ? 1n : undefined)),
    0,
  );
});

test('MIMG: bad lines keep their one-line errors (llvm-mc-22, gfx908)', () => {
  // What llvm-mc-22 -mcpu=gfx908 printed for each line: the fast path declines them all (data size against
  // dmask, d16 and tfe; gather4's one dmask bit; the modifiers' order; r128 on gfx9; a repeated glc).
  const bad: [string, string][] = [
    ['image_load v[1:4], v[2:5], s[4:11] dmask:0x7', '1: image data size does not match dmask, d16 and tfe'],
    [
      'image_gather4 v[1:4], v[2:5], s[4:11], s[12:15] dmask:0x3',
      '49: invalid image_gather dmask: only one bit must be set',
    ],
    ['image_load v[1:2], v[2:5], s[4:11] dmask:0xf d16 tfe', '50: invalid operand for instruction'],
    ['image_load v1, v[2:5], s[4:11] dmask:0x1 da unorm', '45: invalid operand for instruction'],
    ['image_load v1, v[2:5], s[4:11] dmask:0x1 r128', '42: r128 modifier is not supported on this GPU'],
    ['image_sample v1, v[2:3], s[4:11], s[12:15] dmask:0x1 glc glc', '58: duplicate cache policy modifier'],
    [
      'image_load v[1:3], v[2:5], s[4:11] dmask:0x7 a16 tfe',
      '1: image data size does not match dmask, d16 and tfe',
    ],
  ];
  const r = assemble(bad.map(([l]) => l).join('\n'), 'bad.s', { mcpu: 'gfx908' });
  assert.deepEqual(
    r.diagnostics.map((d) => `${d.line}:${d.col}: ${d.message}`),
    bad.map(([, e], i) => `${i + 1}:${e}`),
  );
  // llvm-mc-22: [0x00,0x07,0x01,0xf0,0x02,0x01,0x01,0x00] (three channels and the tfe dword).
  const tfe = 'image_load v[1:4], v[2:5], s[4:11] dmask:0x7 tfe';
  assert.equal(fastEncode(tfe, 'gfx908', noConsts), 2);
  assert.deepEqual([...fastWords.subarray(0, 2)], [0xf0010700, 0x00010102]);
});

test('VINTRP: fast = general bytes on a grid of registers, slots, attributes and spellings', () => {
  const ops = ['v_interp_p1_f32', 'v_interp_p2_f32_e32', 'v_interp_mov_f32', 'v_interp_mov_f32_e32'];
  const grid = () =>
    ops.flatMap((m) => [
      ...product(
        [`${m} v1`],
        [', v3', ', v255', ', -v3', ', s3', ', p10', ', p20', ', p0', ', p30', ', 1'],
        [
          ', attr0.x',
          ', attr32.w',
          ', attr33.x',
          ', attr01.y',
          ', attr5',
          ', attr5.q',
          ', ATTR1.X',
          ', attr7.z',
        ],
      ),
      ...['v0', 'v255', 'v256', 's1', 'a1', 'v[1:2]'].map(
        (d) => `${m} ${d}, ${m.includes('mov') ? 'p20' : 'v2'}, attr3.y`,
      ),
      `${m} v1, v2, attr3.y, v4`,
      `${m} v1 v2, attr3.y`,
      `${m} v1, v2 attr3.y`,
      `${m} v1, p10 attr3.y`,
    ]);
  // A source modifier (`-v3`) makes llvm-mc take the VOP3 form (or reject `_e32`): the general path's.
  const declined = (l: string) => /attr01|v1 v2|v2 attr|p10 attr|-v3/.test(l);
  for (const n of check(grid, declined)) assert.ok(n > 30, `fast path took only ${n} lines`);
  // An attribute or slot defined as a symbol is the general path's.
  assert.ok(fastEncode('v_interp_mov_f32 v1, p10, attr3.y', 'gfx908', noConsts) > 0);
  for (const name of ['p10', 'attr3.y'])
    assert.equal(
      fastEncode('v_interp_mov_f32 v1, p10, attr3.y', 'gfx908', (n) => (n === name ? 1n : undefined)),
      0,
    );
});

test('DS: fast = general bytes on a grid of register shapes, offsets, gds and spellings', () => {
  // Returning and plain ops, two offsets, 64/96/128-bit data, GWS and ordered count (gds required),
  // a lane permute (no gds), ds_swizzle and ds_nop (the general path's).
  const ops: [string, string[]][] = [
    ['ds_add_u32', ['v2', 'v3']],
    ['ds_add_rtn_u32', ['v1', 'v2', 'v3']],
    ['ds_read_b32', ['v1', 'v2']],
    ['ds_read_b128', ['v[4:7]', 'v2']],
    ['ds_read2_b64', ['v[4:7]', 'v2']],
    ['ds_write2st64_b32', ['v2', 'v3', 'v4']],
    ['ds_cmpst_rtn_b64', ['v[4:5]', 'v2', 'v[6:7]', 'v[8:9]']],
    ['ds_write_b96', ['v2', 'v[4:6]']],
    ['ds_gws_init', ['v2']],
    ['ds_ordered_count', ['v1', 'v2']],
    ['ds_permute_b32', ['v1', 'v2', 'v3']],
    ['ds_swizzle_b32', ['v1', 'v2']],
    ['ds_nop', []],
  ];
  const tails = [
    '',
    ' offset:0',
    ' offset:65535',
    ' offset:65536',
    ' offset:-1',
    ' offset0:255',
    ' offset0:256',
    ' offset1:3',
    ' offset0:1 offset1:2',
    ' offset1:2 offset0:1',
    ' gds',
    ' offset:4 gds',
    ' offset0:1 offset1:2 gds',
    ' gds offset:4',
    ' gds gds',
    ', gds',
    ' glc',
    ' offset:4, gds',
  ];
  const regs = ['v0', 'v255', 'v[254:255]', 'v[255:256]', 'a1', 's1', 'v[2:3]', 'v[2:5]'];
  const grid = (t: Target) =>
    ops
      .filter(([m]) => knownMnemonic(m, t))
      .flatMap(([m, rs]) => [
        ...tails.map((x) => `${m} ${rs.join(', ')}${x}`),
        ...rs.flatMap((_r, k) =>
          regs.map((x) => `${m} ${rs.map((y, j) => (j === k ? x : y)).join(', ')} offset:4`),
        ),
        `${m} ${rs.slice(0, -1).join(', ')}`,
        `${m} ${rs.join(', ')}, v9`,
        `${m} ${rs.join(' ')}`,
      ]);
  const declined = (l: string) => /ds_swizzle|ds_nop|, gds|, offset|offset1:2 offset0|v\d+ v|\] v/.test(l);
  for (const n of check(grid, declined)) assert.ok(n > 50, `fast path took only ${n} lines`);
});

test('FLAT/GLOBAL/SCRATCH: fast = general bytes on a grid of forms, saddrs, offsets and cache policies', () => {
  // [name, dst, data]: loads (lds-capable, d16), stores, atomics with and without a returning form.
  const ops: [string, string, string][] = [
    ['flat_load_dword', 'v1', ''],
    ['flat_store_dwordx2', '', 'v[6:7]'],
    ['flat_atomic_cmpswap_x2', 'v[8:9]', 'v[4:7]'],
    ['global_load_dword', 'v1', ''],
    ['global_load_short_d16_hi', 'v1', ''],
    ['global_store_dword', '', 'v6'],
    ['global_atomic_add', 'v1', 'v6'],
    ['global_atomic_add_f32', 'v1', 'v6'],
    ['scratch_load_ubyte', 'v1', ''],
    ['scratch_store_dwordx3', '', 'v[4:6]'],
  ];
  const addrs = (m: string) =>
    m.startsWith('flat')
      ? [['v[2:3]', '']]
      : m.startsWith('global')
        ? [
            ['v[2:3]', 'off'],
            ['v2', 's[4:5]'],
            ['v2', 'off'],
          ]
        : [
            ['v2', 'off'],
            ['off', 's4'],
            ['v2', 's4'],
            ['off', 'off'],
          ];
  const tails = [
    '',
    ' offset:4095',
    ' offset:4096',
    ' offset:-1',
    ' offset:-4096',
    ' offset:-4097',
    ' glc',
    ' slc',
    ' slc glc',
    ' offset:8 glc slc',
    ' lds',
    ' offset:8 slc lds',
    ' glc glc',
    ' glc offset:8',
    ' offset:8, glc',
  ];
  const saddrs = [
    's[3:4]',
    'vcc',
    'exec',
    'flat_scratch',
    'xnack_mask',
    'ttmp[2:3]',
    's[100:101]',
    's4',
    'm0',
  ];
  const saddrs32 = ['exec_hi', 'exec_lo', 'flat_scratch_lo', 'vcc_lo', 'ttmp3', 'src_scc', 's101', 's[4:5]'];
  const join = (...xs: string[]) => xs.filter((x) => x !== '').join(', ');
  const lines = (t: Target) =>
    ops
      .filter(([m]) => knownMnemonic(m, t))
      .flatMap(([m, d, x]) => [
        ...addrs(m).flatMap(([va, sa]) =>
          ['with', 'without'].flatMap((dst) =>
            tails.map((tl) => `${m} ${join(dst === 'with' ? d : '', va, x, sa)}${tl}`),
          ),
        ),
        ...(m.startsWith('global') ? saddrs : m.startsWith('scratch') ? saddrs32 : []).map(
          (s) => `${m} ${join(d, m.startsWith('global') ? 'v2' : 'off', x, s)} offset:4`,
        ),
        ...['v255', 'v[255:256]', 'a1', 's1', 'v[1:2]'].map(
          (r) => `${m} ${join(d ? r : '', addrs(m)[0][0], x ? r : '', addrs(m)[0][1])}`,
        ),
      ]);
  // Another order of the modifiers or a comma before them.
  const declined = (l: string) => /glc offset|, glc/.test(l);
  for (const t of ['gfx908', 'gfx803', 'gfx700'] as const) {
    const r = compareFast(lines(t), t, declined);
    assert.deepEqual(r.bad, [], t);
    assert.deepEqual(r.missed, [], t);
    assert.ok(r.taken > 10, `${t}: fast path took only ${r.taken}`);
  }
});

test('FLAT/GLOBAL/SCRATCH: bad lines keep their one-line errors, signed offsets their bytes (llvm-mc-22, gfx908)', () => {
  // What llvm-mc-22 -mcpu=gfx908 printed for each line: the fast path declines them all (the address width
  // against saddr, SCRATCH's vaddr and saddr both or neither `off`, glc on atomics, offset ranges, order).
  const bad: [string, string][] = [
    ['global_load_dword v1, v[2:3], s[4:5]', '31: invalid operand for instruction'],
    ['global_load_dword v1, v2, off', '27: invalid operand for instruction'],
    ['scratch_load_dword v1, off, off', '1: operands are not valid for this GPU or mode'],
    ['scratch_load_dword v1, v2, s3', '1: operands are not valid for this GPU or mode'],
    ['global_atomic_add v1, v[2:3], v4, off', '1: instruction must use glc'],
    ['global_atomic_add v[2:3], v4, off glc', '35: instruction must not use glc'],
    ['flat_load_dword v1, v[2:3] offset:-1', '28: expected a 12-bit unsigned offset'],
    ['global_load_dword v1, v[2:3], off offset:-4097', '35: expected a 13-bit signed offset'],
    ['global_load_dword v1, v[2:3], off slc offset:4', '39: not a valid operand.'],
  ];
  const r = assemble(bad.map(([l]) => l).join('\n'), 'bad.s', { mcpu: 'gfx908' });
  assert.deepEqual(
    r.diagnostics.map((d) => `${d.line}:${d.col}: ${d.message}`),
    bad.map(([, e], i) => `${i + 1}:${e}`),
  );
  // llvm-mc-22: [0x00,0x90,0x50,0xdc,0x02,0x00,0x7f,0x01] and [0xf8,0x5f,0x73,0xdc,0x00,0x02,0x03,0x00].
  const good: [string, number[]][] = [
    ['global_load_dword v1, v[2:3], off offset:-4096', [0xdc509000, 0x017f0002]],
    ['scratch_store_dword off, v2, s3 offset:-8 glc slc', [0xdc735ff8, 0x00030200]],
  ];
  for (const [l, w] of good) {
    assert.equal(fastEncode(l, 'gfx908', noConsts), 2, l);
    assert.deepEqual([...fastWords.subarray(0, 2)], w, l);
  }
});

test('SMEM: fast = general bytes on a grid of shapes (data, probe, discard, clocks, cache), registers, offsets and soffset offset:N', () => {
  // [op, its operands before the offset (defaults), which of them vary]: each axis is varied alone over
  // the others' defaults, and the offset axis against every tail.
  const ops: [string, string[]][] = [
    ['s_load_dword', ['s5', 's[2:3]']],
    ['s_load_dwordx2', ['s[4:5]', 's[2:3]']],
    ['s_buffer_load_dwordx4', ['s[4:7]', 's[8:11]']],
    ['s_store_dword', ['s5', 's[2:3]']],
    ['s_atomic_cmpswap_x2', ['s[4:7]', 's[2:3]']],
    ['s_buffer_atomic_swap', ['s5', 's[8:11]']],
    ['s_scratch_load_dword', ['s5', 's[2:3]']],
    ['s_atc_probe', ['7', 's[2:3]']],
    ['s_atc_probe_buffer', ['7', 's[8:11]']],
    ['s_dcache_discard', ['s[2:3]']],
    ['s_dcache_discard_x2', ['s[2:3]']],
  ];
  const data = ['s5', 's[4:5]', 's[4:7]', 's[5:6]', 'vcc', 'vcc_lo', 'flat_scratch_hi', 'xnack_mask', 'm0'];
  const data2 = [
    'exec',
    'exec_lo',
    'ttmp4',
    'ttmp[4:5]',
    'src_scc',
    'src_vccz',
    'tba',
    '7',
    '-1',
    '0x80',
    'v1',
  ];
  const bases = ['s[2:3]', 's[3:4]', 's[8:11]', 's[2:5]', 'ttmp[4:5]', 'xnack_mask', 'flat_scratch', 'vcc'];
  const bases2 = ['exec', 's2', 'ttmp[8:11]', 'tma', 'v[2:3]'];
  const offsets = [
    's9',
    'm0',
    'flat_scratch_hi',
    'xnack_mask_lo',
    'src_vccz',
    'exec_lo',
    'vcc',
    '0',
    '0xfffff',
  ];
  const offsets2 = ['0x100000', '-1', '-0x100000', '-0x100001', '1.0', 'ttmp3', 'tba_lo', 's[4:5]'];
  const tails = [
    '',
    ' glc',
    ' offset:4',
    ' offset:-4',
    ' offset:0xfffff',
    ' offset:0x100000',
    ' offset:-0x100000',
  ];
  const tails2 = [
    ' offset:4 glc',
    ' glc offset:4',
    ' glc glc',
    ' slc',
    ' nv',
    ', offset:4',
    ' offset:4 offset:8',
  ];
  const grid = (t: Target) => {
    const lines: string[] = [];
    for (const [op, args] of ops) {
      if (!knownMnemonic(op, t)) continue;
      const line = (a: string[], off: string, tail: string) => `${op} ${[...a, off].join(', ')}${tail}`;
      // Every offset against every tail for one op of each shape, the plain tails for the others.
      const all = op === 's_load_dword' || op === 's_buffer_load_dwordx4' || op.startsWith('s_atc_probe');
      for (const off of [...offsets, ...offsets2])
        for (const tail of all || op === 's_dcache_discard' ? [...tails, ...tails2] : tails.slice(0, 3))
          lines.push(line(args, off, tail));
      for (let j = 0; j < args.length; j++)
        for (const x of j === args.length - 1 ? [...bases, ...bases2] : [...data, ...data2])
          for (const off of ['s9', '16'])
            lines.push(
              line(
                args.map((a, i) => (i === j ? x : a)),
                off,
                '',
              ),
            );
    }
    for (const op of ['s_memtime', 's_memrealtime', 's_dcache_inv', 's_dcache_wb', 's_dcache_inv_vol'])
      if (knownMnemonic(op, t))
        for (const x of [
          '',
          ' s[2:3]',
          ' vcc',
          ' exec',
          ' s[3:4]',
          ' s2',
          ' xnack_mask',
          ' s[2:3] glc',
          ' glc',
        ])
          lines.push(op + x);
    return lines;
  };
  // gfx8's negative offsets (masked to 20 bits), probe modes written as floats and `, offset:N` are the
  // general path's; so is SMRD (gfx6/7): the fast path takes none of gfx600's lines.
  const declined = (l: string) => / -|:-|, 1\.0|, offset:/.test(l);
  const taken = (['gfx908', 'gfx803'] as const).map((t) => {
    const r = compareFast(grid(t), t, declined);
    assert.deepEqual(r.bad, [], `${t}: fast path bytes differ from the general path's`);
    assert.deepEqual(r.missed, [], `${t}: plain lines the fast path did not take`);
    return r.taken;
  });
  taken.push(grid('gfx600').filter((l) => fastEncode(l, 'gfx600', noConsts) > 0).length);
  assert.ok(taken[0] > 500 && taken[1] > 150 && taken[2] === 0, String(taken));
});

test('MUBUF/MTBUF: an offset past the 12-bit field (4096-65535) is listed as written, as llvm-mc-22 lists it', () => {
  // llvm-mc-22 -triple=amdgcn-amd-amdhsa -mcpu=gfx908 -show-encoding: the field keeps the low 12 bits, the
  // listing shows the operand (where the printer would leave a zero offset out, before glc/slc/lds/tfe).
  const expected = [
    'buffer_load_dword v1, off, s[4:7], s1 offset:4096 glc slc ; encoding: [0x00,0x40,0x52,0xe0,0x00,0x01,0x01,0x01]',
    'buffer_load_dword v1, off, s[4:7], s1 offset:65535 ; encoding: [0xff,0x0f,0x50,0xe0,0x00,0x01,0x01,0x01]',
    'buffer_load_dword v1, off, s[4:7], s1 offset:12288 ; encoding: [0x00,0x00,0x50,0xe0,0x00,0x01,0x01,0x01]',
    'buffer_store_dword v1, v2, s[4:7], s1 offen offset:4097 glc slc ; encoding: [0x01,0x50,0x72,0xe0,0x02,0x01,0x01,0x01]',
    'buffer_load_dword v[1:2], v[2:3], s[4:7], s1 idxen offen offset:4096 tfe ; encoding: [0x00,0x30,0x50,0xe0,0x02,0x01,0x81,0x01]',
    'tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_DATA_FORMAT_32] offset:4096 slc ; encoding: [0x00,0x00,0x20,0xe8,0x00,0x01,0x41,0x01]',
  ];
  const src = expected.map((l) => `\t${l.slice(0, l.indexOf(' ;'))}\n`).join('');
  const r = assemble(src, 'a.s', { mcpu: 'gfx908', showEncoding: true });
  assert.deepEqual(r.diagnostics, []);
  const listed = (r.listing ?? '').split('\n').slice(1, -1);
  assert.deepEqual(
    listed.map((l) => l.replace(/\s+;/, ' ;').trim()),
    expected,
  );
});
