import { CircuitBreaker } from '../../core/circuit-breaker.ts';
import { checkVatNumber } from '../../peppol/index.ts';
import type { Address } from '../../db/tables/companies.ts';
import { looksLikeVatNumber, peppolIdFromVat } from './peppol-id.ts';
import { RegistryError, type NationalRegistry, type RegistryCompany } from './types.ts';

export interface ViesOptions {
  /** e.g. https://ec.europa.eu/taxation_customs/vies/rest-api */
  baseUrl: string;
  timeoutMs: number;
  breaker?: CircuitBreaker;
}

/** VIES `userError` values that mean the registry (or a member state's) is down, not the number. */
const UNAVAILABLE = new Set([
  'MS_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'MS_MAX_CONCURRENT_REQ',
  'GLOBAL_MAX_CONCURRENT_REQ',
  'IP_BLOCKED',
  'SYSTEM_ERROR',
]);

interface ViesAnswer {
  isValid: boolean;
  userError?: string;
  name?: string;
  address?: string;
}

/**
 * The EU VIES REST API: `GET {base}/ms/{countryCode}/vat/{number}` → `{isValid, userError, name,
 * address, ...}`. VIES answers only "valid or not": a ceased number is simply invalid, so live
 * lookups report it as VAT_NOT_FOUND. Failures of VIES itself count on a circuit breaker, which
 * fails fast (503 with Retry-After) while open.
 */
export function createViesRegistry(options: ViesOptions): NationalRegistry {
  const breaker = options.breaker ?? new CircuitBreaker('registry');

  async function getJson(path: string): Promise<unknown> {
    if (breaker.isOpen())
      throw new RegistryError(
        'UPSTREAM_UNAVAILABLE',
        'The VAT registry is failing; retry later.',
        breaker.retryAfterSeconds(),
      );
    let res: Response;
    try {
      res = await fetch(`${options.baseUrl}${path}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      breaker.recordFailure();
      if ((err as Error).name === 'TimeoutError')
        throw new RegistryError(
          'UPSTREAM_TIMEOUT',
          `The VAT registry did not answer within ${options.timeoutMs} ms.`,
          breaker.retryAfterSeconds(),
        );
      throw new RegistryError(
        'UPSTREAM_UNAVAILABLE',
        `The VAT registry cannot be reached: ${(err as Error).message}.`,
        breaker.retryAfterSeconds(),
      );
    }
    const text = await res.text().catch(() => '');
    if (res.status === 404) return undefined;
    if (!res.ok) {
      breaker.recordFailure();
      throw new RegistryError(
        'UPSTREAM_UNAVAILABLE',
        `The VAT registry answered HTTP ${res.status}.`,
        breaker.retryAfterSeconds(),
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      breaker.recordFailure();
      throw new RegistryError(
        'UPSTREAM_UNAVAILABLE',
        'The VAT registry answered with something that is not JSON.',
        breaker.retryAfterSeconds(),
      );
    }
  }

  async function lookupVat(vatNumber: string): Promise<RegistryCompany> {
    const check = checkVatNumber(vatNumber);
    if (!check.valid || !check.country) throw new RegistryError('VAT_NOT_FOUND', `${vatNumber} is not a VAT number.`);
    const prefix = vatNumber.slice(0, 2);
    const body = await getJson(`/ms/${encodeURIComponent(prefix)}/vat/${encodeURIComponent(vatNumber.slice(2))}`);
    if (body === undefined) throw new RegistryError('VAT_NOT_FOUND', `${vatNumber} is not registered for VAT.`);
    const answer: Partial<ViesAnswer> | null = typeof body === 'object' ? body : null;
    if (!answer || typeof answer !== 'object' || typeof answer.isValid !== 'boolean') {
      breaker.recordFailure();
      throw new RegistryError(
        'UPSTREAM_UNAVAILABLE',
        'The VAT registry answered without "isValid".',
        breaker.retryAfterSeconds(),
      );
    }
    if (answer.userError === 'TIMEOUT') {
      breaker.recordFailure();
      throw new RegistryError(
        'UPSTREAM_TIMEOUT',
        `The ${prefix} registry behind VIES timed out.`,
        breaker.retryAfterSeconds(),
      );
    }
    if (answer.userError && UNAVAILABLE.has(answer.userError)) {
      breaker.recordFailure();
      throw new RegistryError(
        'UPSTREAM_UNAVAILABLE',
        `VIES reports ${answer.userError} for ${prefix}.`,
        breaker.retryAfterSeconds(),
      );
    }
    breaker.recordSuccess();
    if (!answer.isValid) throw new RegistryError('VAT_NOT_FOUND', `${vatNumber} is not registered for VAT.`);
    const country = check.country;
    const legalName = disclosed(answer.name) ?? vatNumber;
    return {
      vatNumber,
      country,
      legalName,
      address: parseViesAddress(disclosed(answer.address), country),
      registrationNumber: null,
      peppolId: peppolIdFromVat(vatNumber, country),
    };
  }

  return {
    name: 'vies',
    lookupVat,
    async search({ text }) {
      // VIES has no name search: only a query that is itself a VAT number finds something.
      const candidate = text.replace(/[\s.-]/g, '').toUpperCase();
      if (!looksLikeVatNumber(candidate)) return [];
      try {
        return [await lookupVat(candidate)];
      } catch (err) {
        if (err instanceof RegistryError && err.code === 'VAT_NOT_FOUND') return [];
        throw err;
      }
    },
    async probe() {
      const body = (await getJson('/check-status')) as
        { countries?: Array<{ countryCode?: string; availability?: string }> } | undefined;
      if (!body || !Array.isArray(body.countries)) throw new Error('VIES /check-status answered without "countries"');
      breaker.recordSuccess();
      const available = body.countries.filter((c) => c.availability === 'Available').length;
      return `${available} of ${body.countries.length} member states available`;
    },
  };
}

/** VIES writes "---" where a member state does not disclose a field. */
function disclosed(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' || /^-+$/.test(trimmed) ? undefined : trimmed;
}

/**
 * VIES gives the address as free text, one line per part ("Rue de la Loi 16\n1000 Bruxelles"): the
 * line that starts with a postal code is "postcode city", the lines before it the street.
 */
export function parseViesAddress(text: string | undefined, country: string): Address | null {
  if (!text) return null;
  const lines = text
    .split(/\r?\n|,/)
    .map((l) => l.trim())
    .filter(Boolean);
  const index = lines.findIndex((l) => /^(?:[A-Z]{1,2}-)?\d[\dA-Z\- ]{2,9}\s+\S/.test(l));
  const address: Address = { country };
  if (index >= 0) {
    const m = /^((?:[A-Z]{1,2}-)?\d[\dA-Z-]{2,9})\s+(.+)$/.exec(lines[index]);
    if (m) {
      address.postalCode = m[1].slice(0, 20);
      address.city = m[2]!;
    }
    const street = lines.slice(0, index).join(', ');
    if (street) address.street = street;
  } else {
    address.street = lines.join(', ');
  }
  return address;
}
