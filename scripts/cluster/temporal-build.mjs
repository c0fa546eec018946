// Builds the Temporal server and its SQL schema tool from the server's Go module into .cluster/bin, and
// copies the module's Postgres schema next to them, once per version. `npm install` runs it when Go is
// present (scripts/setup.mjs); `npm run start:cluster` runs it on first use. Plain JS: runs before tsx.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The server module and version the cluster runs; docker-compose.yml names the same (test/cluster/compose.test.ts). */
export const TEMPORAL_SERVER_MODULE = 'go.temporal.io/server';
export const TEMPORAL_SERVER_VERSION = '1.32.2';
/** v1.32 needs Go 1.27; the go command fetches this toolchain from the module proxy like a module. */
export const GO_TOOLCHAIN = 'go1.27.3';

export const clusterDir = process.env.CLUSTER_BUILD_DIR || path.join(root, '.cluster');
export const temporalBinaries = {
  server: path.join(clusterDir, 'bin', 'temporal-server'),
  sqlTool: path.join(clusterDir, 'bin', 'temporal-sql-tool'),
  /** postgresql/v12/{temporal,visibility}/versioned from the same module. */
  schema: path.join(clusterDir, 'schema', 'postgresql', 'v12'),
};
const stamp = path.join(clusterDir, 'bin', 'VERSION');

export function temporalBuilt() {
  return (
    existsSync(temporalBinaries.server) &&
    existsSync(temporalBinaries.sqlTool) &&
    existsSync(path.join(temporalBinaries.schema, 'temporal', 'versioned')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === TEMPORAL_SERVER_VERSION
  );
}

export function goAvailable() {
  try {
    execFileSync('go', ['version'], { stdio: 'ignore', env: { ...process.env, GOTOOLCHAIN: 'local' } });
    return true;
  } catch {
    return false;
  }
}

/**
 * Returns { ok: true, built, seconds } or { ok: false, reason }. `log` receives progress lines.
 * The build module lives in .cluster/build (ignored by git), so the go command's caches are reused.
 */
export function buildTemporal({ log = console.log } = {}) {
  if (temporalBuilt()) return { ok: true, built: false, seconds: 0 };
  if (!goAvailable())
    return {
      ok: false,
      reason: 'Go is not installed (install Go 1.26 or newer, e.g. apt-get install golang, then run npm run setup)',
    };
  const started = Date.now();
  const buildDir = path.join(clusterDir, 'build');
  mkdirSync(buildDir, { recursive: true });
  mkdirSync(path.dirname(temporalBinaries.server), { recursive: true });
  writeFileSync(path.join(buildDir, 'go.mod'), 'module docex.local/temporal-build\n\ngo 1.27\n');
  writeFileSync(
    path.join(buildDir, 'tools.go'),
    `//go:build tools\n\npackage tools\n\nimport (\n\t_ "${TEMPORAL_SERVER_MODULE}/cmd/server"\n\t_ "${TEMPORAL_SERVER_MODULE}/cmd/tools/sql"\n)\n`,
  );
  const env = { ...process.env, GOTOOLCHAIN: GO_TOOLCHAIN, GOFLAGS: '-mod=mod' };
  const go = (args) =>
    execFileSync('go', args, { cwd: buildDir, env, stdio: ['ignore', 'pipe', 'inherit'] }).toString();
  try {
    log(
      `cluster: building the Temporal server ${TEMPORAL_SERVER_VERSION} from ${TEMPORAL_SERVER_MODULE} with ${GO_TOOLCHAIN} (about 5 minutes on two cores) ...`,
    );
    go(['get', `${TEMPORAL_SERVER_MODULE}@v${TEMPORAL_SERVER_VERSION}`]);
    go(['build', '-o', temporalBinaries.server, `${TEMPORAL_SERVER_MODULE}/cmd/server`]);
    go(['build', '-o', temporalBinaries.sqlTool, `${TEMPORAL_SERVER_MODULE}/cmd/tools/sql`]);
    const moduleDir = go(['list', '-m', '-f', '{{.Dir}}', TEMPORAL_SERVER_MODULE]).trim();
    rmSync(temporalBinaries.schema, { recursive: true, force: true });
    cpSync(path.join(moduleDir, 'schema', 'postgresql', 'v12'), temporalBinaries.schema, { recursive: true });
    writeFileSync(stamp, `${TEMPORAL_SERVER_VERSION}\n`);
  } catch (err) {
    return { ok: false, reason: `the Go build failed: ${String(err.message).split('\n')[0]}` };
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  log(
    `cluster: Temporal server ${TEMPORAL_SERVER_VERSION} built into ${path.relative(root, clusterDir)}/bin in ${seconds} s`,
  );
  return { ok: true, built: true, seconds };
}

// `node scripts/cluster/temporal-build.mjs`: build now, exit 1 when it cannot (CI must not go on without it).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = buildTemporal();
  if (!result.ok) {
    console.error(`cluster: the Temporal server was not built: ${result.reason}`);
    process.exit(1);
  }
  if (!result.built) console.log(`cluster: Temporal server ${TEMPORAL_SERVER_VERSION} already built in .cluster/bin`);
}
