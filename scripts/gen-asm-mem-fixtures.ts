// Fixtures for the memory and export assembler families where LLVM's MC tests have none for gfx9 (MIMG,
// EXP, VINTRP, ds_swizzle macros) or say little (error cases of DS, MUBUF, MTBUF, FLAT). Each line is
// assembled by llvm-mc-22 for each target; accepted lines keep their dwords, rejected ones llvm-mc's
// first message and column. llvm-mc's canonical text of each accepted line is assembled as a case of
// its own. Output: test/fixtures/asm-mem/<group>.<mcpu>.json (read by test/asm-mem.test.ts).
// Run: npx tsx scripts/gen-asm-mem-fixtures.ts
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TARGETS, type Target } from '../src/isa/targets.js';
import { LLVM_MC } from './lib/llvm.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(root, 'test', 'fixtures', 'asm-mem');

export interface MemFixture {
  generatedBy: string;
  mcpu: Target;
  /** [source, dwords as hex, llvm-mc's canonical text] */
  cases: [string, string, string][];
  /** [source, message, column] */
  rejected: [string, string, number][];
}

/** Instruction lines of a test/fixtures/asm/*.s file (its hex lines are disassembler inputs). */
function asmLines(name: string): string[] {
  return readFileSync(join(root, 'test', 'fixtures', 'asm', name), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('0x') && !l.startsWith('//'));
}

const DS = `ds_read_b32 v1, v2 gds offset:4
ds_read_b32 v1, v2 offset:4 offset:8
ds_read_b32 v1, v2 offset:65536
ds_read_b32 v1, v2 offset:-1
ds_read_b32 v1, v2, offset:4
ds_read_b32 v1
ds_read_b32 v[1:2], v2
ds_read_b32 v1, v2 glc
ds_read_b32 v1, s2
ds_read_b32 s1, v2
ds_read_b32 a1, v2
ds_read_b32 v1, v2 offset0:1
ds_read2_b32 v[1:2], v2 offset:1
ds_read2_b32 v[1:2], v2 offset0:256
ds_read2_b32 v[1:2], v2 offset1:1 offset0:2
ds_read2st64_b64 v[4:7], v2 offset0:255 offset1:3 gds
ds_read_b32 v1, v2 offset:4 gds gds
ds_read_b32 v1, v2 v3
ds_read_b32 v1, v2, v3
ds_write_b32 v1, v2 offset:x
ds_nop
ds_nop offset:4
ds_nop gds
ds_append v1
ds_append v1 offset:4 gds
ds_consume v255 offset:65535
ds_gws_init v1 gds
ds_gws_init v1
ds_gws_barrier v1 offset:4 gds
ds_gws_sema_v gds
ds_gws_sema_v offset:3 gds
ds_gws_sema_release_all offset:1 gds
ds_permute_b32 v1, v2, v3 offset:4
ds_permute_b32 v1, v2, v3 gds
ds_bpermute_b32 v255, v0, v128 offset:65535
ds_swizzle_b32 v1, v2 offset:0xffff
ds_swizzle_b32 v1, v2 offset:65536
ds_swizzle_b32 v1, v2 offset:-1
ds_swizzle_b32 v1, v2 offset:sym
ds_swizzle_b32 v1, v2 offset:0x8000 gds
ds_read_b32 v1, v2 offset:sym
ds_write_b32 v1, a2
ds_read_b64 v[1:3], v2
ds_read_b128 v[1:4], v2
ds_read_u8_d16 v1, v2
ds_read_u8_d16_hi v1, v2 offset:3
ds_read_i8_d16_hi v255, v255 offset:65535 gds
ds_read_addtid_b32 v1 offset:4
ds_write_addtid_b32 v1 offset:4
ds_read_b32 v1, v2 offset:1 offset:2
ds_write_b96 v1, v[2:4] offset:12
ds_cmpst_rtn_b64 v[2:3], v1, v[4:5], v[6:7] offset:8 gds
ds_wrxchg2st64_rtn_b32 v[2:3], v1, v4, v5 offset0:1 offset1:2
ds_add_src2_u32 v1 offset:16 gds
ds_ordered_count v1, v2 offset:4 gds
ds_ordered_count v1, v2 offset:4
ds_read_b32 v1, v[2:3]
ds_read_b32 v1, v256
ds_read_b64 v[255:256], v1
ds_read_b32 v1, v2 offset:0x10000
ds_read_b32 v1, v2 offset:0xffff`;

