import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../core/config.ts';
import type { TestPki } from './pki.ts';
import { freePort } from '../../core/ports.ts';

/** Built by scripts/gateway.mjs (run by npm install when a JDK and Maven are present). */
export const GATEWAY_JAR = path.join(PROJECT_ROOT, 'gateway', 'target', 'gateway.jar');

/** Same rule as scripts/gateway.mjs: the jar must be newer than the pom and every source file. */
function newestSource(dir = path.join(PROJECT_ROOT, 'gateway', 'src')): number {
  let newest = statSync(path.join(PROJECT_ROOT, 'gateway', 'pom.xml')).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export interface GatewayOptions {
  name: string;
  keystore: string;
  keystorePassword: string;
  trustedCaFile: string;
  endpointsFile: string;
  forwardUrl: string;
  forwardToken: string;
  token: string;
  dataDir: string;
  /**
   * Only the quick first tier of the JIT (default): a test gateway starts and answers sooner. A
   * benchmark wants the optimising tier that a deployed gateway runs with.
   */
  quickStart?: boolean;
}

export interface RunningGateway {
  name: string;
  url: string;
  /** The AS4 endpoint other access points send to. */
  as4Url: string;
  logFile: string;
  stop(): Promise<void>;
  /** `kill -9`: no shutdown hook, no flush; what is on disk is all that survives. */
  crash(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A suite that dies half-way must not leave JVMs behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Why the gateway cannot run here, or null when it can: the jar must be built (npm install builds it
 * when a JDK and Maven are present; `node scripts/gateway.mjs` builds it by hand) and java must run.
 */
export function gatewayUnavailable(): string | null {
  if (!existsSync(GATEWAY_JAR)) return 'gateway/target/gateway.jar is missing (run `node scripts/gateway.mjs`)';
  if (statSync(GATEWAY_JAR).mtimeMs < newestSource())
    return 'gateway/target/gateway.jar is older than gateway/src (run `node scripts/gateway.mjs`)';
  if (spawnSync('java', ['-version'], { stdio: 'ignore' }).status !== 0) return 'java is not on PATH';
  return null;
}

/** Starts one gateway JVM on a free loopback port; resolves once it listens. */
export async function startGateway(options: GatewayOptions, port?: number): Promise<RunningGateway> {
  const listenPort = port ?? (await freePort());
  mkdirSync(options.dataDir, { recursive: true });
  const logFile = path.join(options.dataDir, 'gateway.log');
  const log = createWriteStream(logFile, { flags: 'a' });
  // The name on the command line tells the processes apart (benchmarks read CPU per process from it).
  const child = spawn(
    'java',
    [
      `-Dgateway.name=${options.name}`,
      ...(options.quickStart === false ? [] : ['-XX:TieredStopAtLevel=1']),
      '-Xshare:auto',
      '-jar',
      GATEWAY_JAR,
    ],
    {
      env: {
        PATH: process.env.PATH,
        GATEWAY_PORT: String(listenPort),
        GATEWAY_KEYSTORE: options.keystore,
        GATEWAY_KEYSTORE_PASSWORD: options.keystorePassword,
        GATEWAY_TRUSTED_CA: options.trustedCaFile,
        GATEWAY_TOKEN: options.token,
        GATEWAY_FORWARD_URL: options.forwardUrl,
        GATEWAY_FORWARD_TOKEN: options.forwardToken,
        GATEWAY_ENDPOINTS: options.endpointsFile,
        GATEWAY_DATA_DIR: options.dataDir,
        // The test CA publishes no OCSP responder or CRL.
        GATEWAY_REVOCATION_CHECK: 'NONE',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));

  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => fail(new Error('did not start within 60 s')), 60_000);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : '';
      reject(new Error(`gateway ${options.name}: ${err.message}\n${tail}`));
    };
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (seen.includes('GATEWAY READY')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => fail(new Error(`exited with code ${code} before it was ready`)));
  });

  const url = `http://127.0.0.1:${listenPort}`;
  return {
    name: options.name,
    url,
    as4Url: `${url}/as4`,
    logFile,
    async crash() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
      log.end();
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      log.end();
    },
  };
}

/** One access point's entry in a fixed endpoint table: its AS4 URL and certificate. */
export interface EndpointEntry {
  url: string;
  certificatePem: string;
}

/**
 * Writes a `GATEWAY_ENDPOINTS` table: each participant at its access point, and each access point's
 * SPID (0242 and the main id of its seat, where a Message Level Status goes) at itself.
 */
export function writeEndpointTable(
  file: string,
  participants: Record<string, EndpointEntry>,
  accessPoints: Array<EndpointEntry & { seatId: string }>,
): void {
  const table: Record<string, { url: string; certificate: string }> = {};
  for (const [participantId, entry] of Object.entries(participants))
    table[participantId] = { url: entry.url, certificate: entry.certificatePem };
  for (const ap of accessPoints) table[`0242:${ap.seatId.slice(3)}`] = { url: ap.url, certificate: ap.certificatePem };
  writeFileSync(file, JSON.stringify(table));
}

/** A gateway's identity from a test PKI: its keystore, and the CA it trusts for other access points. */
export function identityOf(
  pki: TestPki,
  name: 'a' | 'b' | 'c',
): Pick<GatewayOptions, 'name' | 'keystore' | 'keystorePassword' | 'trustedCaFile'> {
  return { name, keystore: pki[name].keystore, keystorePassword: pki[name].password, trustedCaFile: pki.caFile };
}

/**
 * The endpoint table of access points A and B of a test PKI on loopback ports: each participant at
 * the access point that serves it, and both access points' SPIDs.
 */
export function writeLoopbackEndpointTable(
  file: string,
  pki: TestPki,
  ports: { a: number; b: number },
  participants: Record<string, 'a' | 'b'>,
): void {
  const at = (name: 'a' | 'b') => ({
    url: `http://127.0.0.1:${ports[name]}/as4`,
    certificatePem: pki[name].certificatePem,
  });
  writeEndpointTable(
    file,
    Object.fromEntries(Object.entries(participants).map(([participantId, name]) => [participantId, at(name)])),
    (['a', 'b'] as const).map((name) => ({ ...at(name), seatId: pki[name].seatId })),
  );
}
