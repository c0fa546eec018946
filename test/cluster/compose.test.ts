import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../core/config.ts';
import { CLUSTER, COMPOSE_ONLY } from '../../scripts/cluster/topology.ts';
import { dashboardMetrics } from '../support/dashboards.ts';

interface ComposeService {
  image?: string;
  volumes?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, unknown> | string[];
  deploy?: { replicas?: string | number };
}

/** `${NAME:-default}` → default; anything else as written. */
const defaultOf = (value: string | number | undefined) => {
  const text = String(value ?? '');
  return /^\$\{[A-Z_]+:-(.*)\}$/.exec(text)?.[1] ?? text;
};
const tagOf = (image: string | undefined) => defaultOf(/:(\$\{.*\}|[^:]+)$/.exec(image ?? '')?.[1]);

describe('docker-compose.yml runs what npm run start:cluster runs', () => {
  const compose = parse(readFileSync(path.join(PROJECT_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const services = compose.services;

  it('has every cluster service, and only the documented others', () => {
    const cluster = CLUSTER.services.map((s) => s.name);
    expect(Object.keys(services).sort()).to.deep.equal([...cluster, ...Object.keys(COMPOSE_ONLY)].sort());
  });

  it('starts them in the same order: each depends on what the cluster starts it after', () => {
    for (const service of CLUSTER.services) {
      const deps = services[service.name].depends_on ?? [];
      const names = Array.isArray(deps) ? deps : Object.keys(deps);
      // Compose may add its own servers but never misses a cluster dependency; Temporal's Postgres is
      // the one server in the cluster, temporal-postgres in compose.
      for (const after of service.after)
        expect(names, service.name).to.include(
          after === 'postgres' && service.name.startsWith('temporal') ? 'temporal-postgres' : after,
        );
    }
  });

  it('names the Temporal server version the cluster builds, for the server and both setup jobs', () => {
    for (const name of ['temporal', 'temporal-schema', 'temporal-setup'])
      expect(tagOf(services[name].image), name).to.equal(CLUSTER.temporalServerVersion);
  });

  it('runs the Postgres major version of the embedded server, and the HAProxy the cluster runs', () => {
    for (const name of ['postgres', 'temporal-postgres'])
      expect(tagOf(services[name].image), name).to.equal(CLUSTER.postgresMajor);
    expect(services.lb.image).to.match(/^haproxy:/);
    expect(tagOf(services.lb.image)).to.equal(CLUSTER.haproxyVersion);
  });

  it('gives the APIs and workers the same variables and replica counts', () => {
    for (const service of CLUSTER.services.filter((s) => s.name === 'api' || s.name === 'worker')) {
      const env = Object.keys(services[service.name].environment ?? {});
      expect(env.sort(), service.name).to.deep.equal([...CLUSTER.appVariables].sort());
      expect(Number(defaultOf(services[service.name].deploy?.replicas)), service.name).to.equal(
        'replicas' in service ? service.replicas : 1,
      );
    }
  });

  describe('Prometheus and Grafana', () => {
    const read = (file: string) => parse(readFileSync(path.join(PROJECT_ROOT, file), 'utf8'));
    /** `./deploy/x:/in/container:ro` → the host path of what is mounted at `target`. */
    const mounted = (service: string, target: string) => {
      const volume = (services[service].volumes ?? []).find((v) => v.split(':')[1] === target);
      expect(volume, `${service} mounts ${target}`).to.be.a('string');
      return path.join(PROJECT_ROOT, volume!.split(':')[0]);
    };

    it("scrapes the Temporal server's metrics endpoint, on the port compose and start:cluster give it", () => {
      const endpoint = services.temporal.environment?.PROMETHEUS_ENDPOINT;
      expect(endpoint, 'PROMETHEUS_ENDPOINT of the temporal service').to.equal(
        `0.0.0.0:${CLUSTER.temporalMetricsPort}`,
      );
      const prometheus = parse(readFileSync(mounted('prometheus', '/etc/prometheus/prometheus.yml'), 'utf8')) as {
        scrape_configs: Array<{ job_name: string; static_configs?: Array<{ targets: string[] }> }>;
      };
      const job = prometheus.scrape_configs.find((j) => j.job_name === 'temporal-server');
      expect(job?.static_configs?.flatMap((c) => c.targets)).to.deep.equal([`temporal:${CLUSTER.temporalMetricsPort}`]);
    });

    it("provisions the Temporal server's dashboard beside the service's, on the provisioned data source", () => {
      const provisioning = mounted('grafana', '/etc/grafana/provisioning');
      const provider = read(path.relative(PROJECT_ROOT, path.join(provisioning, 'dashboards', 'docex.yaml'))) as {
        providers: Array<{ options: { path: string } }>;
      };
      const dashboards = mounted('grafana', provider.providers[0].options.path);
      const datasource = read(
        path.relative(PROJECT_ROOT, path.join(provisioning, 'datasources', 'prometheus.yaml')),
      ) as {
        datasources: Array<{ uid: string; type: string }>;
      };
      for (const file of ['docex.json', 'temporal-server.json']) {
        const dashboard = JSON.parse(readFileSync(path.join(dashboards, file), 'utf8')) as {
          uid: string;
          panels: Array<{
            title: string;
            datasource: { uid: string };
            targets: Array<{ datasource: { uid: string } }>;
          }>;
        };
        expect(dashboard.panels.length, file).to.be.greaterThan(0);
        for (const panel of dashboard.panels)
          for (const ds of [panel.datasource, ...panel.targets.map((t) => t.datasource)])
            expect(ds.uid, `${file}: ${panel.title}`).to.equal(datasource.datasources[0].uid);
      }
      // The panels read the server's own metrics, not the SDK's (temporal_*) nor the service's (docex_*);
      // test/cluster/faults.test.ts finds each of them on the running server's endpoint.
      const metrics = dashboardMetrics(path.join(dashboards, 'temporal-server.json'));
      expect(metrics).to.include.members([
        'service_requests',
        'persistence_latency_bucket',
        'approximate_backlog_count',
      ]);
      expect(metrics.filter((m) => /^(temporal|docex)_/.test(m))).to.deep.equal([]);
    });
  });
});