const SWIZZLE = `ds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM,0,1,2,3)
ds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM,3,2,1,0) gds
ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,16)
ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,1)
ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,0)
ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,32)
ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,3)
ds_swizzle_b32 v1, v2 offset:swizzle(REVERSE,2)
ds_swizzle_b32 v1, v2 offset:swizzle(REVERSE,3)
ds_swizzle_b32 v1, v2 offset:swizzle(REVERSE,1)
ds_swizzle_b32 v1, v2 offset:swizzle(REVERSE,32)
ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,2,1)
ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,2,2)
ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,3,1)
ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,32,31)
ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,1,0)
ds_swizzle_b32 v1, v2 offset:swizzle(BROADCAST,8,7)
ds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM,0,1,2)
ds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM,0,1,2,4)
ds_swizzle_b32 v1, v2 offset:swizzle(QUAD_PERM,0,1,2,3,4)
ds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM,"01pi0")
ds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM,"00000")
ds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM,"ppppp")
ds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM,"iiiii")
ds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM,"11111")
ds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM,"01pi")
ds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM,"01pix")
ds_swizzle_b32 v1, v2 offset:swizzle(BITMASK_PERM,"PI01p")
ds_swizzle_b32 v1, v2 offset:swizzle(FOO,1)
ds_swizzle_b32 v1, v2 offset:swizzle(ROTATE,1,5)
ds_swizzle_b32 v1, v2 offset:swizzle(ROTATE,0,31)
ds_swizzle_b32 v1, v2 offset:swizzle(ROTATE,2,5)
ds_swizzle_b32 v1, v2 offset:swizzle(ROTATE,1,32)
ds_swizzle_b32 v1, v2 offset:swizzle(FFT,5)
ds_swizzle_b32 v1, v2 offset:swizzle(FFT,32)
ds_swizzle_b32 v1, v2 offset:swizzle(1)
ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,1+1)`;

