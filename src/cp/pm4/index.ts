// PM4 command streams: decode (the executor's and `gcnkit pm4`'s reader), describe for printing, build,
// and the opcode, packet-layout and register tables they share (docs/pm4.md).
export { Pm4Builder } from './builder.js';
export {
  type DecodeOptions,
  decodePacket,
  decodeStream,
  Pm4Error,
  type Pm4Packet,
  readFields,
} from './decode.js';
export { encodePacket, type FieldValue, type FieldValues, type PacketOptions } from './encode.js';
export * from './header.js';
export type { AddrField, BitField, Field, FieldEnum, Layout, TailKind } from './layout.js';
export { type Engine, OPCODES, type Opcode, opcodeByName, opcodeTable } from './opcodes.js';
export { layoutOf } from './packets.js';
export { describePacket, type PacketView, packetText, type RegisterWrite, streamText } from './print.js';
export { FIELDS, fieldsOn, type RegField, regField, wavesPerShField } from './register-fields.js';
export * from './registers.js';
