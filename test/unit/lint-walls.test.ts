import { expect } from 'chai';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { PROJECT_ROOT } from '../../core/config.ts';

/**
 * Each wall of eslint.config.js, proven by a file that crosses it and one beside it that does not.
 * The files are linted as text at a path of the room they stand in; type information is not needed
 * by these rules, so the project service is left out.
 */
const eslint = new ESLint({ cwd: PROJECT_ROOT, overrideConfig: [tseslint.configs.disableTypeChecked] });

async function problemsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const crossings: [room: string, filePath: string, code: string, wall: RegExp][] = [
  ['workflows', 'workflows/x/wall.ts', "import { readFileSync } from 'fs';\nreadFileSync;\n", /no Node built-ins/],
  ['workflows', 'workflows/x/wall.ts', "import { join } from 'node:path';\njoin;\n", /no Node built-ins/],
  [
    'workflows',
    'workflows/x/wall.ts',
    "import { startOwedWorkflows } from '../../core/workflow-starts.ts';\nstartOwedWorkflows;\n",
    /core\/'s runtime/,
  ],
  [
    'workflows',
    'workflows/x/wall.ts',
    "import { Client } from '@temporalio/client';\nClient;\n",
    /only @temporalio\/workflow/,
  ],
  [
    'workflows',
    'workflows/x/wall.ts',
    "import { findEvent } from '../../db/events.ts';\nfindEvent;\n",
    /must not import db\//,
  ],
  [
    'activities',
    'activities/wall.ts',
    "import { ApiError } from '../api/errors.ts';\nApiError;\n",
    /must not import api\//,
  ],
  ['api', 'api/x/wall.ts', "import { sql } from 'kysely';\nsql;\n", /Kysely lives in db\//],
  [
    'api',
    'api/x/wall.ts',
    "import type { Selectable } from 'kysely';\nexport type X = Selectable<object>;\n",
    /Kysely/,
  ],
  ['api', 'api/x/wall.ts', "export const q = (db: any) => db.selectFrom('companies');\n", /queries live in db\//],
  ['activities', 'activities/wall.ts', "export const q = (db: any) => db.updateTable('documents');\n", /queries live/],
  ['upstreams', 'upstreams/x/wall.ts', "export const q = (db: any) => db.deleteFrom('events');\n", /queries live/],
  ['api', 'api/x/wall.ts', "import { x } from '../../activities/documents.ts';\nx;\n", /must not import activities\//],
  ['upstreams', 'upstreams/x/wall.ts', "import { x } from '../../activities/documents.ts';\nx;\n", /activities\//],
  ['core domain', 'core/wall.ts', "import { findEvent } from '../db/events.ts';\nfindEvent;\n", /must not import db\//],
  ['core domain', 'core/wall.ts', "import { loadConfig } from './config.ts';\nloadConfig;\n", /core\/'s runtime/],
  ['core domain', 'core/wall.ts', "import { readFileSync } from 'fs';\nreadFileSync;\n", /no I\/O/],
  [
    'core runtime',
    'core/config.ts',
    "import { ApiError } from '../api/errors.ts';\nApiError;\n",
    /must not import api\//,
  ],
  ['peppol', 'peppol/wall.ts', "import { newId } from '../core/ids.ts';\nnewId;\n", /must not import core\//],
  ['db', 'db/wall.ts', "import express from 'express';\nexpress;\n", /db\/ knows no HTTP/],
  ['workers', 'workers/wall.ts', "import { createApp } from '../api/app.ts';\ncreateApp;\n", /must not import api\//],
];

const allowed: [room: string, filePath: string, code: string][] = [
  [
    'workflows',
    'workflows/x/wall.ts',
    "import { proxyActivities } from '@temporalio/workflow';\nimport { planLifecycleMove } from '../../core/lifecycle.ts';\n" +
      "import type { DocumentActivities } from '../../activities/documents.ts';\n" +
      "import type { Db } from '../../core/workflow-starts.ts';\n" +
      'export const x = [proxyActivities, planLifecycleMove] as unknown as DocumentActivities & Db;\n',
  ],
  [
    'db',
    'db/wall.ts',
    "import { sql } from 'kysely';\nexport const q = (db: any) => db.selectFrom('companies').where(sql`true`);\n",
  ],
  ['api', 'api/x/wall.ts', "import type { CompanyRow } from '../../db/schema.ts';\nexport type X = CompanyRow;\n"],
  [
    'core domain',
    'core/wall.ts',
    "import { randomBytes } from 'node:crypto';\nimport { newId } from './ids.ts';\nexport const x = [randomBytes, newId];\n",
  ],
];

describe('lint walls between the rooms of the code', () => {
  for (const [room, filePath, code, wall] of crossings) {
    it(`${room}: refuses ${code.split('\n')[0]}`, async () => {
      const problems = await problemsOf(filePath, code);
      expect(
        problems.some((p) => wall.test(p)),
        problems.join('\n') || 'no problem reported',
      ).to.equal(true);
    });
  }
  for (const [room, filePath, code] of allowed) {
    it(`${room}: lets ${code.split('\n')[0]} through`, async () => {
      const problems = (await problemsOf(filePath, code)).filter((p) => /restricted|queries live/.test(p));
      expect(problems).to.deep.equal([]);
    });
  }
});