const BUF = `buffer_load_dword v1, off, s[4:7], s1 glc slc
buffer_load_dword v1, off, s[4:7], s1 slc glc
buffer_load_dword v1, off, s[4:7], s1 slc offset:4
buffer_load_dword v1, off, s[4:7], s1 glc glc
buffer_load_dword v1, off, s[4:7], s1 dlc
buffer_load_dword v1, off, s[4:7], s1 scc
buffer_load_dword v1, off, s[4:7], s1 noglc
buffer_load_dword v1, off, s[4:7], s1 offset:4096
buffer_load_dword v1, off, s[4:7], s1 offset:4097
buffer_load_dword v1, off, s[4:7], s1 offset:65535
buffer_load_dword v1, off, s[4:7], s1 offset:65536
buffer_load_dword v1, off, s[4:7], s1 offset:-1
buffer_load_dword v1, off, s[4:7], s1 offset:4 glc slc lds
buffer_load_dword v1, off, s[4:7], s1 offset:4 glc slc tfe
buffer_load_dword v[1:2], off, s[4:7], s1 offset:4 glc slc tfe
buffer_load_dword v[1:2], off, s[4:7], s1 tfe lds
buffer_load_dword v1, off, s[4:7], s1 lds tfe
buffer_load_dword off, s[4:7], s1 lds
buffer_load_dword v1, off, s[4:7], s1 lds
buffer_load_dword v1, v2, s[4:7], s1
buffer_load_dword v1, v2, s[4:7], s1 offen idxen
buffer_load_dword v1, v[2:3], s[4:7], s1 idxen offen
buffer_load_dword v1, v[2:3], s[4:7], s1 offen idxen
buffer_load_dword v1, v[2:3], s[4:7], s1 addr64
buffer_load_dword v1, v2, s[4:7], s1 offen offset:4
buffer_load_dword v1, v2, s[4:7], s1 offset:4 offen
buffer_load_dword v1, off, s[5:8], s1
buffer_load_dword v1, off, s[4:7], 0x1234
buffer_load_dword v1, off, s[4:7], 65
buffer_load_dword v1, off, s[4:7], 64
buffer_load_dword v1, off, s[4:7], 0.5
buffer_load_dword v1, off, s[4:7], -4.0
buffer_load_dword v1, off, s[4:7], 1.5
buffer_load_dword v1, off, s[4:7], 0.15915494
buffer_load_dword v1, off, s[4:7], 0x3f000000
buffer_load_dword v1, off, s[4:7], -16
buffer_load_dword v1, off, s[4:7], -17
buffer_load_dword v1, off, s[4:7], vcc
buffer_load_dword v1, off, s[4:7], null
buffer_load_dword v1, off, s[4:7], v2
buffer_load_dword v1, off, s[4:7], s[1:2]
buffer_load_dword v1, off, s[4:7], xnack_mask_lo
buffer_load_dword v1, off, s[4:7], tba_lo
buffer_load_dword v1, off, s[4:7], src_private_limit
buffer_load_dword v1, off, s[4:7], src_pops_exiting_wave_id
buffer_load_dword v1, off, s[4:7], s102
buffer_load_dword v1, off, s[4:7], sym
buffer_load_dword v1, off, s[4:7], lds_direct
buffer_load_dword v1, off, s[4:7], s1 offset:4 offset:4
buffer_load_dword v1, off, s[4:7]
buffer_load_dword v1, off, s[4:7], s1, offset:4, glc
buffer_load_dword v1, off, ttmp[4:7], ttmp1
buffer_load_dword v1, off, s[100:103], s1
buffer_load_dword v1, off, exec, s1
buffer_load_dword v1, off s[4:7], s1
buffer_load_dwordx2 v[255:256], off, s[4:7], s1
buffer_load_dwordx4 v[1:5], v[2:3], s[4:7], s1 idxen offen offset:4095 glc slc tfe
buffer_store_dword v1, off, s[4:7], s1 lds
buffer_store_dword v[1:2], off, s[4:7], s1 tfe
buffer_store_dwordx3 v[1:3], v2, s[4:7], s1 offen offset:4095 glc slc
buffer_store_lds_dword s[4:7], s1
buffer_store_lds_dword s[4:7], s1 offset:4 lds glc slc
buffer_store_lds_dword s[4:7], s1 offset:4 glc lds
buffer_wbinvl1
buffer_wbinvl1_vol
buffer_wbinvl1 glc
buffer_atomic_add v1, off, s[4:7], s1 glc tfe
buffer_atomic_add v1, off, s[4:7], s1 tfe
buffer_atomic_add v1, off, s[4:7], s1 slc glc
buffer_atomic_cmpswap v[1:2], off, s[4:7], s1 glc
buffer_atomic_cmpswap_x2 v[1:4], v[2:3], s[4:7], s1 idxen offen glc
buffer_atomic_add_f32 v5, off, s[8:11], s3 glc
buffer_atomic_pk_add_f16 v5, v1, s[8:11], s3 offen offset:4 slc
buffer_load_format_d16_x v1, off, s[4:7], s1
buffer_load_format_d16_xyz v[1:2], off, s[4:7], s1
buffer_load_format_d16_hi_x v1, off, s[4:7], s1 tfe
buffer_load_format_d16_xyz v[1:3], off, s[4:7], s1 tfe
buffer_load_ubyte_d16 v[1:2], off, s[4:7], s1 tfe
buffer_load_short_d16_hi v1, v2, s[4:7], s1 idxen
buffer_load_dword v1, s[4:7], s1 offen lds
buffer_load_dword v1, s[4:7], s1 idxen lds
buffer_load_dword v[1:2], s[4:7], s1 idxen offen lds
buffer_load_dword off, s[4:7], s1 lds glc
buffer_load_ubyte off, s[4:7], s1 offset:4 glc slc lds
buffer_load_dword off, s[4:7], s1 offset:4 lds glc slc
buffer_load_dwordx2 off, s[4:7], s1 lds
tbuffer_load_format_x v1, off, s[4:7], s1
tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT]
tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_NUM_FORMAT_FLOAT,BUF_DATA_FORMAT_32]
tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_NUM_FORMAT_FLOAT]
tbuffer_load_format_x v1, off, s[4:7], s1 format:[buf_data_format_16]
tbuffer_load_format_x v1, off, s[4:7], s1 format:22
tbuffer_load_format_x v1, off, s[4:7], s1 format:127
tbuffer_load_format_x v1, off, s[4:7], s1 format:128
tbuffer_load_format_x v1, off, s[4:7], s1 dfmt:4 nfmt:7
tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_DATA_FORMAT_32] offset:4 glc slc
tbuffer_load_format_x v1, off, s[4:7], s1 offset:4 format:[BUF_DATA_FORMAT_32]
tbuffer_load_format_x v1, off, s[4:7], format:[BUF_DATA_FORMAT_32], s1
tbuffer_load_format_x v1, v2, s[4:7], s1 format:[BUF_DATA_FORMAT_32] idxen
tbuffer_load_format_x v1, v2, s[4:7], s1 idxen format:[BUF_DATA_FORMAT_32]
tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_FMT_32_FLOAT]
tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_DATA_FORMAT_32,BUF_DATA_FORMAT_16]
tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_NUM_FORMAT_UINT,BUF_NUM_FORMAT_SINT]
tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_DATA_FORMAT_33]
tbuffer_load_format_x v1, off, s[4:7], s1 format:[]
tbuffer_load_format_x v1, off, s[4:7], s1 format:BUF_DATA_FORMAT_32
tbuffer_load_format_x v1, off, s[4:7], s1 tfe
tbuffer_load_format_x v1, off, s[4:7], s1 lds
tbuffer_load_format_x v1, off, s[4:7], s1 offset:4096
tbuffer_load_format_x v1, off, s[4:7], s1 offset:70000
tbuffer_store_format_xyzw v[1:4], v[2:3], s[4:7], s1 format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_SINT] idxen offen offset:4095 glc slc
tbuffer_load_format_d16_xyzw v[1:2], off, s[4:7], s1
tbuffer_store_format_d16_xy v1, v2, s[4:7], 0.5 format:[BUF_DATA_FORMAT_16_16] offen`;

