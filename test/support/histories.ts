import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { PROJECT_ROOT } from '../../core/config.ts';
import { workflowBundle } from '../../workers/bundle.ts';

export type History = temporal.api.history.v1.IHistory;
const HistoryMessage = temporal.api.history.v1.History;

/** Recorded workflow histories that every later version of the workflow code must still replay. */
export const HISTORIES_DIR = path.join(PROJECT_ROOT, 'test', 'workflows', 'histories');

/**
 * Fixtures are protobufjs's object form of `temporal.api.history.v1.History` (int64 and bytes as
 * strings, enums by name), one event a line, not the CLI's JSON: the SDK's historyToJSON / historyFromJSON throw in
 * this install (its nested protobufjs 8 refuses the proto root built with protobufjs 7). The
 * worker identities, which name the recording machine, are replaced.
 */
export function writeHistoryFixture(name: string, history: History): void {
  const object = HistoryMessage.toObject(HistoryMessage.fromObject(history), {
    longs: String,
    enums: String,
    bytes: String,
  });
  const events = (object.events ?? []).map((event: unknown) =>
    JSON.stringify(event, (key, value) => (key === 'identity' ? 'docex-test' : value)),
  );
  mkdirSync(HISTORIES_DIR, { recursive: true });
  // One event a line: a diff shows which events a re-recording changed.
  writeFileSync(path.join(HISTORIES_DIR, `${name}.json`), `{"events": [\n${events.join(',\n')}\n]}\n`);
}

/** The committed fixtures by name (file name without `.json`), in name order. */
export function readHistoryFixtures(): Array<{ name: string; history: History }> {
  return readdirSync(HISTORIES_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({
      name: file.slice(0, -'.json'.length),
      history: HistoryMessage.fromObject(JSON.parse(readFileSync(path.join(HISTORIES_DIR, file), 'utf8'))),
    }));
}

/**
 * Replays each history against the bundle the workers run. Returns one line per history that does
 * not replay (a determinism violation, or a workflow task that fails on replay); none is success.
 */
export async function replayFailures(histories: Array<{ workflowId: string; history: History }>): Promise<string[]> {
  const failures: string[] = [];
  for await (const result of Worker.runReplayHistories(
    { workflowBundle: await workflowBundle(), replayName: 'docex-replay' },
    histories,
  )) {
    if (result.error) failures.push(`${result.workflowId}: ${result.error.name}: ${result.error.message}`);
  }
  return failures;
}
