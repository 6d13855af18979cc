// A decoded packet as text (one block per packet) or as a JSON-ready record with the same content:
// fields by name with enum values named, register writes by register name with their bit fields, and the
// register a WRITE_DATA/COPY_DATA/WAIT_REG_MEM/COND_WRITE address names when it is a register.
import type { Generation } from '../../isa/processors.js';
import type { Pm4Error, Pm4Packet } from './decode.js';
import { fieldsOn, regField } from './register-fields.js';
import { registerName, registers } from './registers.js';

export interface RegisterWrite {
  readonly offset: number;
  readonly name: string;
  readonly value: number;
  /** The register's named fields that are not zero. */
  readonly fields?: Readonly<Record<string, number>>;
}

export interface PacketView {
  readonly offset: number;
  readonly byteOffset: number;
  readonly header: string;
  readonly type: number;
  readonly size: number;
  readonly name: string;
  readonly opcode?: number;
  readonly predicate: boolean;
  readonly shaderType: 'graphics' | 'compute';
  readonly engine?: string;
  readonly graphicsOnly?: boolean;
  readonly problem?: string;
  readonly fields: Readonly<Record<string, number>>;
  /** Enum fields' value names, and the register an address field names. */
  readonly names: Readonly<Record<string, string>>;
  readonly registers?: readonly RegisterWrite[];
  readonly data?: readonly number[];
}

const hex = (v: number): string => '0x' + v.toString(16);

function nonZeroFields(value: number, offset: number, g: Generation): Record<string, number> | undefined {
  const def = registers(g).byOffset.get(offset);
  if (def?.fields === undefined) return undefined;
  const out: Record<string, number> = {};
  for (const [name, fl] of fieldsOn(def.fields, g)) {
    const v = regField(value, fl);
    if (v !== 0) out[name] = v;
  }
  return out;
}

/** [address field, selector field, selector value meaning "register"] */
const REGISTER_ADDRESSES: readonly (readonly [string, string])[] = [
  ['dst_addr', 'dst_sel'],
  ['src_addr', 'src_sel'],
  ['poll_address', 'mem_space'],
  ['poll_address', 'poll_space'],
  ['write_address', 'write_space'],
];

export function describePacket(p: Pm4Packet, g: Generation): PacketView {
  const names: Record<string, string> = {};
  for (const f of p.layout?.fields ?? []) {
    if (f.kind !== 'bits' || f.enum === undefined || !(f.name in p.fields)) continue;
    const n = f.enum[p.fields[f.name]];
    if (n !== undefined) names[f.name] = n;
  }
  for (const [a, sel] of REGISTER_ADDRESSES) {
    if (p.fields[sel] === 0 && a in p.fields && p.name !== 'DMA_DATA')
      names[a] = registerName(p.fields[a] % 0x40000, g);
  }
  let regs: RegisterWrite[] | undefined;
  if (p.regBase >= 0) {
    regs = [];
    for (let i = 0; i < p.data.length; i++) {
      const offset = p.regBase + i;
      const value = p.data[i];
      const fields = nonZeroFields(value, offset, g);
      regs.push({ offset, name: registerName(offset, g), value, ...(fields ? { fields } : {}) });
    }
  }
  return {
    offset: p.offset,
    byteOffset: p.offset * 4,
    header: '0x' + p.header.toString(16).padStart(8, '0'),
    type: p.type,
    size: p.size,
    name: p.name,
    ...(p.type === 3 ? { opcode: p.opcode } : {}),
    predicate: p.predicate,
    shaderType: p.shaderType === 1 ? 'compute' : 'graphics',
    ...(p.info ? { engine: p.info.engine, graphicsOnly: p.info.graphicsOnly } : {}),
    ...(p.problem ? { problem: p.problem } : {}),
    fields: { ...p.fields },
    names,
    ...(regs ? { registers: regs } : {}),
    ...(regs === undefined && p.data.length > 0 ? { data: [...p.data] } : {}),
  };
}

function fieldText(p: PacketView, name: string, v: number): string {
  const n = p.names[name];
  const num = v < 10 ? String(v) : hex(v);
  return n === undefined ? num : `${n} (${num})`;
}

/** The text block of one packet. */
export function packetText(p: PacketView): string {
  const lines: string[] = [];
  const flags = [
    p.type === 3 ? `opcode ${hex(p.opcode!)}` : `type ${p.type}`,
    `${p.size} dword${p.size === 1 ? '' : 's'}`,
    ...(p.type === 3 ? [p.shaderType] : []),
    ...(p.predicate ? ['predicated'] : []),
    ...(p.engine && p.engine !== 'DE' ? [`engine ${p.engine}`] : []),
    ...(p.graphicsOnly ? ['graphics only'] : []),
  ];
  lines.push(`${hex(p.byteOffset).padStart(8)}  ${p.header}  ${p.name}  (${flags.join(', ')})`);
  if (p.problem) lines.push(`          problem: ${p.problem}`);
  for (const [name, v] of Object.entries(p.fields))
    lines.push(`          ${name} = ${fieldText(p, name, v)}`);
  for (const r of p.registers ?? []) {
    const fs =
      r.fields && Object.keys(r.fields).length
        ? `  (${Object.entries(r.fields)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ')})`
        : '';
    lines.push(`          ${r.name} = ${hex(r.value)}${fs}`);
  }
  if (p.data) {
    for (let i = 0; i < p.data.length; i += 8) {
      const row = p.data.slice(i, i + 8).map((v) => hex(v).padStart(10));
      lines.push(`          data[${i}]${' '.repeat(Math.max(1, 6 - String(i).length))}${row.join(' ')}`);
    }
  }
  return lines.join('\n');
}

/** A whole decoded stream as text, with the error (if any) as its last line. */
export function streamText(views: readonly PacketView[], error?: Pm4Error): string {
  const blocks = views.map(packetText);
  if (error) blocks.push(`error: ${error.message}`);
  return blocks.length ? blocks.join('\n') + '\n' : '';
}
