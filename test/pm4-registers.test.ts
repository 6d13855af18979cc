// Register tables: the COMPUTE_* offsets of gfx6 (Mesa sid.h byte addresses / 4) and gfx9
// (gc_9_0_offset.h, segment 0 at 0x2000), names by offset with hex for unknown ones, and the field
// constants the executor reads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FIELDS, fieldsOn, regField, wavesPerShField } from '../src/cp/pm4/register-fields.js';
import { REG, registerName, registerOffset, registers } from '../src/cp/pm4/registers.js';
import { GENERATIONS } from '../src/isa/processors.js';

test('COMPUTE_* offsets: the same block on every generation, TBA/TMA on SI/CIK only, SE4-7 and RSRC3 on gfx9', () => {
  // R_00B800_COMPUTE_DISPATCH_INITIATOR, R_00B830_COMPUTE_PGM_LO, R_00B848_COMPUTE_PGM_RSRC1,
  // R_00B854_COMPUTE_RESOURCE_LIMITS, R_00B860_COMPUTE_TMPRING_SIZE, R_00B900_COMPUTE_USER_DATA_0.
  for (const g of GENERATIONS) {
    assert.equal(registerOffset('COMPUTE_DISPATCH_INITIATOR', g), 0xb800 / 4);
    assert.equal(registerOffset('COMPUTE_PGM_LO', g), 0xb830 / 4);
    assert.equal(registerOffset('COMPUTE_PGM_RSRC1', g), 0xb848 / 4);
    assert.equal(registerOffset('COMPUTE_RESOURCE_LIMITS', g), 0xb854 / 4);
    assert.equal(registerOffset('COMPUTE_TMPRING_SIZE', g), 0xb860 / 4);
    assert.equal(registerOffset('COMPUTE_USER_DATA_15', g), 0xb93c / 4);
    assert.equal(registerName(0x2e4f, g), 'COMPUTE_USER_DATA_15');
  }
  assert.equal(registerName(0x2e0e, 'gfx6'), 'COMPUTE_TBA_LO');
  assert.equal(registerName(0x2e0b, 'gfx6'), 'COMPUTE_MAX_WAVE_ID');
  assert.equal(registerName(0x2e0b, 'gfx8'), 'COMPUTE_PERFCOUNT_ENABLE');
  assert.equal(registerName(0x2e0e, 'gfx9'), 'COMPUTE_DISPATCH_PKT_ADDR_LO');
  assert.equal(registerName(0x2e28, 'gfx9'), 'COMPUTE_STATIC_THREAD_MGMT_SE7');
  assert.equal(registerName(REG.COMPUTE_PGM_RSRC3, 'gfx9'), 'COMPUTE_PGM_RSRC3');
  assert.equal(registerName(0x2e2d, 'gfx6'), '0x2e2d');
  assert.equal(registerName(0x2140, 'gfx6'), 'SCRATCH_REG0');
  assert.equal(registerName(0xc040, 'gfx9'), 'SCRATCH_REG0');
  assert.equal(registerName(0x200b, 'gfx6'), 'GRBM_GFX_INDEX');
  assert.equal(registerName(0xc200, 'gfx7'), 'GRBM_GFX_INDEX');
  assert.throws(() => registerOffset('COMPUTE_TBA_LO', 'gfx9'), /no register COMPUTE_TBA_LO on gfx9/);
  for (const g of GENERATIONS) assert.ok(registers(g).byName.size > 40);
});

test('field constants: RSRC1/RSRC2/TMPRING_SIZE/RESOURCE_LIMITS/NUM_THREAD read their bits', () => {
  const rsrc2 = 0x0000138c; // USER_SGPR 6, TGID_X_EN, TIDIG_COMP_CNT 2
  assert.equal(regField(rsrc2, FIELDS.COMPUTE_PGM_RSRC2.USER_SGPR), 6);
  assert.equal(regField(rsrc2, FIELDS.COMPUTE_PGM_RSRC2.TGID_X_EN), 1);
  assert.equal(regField(rsrc2, FIELDS.COMPUTE_PGM_RSRC2.TIDIG_COMP_CNT), 2);
  assert.equal(regField(rsrc2 | (0x1ff << 15), FIELDS.COMPUTE_PGM_RSRC2.LDS_SIZE), 0x1ff);
  const tmp = (0x400 << 12) | 0x20; // WAVESIZE 0x400 (units of 256 dwords), WAVES 32
  assert.equal(regField(tmp, FIELDS.COMPUTE_TMPRING_SIZE.WAVES), 0x20);
  assert.equal(regField(tmp, FIELDS.COMPUTE_TMPRING_SIZE.WAVESIZE), 0x400);
  assert.equal(regField(0x00400040, FIELDS.COMPUTE_NUM_THREAD.NUM_THREAD_FULL), 0x40);
  assert.equal(regField(0x00400040, FIELDS.COMPUTE_NUM_THREAD.NUM_THREAD_PARTIAL), 0x40);
  assert.equal(regField(0x2c0041, FIELDS.COMPUTE_PGM_RSRC1.VGPRS), 1);
  assert.equal(regField(0x2c0041, FIELDS.COMPUTE_PGM_RSRC1.SGPRS), 1);
  assert.equal(regField(0x2c0041, FIELDS.COMPUTE_PGM_RSRC1.FLOAT_MODE), 0xc0);
  assert.equal(wavesPerShField('gfx6').width, 6);
  assert.equal(wavesPerShField('gfx9').width, 10);
  assert.ok(!fieldsOn(FIELDS.COMPUTE_PGM_RSRC1, 'gfx8').some(([n]) => n === 'FP16_OVFL'));
  assert.ok(fieldsOn(FIELDS.COMPUTE_PGM_RSRC1, 'gfx9').some(([n]) => n === 'FP16_OVFL'));
});
