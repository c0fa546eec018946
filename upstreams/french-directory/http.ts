import { bearerTokenSource, type ClientCredentials } from '../bearer-token.ts';
import { UpstreamError } from '../directory/types.ts';
import type { AnnuaireKey, AnnuaireResults, DirectoryLine, FrenchDirectory, FrenchRoute } from './types.ts';

export interface AnnuaireClientOptions {
  /** The partner PA's XP Z12-013 Directory Service root, e.g. `https://…/directory-service/v1`; unset: unavailable. */
  baseUrl: string | undefined;
  timeoutMs: number;
  /** A fixed bearer token. */
  token?: string | undefined;
  /** OAuth2 client credentials (the annuaire's gateway issues short-lived tokens); used when set. */
  oauth?: ClientCredentials | undefined;
  now?: () => number;
}

const UPSTREAM = 'french-directory';

function pathOf(key: AnnuaireKey): string {
  const e = encodeURIComponent;
  if (key.kind === 'siren') return `/siren/code-insee:${e(key.siren)}`;
  if (key.kind === 'siret') return `/siret/code-insee:${e(key.siret)}`;
  if (key.kind === 'routing-code') return `/routing-code/siret:${e(key.siret)}/code:${e(key.routingIdentifier)}`;
  return `/directory-line/code:${e(key.addressingIdentifier)}`;
}

/**
 * The public annuaire through its Directory Service API (the same interface the facade serves):
 * searches are POSTed as they came, single reads forward `fields` and `include`. 204 is an empty
 * result and 206 a reduced one; a 404 on a read is "no such entry"; anything else that is not a
 * 2xx, a timeout or a refused connection is the annuaire failing.
 */
export function createAnnuaireClient(options: AnnuaireClientOptions): FrenchDirectory {
  const bearer = bearerTokenSource(
    options,
    (problem, cause) =>
      new UpstreamError(UPSTREAM, 'unavailable', `The annuaire's token endpoint ${problem}.`, { cause }),
  );

  async function call(path: string, init: RequestInit, what: string): Promise<Response> {
    if (!options.baseUrl)
      throw new UpstreamError(UPSTREAM, 'unavailable', `${what} is not configured (FRENCH_DIRECTORY_BASE_URL).`);
    try {
      return await fetch(`${options.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (err) {
      if ((err as Error).name === 'TimeoutError')
        throw new UpstreamError(UPSTREAM, 'timeout', `${what} did not answer within ${options.timeoutMs} ms.`, {
          cause: err,
        });
      throw new UpstreamError(UPSTREAM, 'unavailable', `${what} cannot be reached: ${(err as Error).message}.`, {
        cause: err,
      });
    }
  }

  async function request(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    const token = await bearer.current();
    const headers: Record<string, string> = { accept: 'application/json', ...(init.headers as Record<string, string>) };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await call(path, { ...init, headers }, 'The French directory');
    if (res.status === 204 || res.status === 404) return { status: res.status, body: undefined };
    const text = await res.text().catch(() => '');
    if (!res.ok) {
      if (res.status === 401 || res.status === 403) bearer.forget();
      throw new UpstreamError(UPSTREAM, 'unavailable', `The French directory answered HTTP ${res.status}.`);
    }
    try {
      return { status: res.status, body: JSON.parse(text) as unknown };
    } catch (err) {
      throw new UpstreamError(UPSTREAM, 'malformed', 'The French directory answered with something that is not JSON.', {
        cause: err,
      });
    }
  }

  async function search<T>(kind: string, search: object): Promise<AnnuaireResults<T>> {
    const { status, body } = await request(`/${kind}/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(search),
    });
    if (status === 204 || status === 404) return { totalNumberOfResults: 0, results: [] };
    const envelope = body as Partial<AnnuaireResults<T>> | null;
    if (!envelope || !Array.isArray(envelope.results))
      throw new UpstreamError(UPSTREAM, 'malformed', 'The French directory answered a search without "results".');
    return {
      totalNumberOfResults:
        typeof envelope.totalNumberOfResults === 'number' ? envelope.totalNumberOfResults : envelope.results.length,
      results: envelope.results,
    };
  }

  return {
    search: (kind, body) => search(kind, body),
    async get(key, { fields, include }) {
      const query = new URLSearchParams();
      if (fields.length) query.set('fields', fields.join(','));
      if (include.length) query.set('include', include.join(','));
      const qs = query.toString();
      const { status, body } = await request(`${pathOf(key)}${qs ? `?${qs}` : ''}`, { method: 'GET' });
      if (status === 204 || status === 404) return undefined;
      if (!body || typeof body !== 'object')
        throw new UpstreamError(UPSTREAM, 'malformed', 'The French directory answered a read without an entry.');
      return body;
    },
    /**
     * The live annuaire names a platform, not a Peppol participant: a line's addressing identifier
     * is published in Peppol under the French CTC scheme 0225.
     */
    async route(identifier): Promise<FrenchRoute | undefined> {
      const siren = 'siren' in identifier ? identifier.siren : identifier.siret.slice(0, 9);
      const { results } = await search<DirectoryLine>('directory-line', {
        filters: { siren: { op: 'strict', value: siren } },
        include: ['siren'],
        limit: 100,
        ignore: 0,
      });
      const enabled = results.filter((l) => (l.directoryLineStatus ?? 'Enabled') === 'Enabled');
      const plain = (l: DirectoryLine) => !l.addressingSuffix && !l.routingCode?.routingIdentifier;
      const line =
        ('siret' in identifier ? enabled.find((l) => plain(l) && l.siret === identifier.siret) : undefined) ??
        enabled.find((l) => plain(l) && !l.siret);
      if (!line) return undefined;
      return {
        addressingIdentifier: line.addressingIdentifier,
        peppolId: `0225:${line.addressingIdentifier}`,
        name: line.legalUnit?.businessName ?? line.addressingIdentifier,
      };
    },
  };
}
