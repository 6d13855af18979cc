// `gcnkit info [--json] FILE`
import { type CodeObjectInfo, codeObjectInfo } from '../elf/info.js';
import { ElfFile } from '../elf/reader.js';
import { type Command, flag, HELP_LINE, HELP_OPTION, positionals } from './command.js';
import { fromElfError } from './errors.js';
import { LIMITS, nameOf, readInput } from './io.js';

export const INFO: Command = {
  name: 'info',
  summary: 'target, sections, symbols, kernels: metadata and descriptors of a code object',
  usage: ['gcnkit info [--json] FILE'],
  optionHelp: [['--json', 'print one JSON document instead of text'], HELP_LINE],
  options: { ...HELP_OPTION, json: { type: 'boolean' } },
  run(args) {
    const [file] = positionals(INFO, args, ['FILE']);
    const bytes = readInput(file, LIMITS.codeObject, 'a code object');
    let info: CodeObjectInfo;
    try {
      info = codeObjectInfo(ElfFile.parse(bytes, nameOf(file)));
    } catch (e) {
      throw fromElfError(e);
    }
    process.stdout.write(flag(args, 'json') ? JSON.stringify(info, null, 1) + '\n' : infoText(info));
    return 0;
  },
};

const hex = (v: number | string): string =>
  typeof v === 'number' ? '0x' + v.toString(16) : BigInt(v).toString(16);

export function infoText(info: CodeObjectInfo): string {
  const t = info.target;
  const lines: string[] = [];
  const features = [
    t.sramecc !== 'unsupported' && t.sramecc !== 'any' ? `sramecc${t.sramecc === 'on' ? '+' : '-'}` : '',
    t.xnack !== 'unsupported' && t.xnack !== 'any' ? `xnack${t.xnack === 'on' ? '+' : '-'}` : '',
  ].filter(Boolean);
  lines.push(`file: ${info.file}`);
  lines.push(`target: amdgcn-amd-amdhsa--${[t.processor, ...features].join(':')}`);
  lines.push(
    `code object: ${t.codeObjectVersion !== undefined ? `v${t.codeObjectVersion}` : 'not HSA'}, ${info.header.type}, ${info.header.osAbi}, e_flags ${hex(info.header.flags)} (${info.header.flagNames.join(' ')})`,
  );
  lines.push('', 'sections:');
  for (const s of info.sections.slice(1)) {
    lines.push(
      `  [${String(s.index).padStart(2)}] ${s.name.padEnd(20)} ${s.type.padEnd(14)} addr ${hex(s.address).padStart(8)} off ${hex(s.offset).padStart(8)} size ${hex(s.size).padStart(8)} ${s.flags.map((f) => f.slice(4)).join('|')}`,
    );
  }
  const named = info.symbols.length ? info.symbols : info.dynamicSymbols;
  lines.push('', `symbols (${info.symbols.length ? '.symtab' : '.dynsym'}):`);
  for (const s of named.slice(1)) {
    if (s.type === 'STT_SECTION' || s.type === 'STT_FILE') continue;
    lines.push(
      `  ${hex(s.value).padStart(8)} ${String(s.size).padStart(6)} ${s.type.slice(4).padEnd(7)} ${s.bind.slice(4).padEnd(6)} ${s.visibility.slice(4).padEnd(9)} ${s.section.padEnd(10)} ${s.name}`,
    );
  }
  for (const k of info.kernels) {
    lines.push(
      '',
      `kernel ${k.name}: descriptor ${k.descriptorSymbol} at ${hex(k.descriptorAddress)}, code at ${hex(k.codeAddress)}`,
    );
    const md = k.metadata as unknown as Record<string, unknown>;
    for (const [key, v] of Object.entries(md)) {
      if (key === '.args' || key === '.name' || key === '.symbol') continue;
      lines.push(`  ${key}: ${JSON.stringify(v)}`);
    }
    const args = (md['.args'] ?? []) as Record<string, unknown>[];
    lines.push(`  args (${args.length}):`);
    for (const a of args) {
      const extras = Object.entries(a)
        .filter(([key]) => !['.name', '.offset', '.size', '.value_kind', '.type_name'].includes(key))
        .map(([key, v]) => `${key}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
      const kind = a['.value_kind'];
      const type = a['.type_name'];
      lines.push(
        `    @${String(a['.offset']).padEnd(4)} ${String(a['.size']).padStart(3)}B ${String(kind).padEnd(22)} ${a['.name'] ?? ''}${type ? `: ${type}` : ''}${extras.length ? `  (${extras.join(', ')})` : ''}`,
      );
    }
    lines.push('  descriptor:');
    const { fields, fieldsUnavailable } = k.descriptor as {
      fields: Record<string, unknown> | null;
      fieldsUnavailable?: string;
    };
    if (!fields) lines.push(`    (${fieldsUnavailable})`);
    for (const [key, v] of Object.entries(fields ?? {})) lines.push(`    ${key} ${String(v)}`);
  }
  return lines.join('\n') + '\n';
}