const FLAT = `flat_atomic_add v1, v[2:3], v4
flat_atomic_add v[2:3], v4 glc
flat_atomic_add v1, v[2:3], v4 glc slc offset:4
flat_atomic_add v1, v[2:3], v4 offset:4 glc slc
flat_atomic_add v1, v[2:3], v4 offset:4096 glc
flat_atomic_add v1, v[2:3], v4 offset:-1 glc
flat_atomic_cmpswap_x2 v[1:2], v[2:3], v[4:7] offset:4095 glc
flat_load_dword v1, v[2:3] offset:4095
flat_load_dword v1, v[2:3] offset:4096
flat_load_dword v1, v[2:3] offset:-1
flat_load_dword v1, v[2:3] lds
flat_load_dword v1, v[2:3], off
flat_load_dword v1, v2
flat_store_dwordx4 v[2:3], v[4:7] offset:12 slc glc
global_load_dword v1, v[2:3], off offset:-4096
global_load_dword v1, v2, s[4:5] offset:-4096
global_load_dword v1, v2, s[4:5] glc slc
global_load_dword v1, v[2:3], s[4:5]
global_load_dword v1, v2, off
global_load_dword v1, v2, s[5:6]
global_load_dword v1, v2, exec
global_load_dword v1, v2, vcc
global_load_dword v1, v2, flat_scratch
global_load_dword v1, v2, xnack_mask
global_load_dword v1, v2, ttmp[4:5]
global_load_dword v1, v2, s[4:5] lds
global_load_dword v2, s[4:5] lds
global_load_dword v[2:3], off lds
global_load_dword v[2:3], off offset:4 glc lds
global_load_dword v[2:3], off lds glc
global_load_dword v[2:3], off
global_load_dwordx2 v[2:3], off lds
global_load_dword v1, v[2:3], off dlc
global_atomic_add v1, v[2:3], v4, off
global_atomic_add v1, v[2:3], v4, off glc
global_atomic_add v[2:3], v4, off glc
global_atomic_add v[2:3], v4, off
global_atomic_add v2, v4, s[2:3]
global_atomic_add v1, v2, v4, s[2:3] glc
global_atomic_add_f32 v[2:3], v4, off glc
global_atomic_add_f32 v2, v4, s[2:3] slc
global_atomic_pk_add_f16 v[2:3], v4, off offset:-4096
scratch_load_dword v1, off, s2
scratch_load_dword v1, off, off
scratch_load_dword v1, v2, off offset:-4096
scratch_load_dword v1, v2, s1
scratch_load_dword v1, off, s2 lds
scratch_load_dword v2, off lds
scratch_load_dword off, s2 lds
scratch_load_dword v1, off, m0
scratch_load_dword v1, off, vcc_lo
scratch_load_dword v1, off, exec_lo
scratch_load_dword v1, off, exec_hi
scratch_load_dword v1, off, s[2:3]
scratch_store_dword off, v2, s3
scratch_store_dword v1, v2, off glc slc
scratch_load_dword v0, v1, off offset:-2049 glc slc
global_load_short_d16 v1, v[2:3], off
global_load_short_d16_hi v1, v[2:3], off offset:-4
flat_load_short_d16_hi v1, v[2:3]
scratch_load_ubyte_d16_hi v1, off, s3 offset:4095
global_load_dword v1, v[2:3], off noglc
global_load_dword v1, v[2:3], off glc noglc
global_store_dword v[2:3], v1, off offset:1 offset:2
global_load_dword a1, v[2:3], off`;

