// Names of packet field values that several packets share. Facts from seed 004 (chapter 2: WAIT_REG_MEM,
// COND_WRITE, COPY_DATA, WRITE_DATA, EVENT_WRITE*, MEM_SEMAPHORE) and, for the event types, the
// VGT_EVENT_INITIATOR values of Linux drivers/gpu/drm/radeon/sid.h (SI).
import type { FieldEnum } from './layout.js';

/** WAIT_REG_MEM / COND_WRITE FUNCTION: how the polled value (masked) compares with the reference. */
export const COMPARE: FieldEnum = {
  0: 'always',
  1: '<',
  2: '<=',
  3: '==',
  4: '!=',
  5: '>=',
  6: '>',
};

export const SPACE: FieldEnum = { 0: 'register', 1: 'memory' };

/** VGT_EVENT_INITIATOR event types (EVENT_WRITE*, RELEASE_MEM EVENT_TYPE). */
export const EVENT_TYPE: FieldEnum = {
  1: 'SAMPLE_STREAMOUTSTATS1',
  2: 'SAMPLE_STREAMOUTSTATS2',
  3: 'SAMPLE_STREAMOUTSTATS3',
  4: 'CACHE_FLUSH_TS',
  6: 'CACHE_FLUSH',
  7: 'CS_PARTIAL_FLUSH',
  10: 'VGT_STREAMOUT_RESET',
  11: 'END_OF_PIPE_INCR_DE',
  12: 'END_OF_PIPE_IB_END',
  13: 'RST_PIX_CNT',
  15: 'VS_PARTIAL_FLUSH',
  16: 'PS_PARTIAL_FLUSH',
  20: 'CACHE_FLUSH_AND_INV_TS_EVENT',
  21: 'ZPASS_DONE',
  22: 'CACHE_FLUSH_AND_INV_EVENT',
  23: 'PERFCOUNTER_START',
  24: 'PERFCOUNTER_STOP',
  25: 'PIPELINESTAT_START',
  26: 'PIPELINESTAT_STOP',
  27: 'PERFCOUNTER_SAMPLE',
  30: 'SAMPLE_PIPELINESTAT',
  32: 'SAMPLE_STREAMOUTSTATS',
  33: 'RESET_VTX_CNT',
  36: 'VGT_FLUSH',
  40: 'BOTTOM_OF_PIPE_TS',
  42: 'DB_CACHE_FLUSH_AND_INV',
  43: 'FLUSH_AND_INV_DB_DATA_TS',
  44: 'FLUSH_AND_INV_DB_META',
  45: 'FLUSH_AND_INV_CB_DATA_TS',
  46: 'FLUSH_AND_INV_CB_META',
  47: 'CS_DONE',
  48: 'PS_DONE',
  49: 'FLUSH_AND_INV_CB_PIXEL_DATA',
  51: 'THREAD_TRACE_START',
  52: 'THREAD_TRACE_STOP',
  54: 'THREAD_TRACE_FLUSH',
  55: 'THREAD_TRACE_FINISH',
};

/** EVENT_WRITE* EVENT_INDEX: which kind of event the packet carries (seed 004 2.8.3-2.8.5). */
export const EVENT_INDEX: FieldEnum = {
  0: 'OTHER',
  1: 'ZPASS_DONE',
  2: 'SAMPLE_PIPELINESTAT',
  3: 'SAMPLE_STREAMOUTSTAT',
  4: 'PARTIAL_FLUSH',
  5: 'EOP',
  6: 'EOS',
  7: 'CACHE_FLUSH',
};

/** EVENT_WRITE_EOP / RELEASE_MEM DATA_SEL. */
export const EOP_DATA_SEL: FieldEnum = {
  0: 'DISCARD',
  1: 'SEND_32BIT_LOW',
  2: 'SEND_64BIT_DATA',
  3: 'SEND_GPU_CLOCK_COUNTER',
  4: 'SEND_CP_PERFCOUNTER',
};

/** EVENT_WRITE_EOP / RELEASE_MEM INT_SEL. */
export const EOP_INT_SEL: FieldEnum = {
  0: 'NONE',
  1: 'SEND_INTERRUPT_ONLY',
  2: 'SEND_INTERRUPT_AFTER_WRITE_CONFIRM',
  3: 'SEND_DATA_AFTER_WRITE_CONFIRM',
};

/** WRITE_DATA / COPY_DATA ENGINE_SEL. */
export const ENGINE_SEL: FieldEnum = { 0: 'ME', 1: 'PFP', 2: 'CE', 3: 'DE' };

/** WRITE_DATA / COPY_DATA DST_SEL (seed 004 2.9.2, 2.9.4). */
export const DST_SEL: FieldEnum = {
  0: 'MEM_MAPPED_REGISTER',
  1: 'MEMORY_SYNC',
  2: 'TC_L2',
  3: 'GDS',
  5: 'MEMORY_ASYNC',
};

/** COPY_DATA SRC_SEL (seed 004 2.9.2). */
export const SRC_SEL: FieldEnum = {
  0: 'MEM_MAPPED_REGISTER',
  1: 'MEMORY',
  2: 'TC_L2',
  3: 'GDS',
  5: 'IMMEDIATE_DATA',
  6: 'ATOMIC_RETURN_DATA',
  7: 'GDS_ATOMIC_RETURN_DATA0',
  8: 'GDS_ATOMIC_RETURN_DATA1',
};
