import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Children of a supervisor killed with SIGKILL outlive it and keep their ports. Each child's pid is
 * written under `<dataDir>/run/`, and the next start ends whatever a previous run left there.
 */
export function recordPid(dataDir: string, name: string, pid: number): void {
  const dir = path.join(dataDir, 'run');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.pid`), String(pid));
}

export function forgetPid(dataDir: string, name: string): void {
  rmSync(path.join(dataDir, 'run', `${name}.pid`), { force: true });
}

/** The pid recorded under `name` while that child runs, or undefined between a death and its restart. */
export function recordedPid(dataDir: string, name: string): number | undefined {
  const file = path.join(dataDir, 'run', `${name}.pid`);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ends a leftover process recorded under `name`, waiting up to `graceMs` before SIGKILL. */
export async function endLeftover(dataDir: string, name: string, graceMs = 5000): Promise<number | undefined> {
  const file = path.join(dataDir, 'run', `${name}.pid`);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  rmSync(file, { force: true });
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !alive(pid)) return undefined;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  return pid;
}