const MIMG = `image_load v[0:3], v0, s[0:7] dmask:0xf unorm glc slc a16 tfe lwe da
image_load v[0:4], v0, s[0:7] dmask:0xf unorm glc slc a16 tfe lwe da
image_load v[0:3], v0, s[0:7] dmask:0x7 tfe
image_load v[0:1], v0, s[0:7] dmask:0x7 d16
image_load v[0:2], v0, s[0:7] dmask:0x7 d16 tfe
image_load v[0:1], v0, s[0:7] dmask:0x7 tfe d16
image_load v0, v0, s[0:7]
image_load v0, v0, s[0:7] dmask:0x1 r128
image_load v0, v0, s[0:7] dmask:0x10
image_load v0, v0, s[0:7] dmask:0x0
image_load v0, v0, s[0:7] dmask:0x3
image_load v0, v0, s[0:7] unorm dmask:0x1
image_load v0, v0, s[0:7] dmask:0x1 lwe tfe
image_load v0, v0, s[0:7] dmask:0x1 da lwe
image_load v0, v0, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D
image_load v0, v0, s[2:9] dmask:0x1
image_load v0, v0, ttmp[4:11] dmask:0x1
image_load v0, v[0:3], s[0:7] dmask:0x1
image_load v0, v[0:4], s[0:7] dmask:0x1
image_load v0, v0, s[0:7] dmask:0x1 glc glc
image_load v0, v0, s[0:7] dmask:1
image_load v0, v0, s[0:7] dmask:0x1 a16 a16
image_load v[0:3], v0, s[0:7] dmask:0xf d16
image_load v[0:1], v0, s[0:7] dmask:0xf d16
image_sample v0, v0, s[0:7] dmask:0x1
image_sample v0, v0, s[0:7], s[9:12] dmask:0x1
image_gather4 v[0:3], v0, s[0:7], s[8:11] dmask:0x3
image_gather4 v[0:3], v0, s[0:7], s[8:11]
image_gather4 v[0:1], v0, s[0:7], s[8:11] dmask:0x1 d16
image_gather4 v[0:4], v0, s[0:7], s[8:11] dmask:0x1 tfe
image_atomic_add v0, v0, s[0:7] dmask:0x3 glc
image_atomic_cmpswap v[0:1], v0, s[0:7] dmask:0x1 glc
image_atomic_add v[0:1], v0, s[0:7] dmask:0x3 glc
image_atomic_add v0, v0, s[0:7] dmask:0x2 glc
image_atomic_add v0, v0, s[0:7] dmask:0x1 d16
image_get_resinfo v[0:1], v0, s[0:7] dmask:0xf
image_get_resinfo v0, v0, s[0:7] dmask:0x1 d16
image_get_lod v[0:1], v0, s[0:7], s[8:11] dmask:0x3
image_store v[0:1], v0, s[0:7] dmask:0xf unorm d16
image_load_pck v0, v0, s[0:7] dmask:0x1 d16
image_sample_d v0, v[0:10], s[0:7], s[8:11] dmask:0x1
image_sample_c_d_cl v0, v[0:10], s[0:7], s[8:11] dmask:0x1
image_sample_c_d_cl v0, v[0:11], s[0:7], s[8:11] dmask:0x1
image_sample_c_d_o v0, v[0:10], s[0:7], s[8:11] dmask:0x1
image_sample_c_d_o v0, v[0:11], s[0:7], s[8:11] dmask:0x1
image_sample_c_d_cl_o v0, v[0:11], s[0:7], s[8:11] dmask:0x1
image_sample_c_d_cl_o v0, v[0:12], s[0:7], s[8:11] dmask:0x1
image_sample_c_b_cl_o v0, v[0:6], s[0:7], s[8:11] dmask:0x1
image_sample_c_b_cl_o v0, v[0:7], s[0:7], s[8:11] dmask:0x1
image_sample_c_b_cl_o v0, v[0:8], s[0:7], s[8:11] dmask:0x1
image_sample_b_cl v0, v[0:5], s[0:7], s[8:11] dmask:0x1
image_sample_b_cl v0, v[0:7], s[0:7], s[8:11] dmask:0x1
image_sample_lz v0, v[0:3], s[0:7], s[8:11] dmask:0x1
image_sample_o v0, v0, s[0:7], s[8:11] dmask:0x1`;

