// Builds dist/esm (ES modules) and dist/cjs (CommonJS), each with its type declarations, with the
// TypeScript compiler of this package's devDependencies. Run by `npm run build` and by `npm pack`.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
rmSync(path.join(here, 'dist'), { recursive: true, force: true });
for (const project of ['tsconfig.json', 'tsconfig.cjs.json'])
  execFileSync(process.execPath, [tsc, '-p', path.join(here, project)], { stdio: 'inherit' });
// Node reads dist/cjs/*.js (and TypeScript their .d.ts) as CommonJS by the nearest package.json.
mkdirSync(path.join(here, 'dist', 'cjs'), { recursive: true });
writeFileSync(path.join(here, 'dist', 'cjs', 'package.json'), '{ "type": "commonjs" }\n');
