import { writeFileSync } from 'node:fs';
import path from 'node:path';

export interface TemporalServerSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  ports: {
    frontend: number;
    history: number;
    matching: number;
    worker: number;
    frontendHttp: number;
    membershipBase: number;
  };
  metricsPort: number;
  dynamicConfig: string;
}

const q = (value: string) => JSON.stringify(value);

/**
 * The server's static configuration: persistence and visibility on Postgres (plugin postgres12, as
 * compose's server image is told with DB=postgres12), all four roles in one process on loopback, the
 * Prometheus endpoint compose scrapes on 8000. Shards as compose: fixed for the life of the databases.
 */
export function temporalServerConfig(s: TemporalServerSettings): string {
  const store = (database: string, maxConns: number) => `      sql:
        pluginName: "postgres12"
        databaseName: ${q(database)}
        connectAddr: ${q(`${s.host}:${s.port}`)}
        connectProtocol: "tcp"
        user: ${q(s.user)}
        password: ${q(s.password)}
        maxConns: ${maxConns}
        maxIdleConns: ${maxConns}
        maxConnLifetime: "1h"`;
  const role = (name: string, grpcPort: number, offset: number, extra = '') => `  ${name}:
    rpc:
      grpcPort: ${grpcPort}
      membershipPort: ${s.ports.membershipBase + offset}
      bindOnLocalHost: true${extra}`;
  return `log:
  stdout: false
  level: warn

persistence:
  defaultStore: postgres-default
  visibilityStore: postgres-visibility
  numHistoryShards: ${Number(process.env.TEMPORAL_HISTORY_SHARDS ?? 512)}
  datastores:
    postgres-default:
${store('temporal', 10)}
    postgres-visibility:
${store('temporal_visibility', 4)}

global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: "127.0.0.1"
  metrics:
    prometheus:
      framework: "tally"
      timerType: "histogram"
      listenAddress: "127.0.0.1:${s.metricsPort}"

services:
${role('frontend', s.ports.frontend, 0, `\n      httpPort: ${s.ports.frontendHttp}`)}
${role('history', s.ports.history, 1)}
${role('matching', s.ports.matching, 2)}
${role('worker', s.ports.worker, 6)}

clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: "active"
  currentClusterName: "active"
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: "frontend"
      rpcAddress: "127.0.0.1:${s.ports.frontend}"
      httpAddress: "127.0.0.1:${s.ports.frontendHttp}"

dcRedirectionPolicy:
  policy: "noop"

dynamicConfigClient:
  filepath: ${q(s.dynamicConfig)}
  pollInterval: "10s"
`;
}

/**
 * HAProxy in front of the API processes. Health checks use liveness (a process that answers), so a
 * worker outage shows in readiness without taking the APIs out of rotation. A request whose API died
 * under it is tried on the other one (`retry-on`; safe because clients send Idempotency-Key); what
 * cannot be served gets 503 with Retry-After, never a bare 502/504.
 */
export function haproxyConfig(options: { port: number; host: string; servers: number[]; errorDir: string }): string {
  const body = JSON.stringify({
    error: { code: 'UPSTREAM_UNAVAILABLE', message: 'No API process could take the request; retry after the pause.' },
  });
  const errorFile = path.join(options.errorDir, 'haproxy-503.http');
  writeFileSync(
    errorFile,
    [
      'HTTP/1.1 503 Service Unavailable',
      'Content-Type: application/json',
      'Retry-After: 1',
      'Cache-Control: no-store',
      'Connection: close',
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n'),
  );
  return `global
  log stderr format raw local0 warning
  maxconn 2000

defaults
  mode http
  log global
  option httplog
  option redispatch
  retries 3
  retry-on conn-failure empty-response response-timeout 502 503 504
  option http-buffer-request
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 30s
  # A busy API may take a while to answer its check; a dead one refuses the connection at once.
  timeout check 5s
  errorfile 502 ${errorFile}
  errorfile 503 ${errorFile}
  errorfile 504 ${errorFile}

frontend api
  bind ${options.host}:${options.port}
  default_backend apis

backend apis
  balance roundrobin
  option httpchk GET /health/liveness
  default-server inter 1s fall 3 rise 1
${options.servers.map((port, i) => `  server api-${i + 1} 127.0.0.1:${port} check`).join('\n')}
`;
}
