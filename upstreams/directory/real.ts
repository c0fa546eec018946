import { documentTypesOfIds, PEPPOL_DOCUMENT_TYPE_IDS } from './document-types.ts';
import {
  InvalidCursorError,
  isSiren,
  isSiret,
  UpstreamError,
  type DirectoryParticipant,
  type DirectoryPage,
  type DirectoryQuery,
  type DirectoryUpstream,
} from './types.ts';

export interface DirectoryClientOptions {
  /** e.g. https://directory.peppol.eu (the REST API lives under /search/1.0/json). */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** The parts of a Peppol Directory `search/1.0/json` answer that the service reads. */
interface PdMatch {
  participantID: { scheme?: string; value: string };
  docTypes?: Array<{ scheme?: string; value: string }>;
  entities?: Array<{
    name?: Array<{ name: string; language?: string }>;
    countryCode?: string;
    geoInfo?: string;
    identifiers?: Array<{ scheme: string; value: string }>;
    websites?: string[];
    contacts?: Array<{ type?: string; name?: string; phone?: string; email?: string }>;
    additionalInfo?: string;
    regDate?: string;
  }>;
}

interface PdResponse {
  'total-result-count': number;
  'result-page-index'?: number;
  'result-page-count'?: number;
  matches: PdMatch[];
}

const UPSTREAM = 'peppol-directory';

function isResponse(body: unknown): body is PdResponse {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  if (!Array.isArray(b.matches) || typeof b['total-result-count'] !== 'number') return false;
  return b.matches.every(
    (m) => typeof m === 'object' && m !== null && typeof (m as PdMatch).participantID?.value === 'string',
  );
}

/**
 * Where the next page starts: an upstream page (of the size the first request used) and how many
 * of its locally filtered rows were returned already.
 */
interface Position {
  page: number;
  size: number;
  skip: number;
}

/** Upstream pages one search may read to fill a page that the local filters thinned out. */
const MAX_UPSTREAM_PAGES = 5;

function encodePosition({ page, size, skip }: Position): string {
  return Buffer.from(JSON.stringify(['p', page, size, skip])).toString('base64url');
}

function decodePosition(cursor: string | undefined, size: number): Position {
  if (cursor === undefined) return { page: 0, size, skip: 0 };
  try {
    const [tag, ...numbers] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const [page, pageSize, skip] = numbers as number[];
    if (
      tag === 'p' &&
      numbers.length === 3 &&
      numbers.every((n) => Number.isInteger(n) && (n as number) >= 0) &&
      pageSize > 0
    )
      return { page: page, size: pageSize, skip: skip };
  } catch {
    // fall through
  }
  throw new InvalidCursorError();
}

/** "Rue de la Loi 16, 1000 Brussels" → postal code and city, when the text has that shape. */
function splitGeoInfo(geo: string | undefined): { city: string | null; postalCode: string | null } {
  if (!geo) return { city: null, postalCode: null };
  const last =
    geo
      .split(/[,\n]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .pop() ?? '';
  const m = /^([A-Z]{0,3}-?\d[\dA-Z -]{2,9}?)\s+(\D.*)$/.exec(last);
  if (m) return { postalCode: m[1].trim(), city: m[2].trim() };
  return { city: last || null, postalCode: null };
}

function naceCodesOf(info: string | undefined): string[] {
  if (!info) return [];
  return [...info.matchAll(/NACE[^0-9]{0,10}(\d{2}(?:\.\d{1,2})?)/gi)].map((m) => m[1]);
}

function toParticipants(match: PdMatch, includeSubEntities: boolean): DirectoryParticipant[] {
  const peppolId = match.participantID.value.replace(/^iso6523-actorid-upis::/, '');
  const documentTypeIds = (match.docTypes ?? []).map((d) => d.value);
  const entities = match.entities && match.entities.length > 0 ? match.entities : [{}];
  const chosen = includeSubEntities ? entities : entities.slice(0, 1);
  return chosen.map((entity) => {
    const identifiers = (entity.identifiers ?? [])
      .filter((i) => typeof i?.value === 'string')
      .map((i) => ({ scheme: String(i.scheme ?? ''), value: i.value }));
    const vat = identifiers.find((i) => /vat/i.test(i.scheme))?.value ?? null;
    const { city, postalCode } = splitGeoInfo(entity.geoInfo);
    return {
      peppolId,
      name: entity.name?.[0]?.name ?? peppolId,
      country: entity.countryCode ?? '',
      street: null,
      city,
      postalCode,
      vatNumber: vat ? vat.replace(/\s/g, '').toUpperCase() : null,
      identifiers,
      naceCodes: naceCodesOf(entity.additionalInfo),
      documentTypes: documentTypesOfIds(documentTypeIds),
      documentTypeIds,
      parentPeppolId: null,
      website: entity.websites?.[0] ?? null,
      contactEmail: entity.contacts?.find((c) => c.email)?.email ?? null,
      accessPoint: null,
      smp: null,
      registeredAt: entity.regDate ? new Date(entity.regDate).toISOString() : null,
      source: 'directory' as const,
    };
  });
}

/** Filters the Directory cannot apply itself, applied to the page it returned. */
function matchesLocally(row: DirectoryParticipant, query: DirectoryQuery): boolean {
  const q = query.q?.trim();
  const values = [row.peppolId.split(':').slice(1).join(':'), ...row.identifiers.map((i) => i.value)].map((v) =>
    v.replace(/\s/g, '').toUpperCase(),
  );
  // A SIREN is the participant value, inside a French VAT number (FRkk + SIREN) or the head of a SIRET.
  if (
    q &&
    isSiren(q) &&
    !values.some(
      (v) => v === q || (/^FR[0-9A-Z]{2}\d{9}$/.test(v) && v.slice(4) === q) || (/^\d{14}$/.test(v) && v.startsWith(q)),
    )
  )
    return false;
  if (q && isSiret(q) && !values.includes(q)) return false;
  if (query.vatNumber) {
    const body = query.vatNumber.slice(2);
    if (row.vatNumber !== query.vatNumber && !values.some((v) => v === query.vatNumber || v.endsWith(body)))
      return false;
  }
  if (query.city && row.city?.toLowerCase() !== query.city.trim().toLowerCase()) return false;
  if (query.postalCode && !row.postalCode?.startsWith(query.postalCode.trim())) return false;
  if (query.naceCodes?.length && !query.naceCodes.some((c) => row.naceCodes.includes(c))) return false;
  if (query.documentTypes?.length && !query.documentTypes.every((t) => row.documentTypes.includes(t))) return false;
  if (query.contact) {
    const contact = query.contact.trim().toLowerCase();
    const email = row.contactEmail?.toLowerCase() ?? '';
    const host = row.website
      ? (() => {
          try {
            return new URL(row.website).hostname.toLowerCase().replace(/^www\./, '');
          } catch {
            return '';
          }
        })()
      : '';
    if (contact.includes('@') ? email !== contact : !email.endsWith(`@${contact}`) && host !== contact) return false;
  }
  return true;
}

/** The public Peppol Directory REST search API (`/search/1.0/json`). */
export function createDirectoryClient(options: DirectoryClientOptions): DirectoryUpstream {
  const doFetch = options.fetch ?? fetch;

  async function call(params: URLSearchParams): Promise<PdResponse> {
    const url = `${options.baseUrl.replace(/\/$/, '')}/search/1.0/json?${params}`;
    let res: Response;
    try {
      res = await doFetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      if ((err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError') {
        throw new UpstreamError(
          UPSTREAM,
          'timeout',
          `The Peppol Directory did not answer within ${options.timeoutMs} ms.`,
          { cause: err },
        );
      }
      throw new UpstreamError(
        UPSTREAM,
        'unavailable',
        `The Peppol Directory is unreachable: ${(err as Error).message}`,
        { cause: err },
      );
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new UpstreamError(UPSTREAM, 'unavailable', `The Peppol Directory answered HTTP ${res.status}.`);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch (err) {
      if ((err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError') {
        throw new UpstreamError(
          UPSTREAM,
          'timeout',
          `The Peppol Directory did not answer within ${options.timeoutMs} ms.`,
          { cause: err },
        );
      }
      throw new UpstreamError(UPSTREAM, 'malformed', 'The Peppol Directory answered with a body that is not JSON.', {
        cause: err,
      });
    }
    if (!isResponse(body))
      throw new UpstreamError(
        UPSTREAM,
        'malformed',
        'The Peppol Directory answer lacks `matches` or `total-result-count`.',
      );
    return body;
  }

  return {
    async search(query: DirectoryQuery): Promise<DirectoryPage> {
      const position = decodePosition(query.cursor, query.limit);
      const params = new URLSearchParams();
      const q = query.q?.trim();
      if (q) params.set('q', q);
      else if (query.vatNumber) params.set('q', query.vatNumber);
      // The Directory's free text covers contacts and websites; the exact match is applied locally.
      else if (query.contact) params.set('q', query.contact.trim());
      if (query.country) params.set('country', query.country);
      if (query.documentTypes?.[0])
        params.set('doctype', `busdox-docid-qns::${PEPPOL_DOCUMENT_TYPE_IDS[query.documentTypes[0]]}`);
      params.set('rpc', String(position.size));
      // Filters the Directory lacks thin its pages out: read on until the page is full.
      const rows: DirectoryParticipant[] = [];
      let { page, skip } = position;
      let more = true;
      for (let calls = 0; calls < MAX_UPSTREAM_PAGES && more && rows.length < query.limit; calls++) {
        params.set('rpi', String(page));
        const body = await call(params);
        const matched = body.matches
          .flatMap((m) => toParticipants(m, query.includeSubEntities))
          .filter((row) => matchesLocally(row, query));
        const wanted = query.limit - rows.length;
        rows.push(...matched.slice(skip, skip + wanted));
        if (skip + wanted < matched.length) {
          const cursor = encodePosition({ page, size: position.size, skip: skip + wanted });
          return { rows, hasMore: true, cursor };
        }
        more = body['total-result-count'] > (page + 1) * position.size;
        page += 1;
        skip = 0;
      }
      return { rows, hasMore: more, cursor: more ? encodePosition({ page, size: position.size, skip: 0 }) : null };
    },

    async participant(peppolId: string) {
      const params = new URLSearchParams({ participant: `iso6523-actorid-upis::${peppolId}`, rpc: '1' });
      const body = await call(params);
      const match = body.matches.find(
        (m) => m.participantID.value.replace(/^iso6523-actorid-upis::/, '').toLowerCase() === peppolId.toLowerCase(),
      );
      return match ? toParticipants(match, false)[0] : undefined;
    },
  };
}