const EXP = `exp mrt0 v0, v1, v2, v3 done vm
exp mrt0 v0, v1, v2, v3 vm done
exp mrt0 v0, off, off, off done
exp mrt0 off, off, off, off
exp mrtz v0, v0, off, off compr
exp mrtz v0, v1, off, off compr
exp mrtz v0, off, v1, off compr
exp mrtz off, v3, off, v1 compr
exp mrtz v0, v0, v1, v1 compr done vm
exp mrtz v0, v0, v1, v1 done compr vm
exp pos4 v0, v1, v2, v3
exp param32 v0, v1, v2, v3
exp mrt8 v0, v1, v2, v3
exp invalid_target_10 v0, v1, v2, v3
exp mrt0 v0, v1, v2
exp mrt0 v0, v1, v2, s3
exp mrt0, v0, v1, v2, v3
exp foo v0, v1, v2, v3
exp mrt0 v[0:1], v1, v2, v3
exp prim v0, v1, v2, v3
exp dual_src_blend0 v0, v1, v2, v3
exp null v255, v254, v253, v252 done`;

const VINTRP = `v_interp_p1_f32_e32 v1, v2, attr0.x
v_interp_p1_f32 v1, v2, attr31.x
v_interp_p1_f32 v1, v2, attr32.x
v_interp_p1_f32 v1, v2, attr33.x
v_interp_p1_f32 v1, v2, attr63.w
v_interp_p1_f32 v1, v2, attr0.q
v_interp_p1_f32 v1, v2, attr.x
v_interp_p1_f32 v1, v2, attrx.x
v_interp_p1_f32 v1, v2, attr1
v_interp_p1_f32 v1, v2, 5
v_interp_p1_f32 v1, v2
v_interp_p1_f32 v1, v2, attr1.x, v3
v_interp_p2_f32 v1, v2, attr3.z
v_interp_mov_f32 v1, p10, attr0.x
v_interp_mov_f32 v1, p20, attr0.y
v_interp_mov_f32_e32 v1, p0, attr0.w
v_interp_mov_f32 v1, v0, attr0.w
v_interp_mov_f32 v1, p30, attr0.w
v_interp_mov_f32 v1, 5, attr1.x
v_interp_mov_f32 v1, P10, attr1.x
v_interp_p1_f32 v1, s2, attr0.x
v_interp_p1_f32 v1, v2, attr0.x high
v_interp_p1_f32 v1, attr0.x, v2
v_interp_p1_f32 v1, v2, attr0.X
v_interp_p1_f32 v1, v2, ATTR0.x
v_interp_p1_f32 v1, v2, attr00.x
v_interp_p1_f32 v1, v[2:3], attr1.x`;

