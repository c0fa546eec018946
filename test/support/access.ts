import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { newId } from '../../core/ids.ts';
import { insertApiKey } from '../../db/api-keys.ts';
import { insertCompany } from '../../db/companies.ts';
import { insertOrganization } from '../../db/organizations.ts';
import { generateKeySecret } from '../../api/api-keys/secrets.ts';
import { randomBelgianEnterpriseNumber } from '../../api/sandbox/company-seed.ts';
import type { KeyType } from '../../core/plans.ts';
import { createScope, type Scope } from '../../core/scope.ts';
import { testServers } from './servers.ts';
import type { DocumentType } from '../../peppol/index.ts';
import { startTestApp, type TestApp } from './app.ts';

export interface Tenant {
  organizationId: string;
  key: string;
  keyId: string;
  companyId: string;
}

/** An organization with one company and a key, written through the repositories (live unless told). */
export async function createTenant(
  options: {
    plan?: string;
    livemode?: boolean;
    keyType?: KeyType;
    scopes?: string[];
    rateLimit?: number | null;
    expiresAt?: Date | null;
    bindToCompany?: boolean;
  } = {},
): Promise<Tenant> {
  const { db } = testServers();
  const livemode = options.livemode ?? true;
  const org = await insertOrganization(db, {
    name: `Tenant ${newId('org').slice(4, 10)}`,
    plan: options.plan ?? 'free',
    country: 'BE',
  });
  const company = await createCompany(org.id, livemode);
  const key = await createKey(org.id, {
    livemode,
    keyType: options.keyType ?? 'personal',
    scopes: options.scopes ?? ['*'],
    rateLimit: options.rateLimit ?? null,
    expiresAt: options.expiresAt ?? null,
    companyId: options.bindToCompany ? company : null,
  });
  return { organizationId: org.id, key: key.secret, keyId: key.id, companyId: company };
}

/** Sets the document types a company sends and receives (a tenant's company: invoices only). */
export async function setCapabilities(
  companyId: string,
  capabilities: { send: DocumentType[]; receive: DocumentType[] },
): Promise<void> {
  await testServers()
    .db.updateTable('companies')
    .set({ capabilities: JSON.stringify(capabilities) })
    .where('id', '=', companyId)
    .execute();
}

/** The Peppol participant id of a company, as the database has it. */
export async function companyPeppolId(companyId: string): Promise<string> {
  const row = await testServers()
    .db.selectFrom('companies')
    .select('peppol_id')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return row.peppol_id!;
}

export async function createCompany(organizationId: string, livemode: boolean): Promise<string> {
  const number = randomBelgianEnterpriseNumber();
  const row = await insertCompany(testServers().db, {
    id: newId('comp'),
    organizationId,
    livemode,
    name: `Company ${number}`,
    legalName: `Company ${number} BV`,
    vatNumber: `BE${number}`,
    country: 'BE',
    peppolId: `0208:${number}`,
    address: { city: 'Brussels', country: 'BE' },
    capabilities: { send: ['invoice'], receive: ['invoice'] },
  });
  return row.id;
}

export async function createKey(
  organizationId: string,
  options: {
    livemode: boolean;
    keyType?: KeyType;
    scopes?: string[];
    rateLimit?: number | null;
    expiresAt?: Date | null;
    companyId?: string | null;
  },
) {
  const keyType = options.keyType ?? 'personal';
  const { secret, keyPrefix } = generateKeySecret(keyType, options.livemode);
  const row = await insertApiKey(testServers().db, {
    id: newId('key'),
    organizationId,
    companyId: options.companyId ?? null,
    name: 'test key',
    keyType,
    livemode: options.livemode,
    keyPrefix,
    secret,
    scopes: options.scopes ?? ['*'],
    rateLimit: options.rateLimit ?? null,
    expiresAt: options.expiresAt ?? null,
    createdBy: 'test',
  });
  return { id: row.id, secret };
}

/** The scope a request of the organization's organization-wide key would carry, for calling repositories directly. */
export function tenantScope(organizationId: string, livemode: boolean): Scope {
  return createScope({ organizationId, livemode, callerKind: 'personal' });
}

export function bearer(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${token}`, ...extra };
}

export function jsonHeaders(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return bearer(token, { 'content-type': 'application/json', ...extra });
}

/** An identity provider on loopback: a JWKS endpoint and a signer for its tokens. */
export interface TestIdentityProvider {
  jwksUrl: string;
  audience: string;
  sign(
    claims: Record<string, unknown>,
    options?: { expiresIn?: string | number; audience?: string; key?: 'trusted' | 'foreign' },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function startIdentityProvider(audience = 'https://api.test'): Promise<TestIdentityProvider> {
  const trusted = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(trusted.publicKey)), kid: 'test-1', alg: 'RS256', use: 'sig' };
  const server = http.createServer((req, res) => {
    if (req.url === '/.well-known/jwks.json') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    audience,
    async sign(claims, options = {}) {
      const key = (options.key === 'foreign' ? foreign : trusted).privateKey;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-1' })
        .setIssuedAt()
        .setAudience(options.audience ?? audience)
        .setExpirationTime(options.expiresIn ?? '10m')
        .sign(key);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The app wired to a loopback identity provider, for suites that use JWTs. */
export async function startAppWithIdentityProvider(): Promise<{
  app: TestApp;
  idp: TestIdentityProvider;
  close(): Promise<void>;
}> {
  const idp = await startIdentityProvider();
  const app = await startTestApp({ jwt: { jwksUrl: idp.jwksUrl, audience: idp.audience, issuer: undefined } });
  return {
    app,
    idp,
    close: async () => {
      await app.close();
      await idp.close();
    },
  };
}
