import type { Context } from 'mocha';
import { gatewayUnavailable } from '../../../scripts/network/gateway.ts';

/**
 * The interop suites need the phase4 access point: in CI its absence fails the run; on a developer's
 * machine without a JDK the suite is skipped with the reason printed.
 */
export function requireGateway(context: Context): void {
  const unavailable = gatewayUnavailable();
  if (!unavailable) return;
  const reason = `the phase4 access point cannot run: ${unavailable}`;
  if (process.env.CI) throw new Error(`${reason}. CI must run the interop tests.`);
  console.warn(`\n  PENDING: ${reason}. Install a JDK 17+ and Maven, then run \`node scripts/gateway.mjs\`.\n`);
  context.skip();
}