/** Source groups: name -> lines. */
const GROUPS: Record<string, string[]> = {
  ds: DS.split('\n'),
  swizzle: SWIZZLE.split('\n'),
  buf: BUF.split('\n'),
  flat: FLAT.split('\n'),
  mimg: [...MIMG.split('\n'), ...asmLines('mimg.s')],
  exp: [...EXP.split('\n'), ...asmLines('exp.s')],
  vintrp: [...VINTRP.split('\n'), ...asmLines('vintrp.s')],
};

function run(lines: string[], mcpu: Target): MemFixture {
  const dir = mkdtempSync(join(tmpdir(), 'gcnkit-mem-'));
  try {
    const file = join(dir, 'in.s');
    writeFileSync(file, lines.join('\n') + '\n');
    const r = spawnSync(LLVM_MC, ['-triple=amdgcn', `-mcpu=${mcpu}`, '-show-encoding', file], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    const errors = new Map<number, [string, number]>();
    for (const m of r.stderr.matchAll(/in\.s:(\d+):(\d+): error: ([^\n]*)/g))
      if (!errors.has(Number(m[1]))) errors.set(Number(m[1]), [m[3], Number(m[2])]);
    const encs = [...r.stdout.matchAll(/^\s*(.*?)\s*; encoding: \[([^\]]*)\]/gm)].map((m) => {
      const b = m[2].split(',').map((x) => Number.parseInt(x, 16));
      const words: string[] = [];
      for (let k = 0; k + 3 < b.length; k += 4)
        words.push(
          ((b[k] | (b[k + 1] << 8) | (b[k + 2] << 16) | (b[k + 3] << 24)) >>> 0)
            .toString(16)
            .padStart(8, '0'),
        );
      return [words.join(' '), m[1]] as const;
    });
    const fx: MemFixture = {
      generatedBy: 'scripts/gen-asm-mem-fixtures.ts (llvm-mc-22)',
      mcpu,
      cases: [],
      rejected: [],
    };
    let e = 0;
    const seen = new Set<string>();
    lines.forEach((src, k) => {
      const err = errors.get(k + 1);
      const dup = seen.has(src);
      seen.add(src);
      if (err) {
        if (!dup) fx.rejected.push([src, err[0], err[1]]);
      } else {
        const [hex, text] = encs[e++];
        if (!dup) fx.cases.push([src, hex, text]);
      }
    });
    if (e !== encs.length) throw new Error(`${mcpu}: ${encs.length} encodings for ${e} accepted lines`);
    return fx;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

mkdirSync(OUT, { recursive: true });
for (const [name, lines] of Object.entries(GROUPS)) {
  for (const mcpu of TARGETS) {
    // llvm-mc's canonical texts of the accepted lines are inputs too (the disassembler prints them).
    const first = run(lines, mcpu);
    const known = new Set(lines);
    const fx = run(
      [...lines, ...first.cases.map((c) => c[2]).filter((t) => !known.has(t) && known.add(t))],
      mcpu,
    );
    writeFileSync(
      join(OUT, `${name}.${mcpu}.json`),
      JSON.stringify(fx, null, 0).replace(/\],\[/g, '],\n[') + '\n',
    );
    console.log(`${name}.${mcpu}: ${fx.cases.length} accepted, ${fx.rejected.length} rejected`);
  }
}
