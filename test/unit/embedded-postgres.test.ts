import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../core/embedded-postgres.ts';
import { freePort } from '../../core/ports.ts';
import { StartupError } from '../../core/startup-error.ts';

describe('embedded Postgres start-up faults', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'docex-pg-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names the version mismatch when the data folder is from another PostgreSQL major', async () => {
    const data = path.join(dir, 'postgres');
    mkdirSync(data);
    writeFileSync(path.join(data, 'PG_VERSION'), '15\n');
    const err = await startEmbeddedPostgres({ dataDir: data, port: await freePort() }).then(
      () => undefined,
      (e) => e,
    );
    expect(err).to.be.instanceOf(StartupError);
    expect((err as StartupError).render()).to.include(
      'was written by PostgreSQL 15, but the embedded server is PostgreSQL 18',
    );
  });

  it('names the port when it is already in use', async () => {
    const net = await import('node:net');
    const port = await freePort();
    const blocker = net.createServer().listen(port, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    try {
      const err = await startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), port }).then(
        () => undefined,
        (e) => e,
      );
      expect(err).to.be.instanceOf(StartupError);
      expect((err as StartupError).message).to.include(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  });
});
