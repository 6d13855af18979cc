// Every packet the executor runs, by name. A packet not here is decoded but stops execution with an
// error naming it (docs/pm4.md's table says which and why).

import { CE_HANDLERS } from './handlers-ce.js';
import { DISPATCH_HANDLERS } from './handlers-dispatch.js';
import { FLOW_HANDLERS } from './handlers-flow.js';
import { GDS_HANDLERS } from './handlers-gds.js';
import { MEMORY_HANDLERS } from './handlers-memory.js';
import { STATE_HANDLERS } from './handlers-state.js';
import { SYNC_HANDLERS } from './handlers-sync.js';
import type { Handler } from './packet.js';

export const HANDLERS: ReadonlyMap<string, Handler> = new Map([
  ...STATE_HANDLERS,
  ...FLOW_HANDLERS,
  ...MEMORY_HANDLERS,
  ...SYNC_HANDLERS,
  ...CE_HANDLERS,
  ...GDS_HANDLERS,
  ...DISPATCH_HANDLERS,
]);
