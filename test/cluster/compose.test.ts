import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../core/config.ts';
import { CLUSTER, COMPOSE_ONLY } from '../../scripts/cluster/topology.ts';

interface ComposeService {
  image?: string;
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
});
