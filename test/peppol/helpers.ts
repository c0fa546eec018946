import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'peppol');

export function readData(...parts: string[]): string {
  return readFileSync(join(DATA_DIR, ...parts), 'utf8');
}

export function listData(...parts: string[]): string[] {
  return readdirSync(join(DATA_DIR, ...parts)).sort();
}
