// Reads the parts of supabase/config.toml the embedded stack honours ([functions.<name>] verify_jwt).
import { existsSync, readFileSync } from 'node:fs';

export type TomlValue = string | number | boolean;
export type TomlTables = Record<string, Record<string, TomlValue>>;

/** A deliberately small TOML reader: [table.headers] and `key = value` scalars; arrays are skipped. */
export function parseToml(text: string): TomlTables {
  const tables: TomlTables = { '': {} };
  let current = '';
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/^\s+|\s+$/g, '');
    if (!line || line.startsWith('#')) continue;
    const section = /^\[([^\]]+)\]$/.exec(line);
    if (section) {
      current = section[1]!
        .split('.')
        .map((p) => p.trim().replace(/^"(.*)"$/, '$1'))
        .join('.');
      tables[current] ??= {};
      continue;
    }
    const kv = /^("?[A-Za-z0-9_-]+"?)\s*=\s*(.+)$/.exec(line);
    if (!kv) continue;
    const key = kv[1]!.replace(/^"(.*)"$/, '$1');
    const rawValue = kv[2]!.replace(/\s+#.*$/, '');
    let value: TomlValue | undefined;
    if (rawValue === 'true' || rawValue === 'false') value = rawValue === 'true';
    else if (/^-?\d+(\.\d+)?$/.test(rawValue)) value = Number(rawValue);
    else if (/^"(.*)"$/.test(rawValue)) value = rawValue.slice(1, -1);
    else if (/^'(.*)'$/.test(rawValue)) value = rawValue.slice(1, -1);
    if (value !== undefined) tables[current]![key] = value;
  }
  return tables;
}

export function readToml(file: string): TomlTables {
  return existsSync(file) ? parseToml(readFileSync(file, 'utf8')) : { '': {} };
}

/** verify_jwt for a function; Supabase's default is true. */
export function functionVerifiesJwt(configFile: string, name: string): boolean {
  const value = readToml(configFile)[`functions.${name}`]?.verify_jwt;
  return value === undefined ? true : value === true;
}
