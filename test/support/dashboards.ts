import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../core/config.ts';

export const TEMPORAL_DASHBOARD = path.join(PROJECT_ROOT, 'deploy', 'grafana', 'dashboards', 'temporal-server.json');

/** The metric names a Grafana dashboard's queries read (a name before `{` or `[`). */
export function dashboardMetrics(file: string): string[] {
  const dashboard = JSON.parse(readFileSync(file, 'utf8')) as { panels: Array<{ targets: Array<{ expr: string }> }> };
  const names = dashboard.panels.flatMap((p) =>
    p.targets.flatMap((t) => [...t.expr.matchAll(/([a-z_:][a-z0-9_:]*)(?=\{|\[)/g)]),
  );
  return [...new Set(names.map((m) => m[1]))].sort();
}
