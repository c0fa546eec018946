import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp, type AppDeps, type AppUpstreams } from '../../api/app.ts';
import { loadConfig } from '../../core/config.ts';
import { createTenant, type Tenant } from './access.ts';
import { testServers } from './servers.ts';
import { ensureTestWorkers } from './workers.ts';
import { testUpstreams } from './upstreams.ts';

export interface TestApp {
  url: string;
  close(): Promise<void>;
}

/** The real app on a loopback port, with response validation on; its adapters are built as api/server.ts builds them. */
export async function startTestApp(
  overrides: Partial<Omit<AppDeps, 'upstreams'>> & { upstreams?: Partial<AppUpstreams> } = {},
): Promise<TestApp> {
  const { db, temporal } = testServers();
  const { upstreams, ...rest } = overrides;
  const app = createApp({
    db,
    temporal,
    publicBaseUrl: 'http://docs.test',
    validateResponses: true,
    accessPoint: { forwardToken: loadConfig().accessPointForwardToken },
    // Every test process calls from 127.0.0.1: the address windows of callers without credentials
    // and of sandbox key bootstraps would be shared by the whole run. Tests of a window pass their own limit.
    anonymousPerMinute: 100_000,
    bootstrapPerHour: 100_000,
    ...rest,
    upstreams: { ...testUpstreams({}, overrides.db ?? db), ...upstreams },
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  // Tests run the app in their own process, and some hold its event loop for seconds (the official
  // rules checker runs synchronously). Node's 5-second keep-alive would then end an idle connection
  // the moment the loop frees, under a request the client already sent on it: keep it longer than any
  // such pause. The client reads the server's Keep-Alive header and keeps to it.
  server.keepAliveTimeout = 120_000;
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Asserts the error envelope of part 7.1 and returns its `error` object. */
export async function errorBody(res: Response): Promise<Record<string, any>> {
  const body = (await res.json()) as { error?: Record<string, any> };
  if (!body.error) throw new Error(`expected an error envelope, got ${JSON.stringify(body)}`);
  if (body.error.requestId !== res.headers.get('x-request-id')) {
    throw new Error(
      `error.requestId ${body.error.requestId} differs from X-Request-Id ${res.headers.get('x-request-id')}`,
    );
  }
  return body.error;
}

/** The usual set-up of a suite that sends documents: workers running, the app, a sandbox tenant on the pro plan. */
export async function startSandboxSuite(): Promise<{ app: TestApp; tenant: Tenant }> {
  await ensureTestWorkers();
  return { app: await startTestApp(), tenant: await createTenant({ livemode: false, plan: 'pro' }) };
}
