import xpath from 'xpath';
import type { Node as XNode } from '@xmldom/xmldom';
import { parseXml } from '../../peppol/xml/dom.ts';
import { UpstreamError } from '../directory/types.ts';
import { PARTICIPANT_SCHEME, smlHostname, smpUrlFromNaptr, type NaptrResolver } from './dns.ts';
import type { CircuitBreaker } from '../../core/circuit-breaker.ts';
import { throughBreaker } from './breaker.ts';
import { enforceSignaturePolicy, NO_TRUST_ANCHORS, type SmpSignaturePolicy } from './signature.ts';
import type { SmpDocumentType, SmpEndpoint, SmpLookup, SmpLookupOptions, SmpParticipant } from './types.ts';

export interface SmpLookupClientOptions {
  /** SML DNS zone, e.g. `edelivery.tech.ec.europa.eu` (production) or `acc.edelivery.tech.ec.europa.eu` (test). */
  zone: string;
  resolveNaptr: NaptrResolver;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Service metadata documents fetched at most per lookup (a service group can list hundreds). */
  maxDocumentTypes?: number;
  /** Signature check of service metadata; without one, metadata is refused (fail closed). */
  signatures?: SmpSignaturePolicy;
  /** The circuit of an SMP host (`host[:port]`); repeated failures there fail fast. */
  hostBreaker?: (host: string) => CircuitBreaker;
}

const UPSTREAM = 'smp';
const MAX_XML_BYTES = 2 * 1024 * 1024;

/** Namespace-agnostic XPath: SMP 1.x documents mix the busdox, identifier and addressing namespaces. */
function nodes(context: XNode, expression: string): XNode[] {
  return xpath.select(expression, context as any) as unknown as XNode[];
}

function textOf(context: XNode, expression: string): string | null {
  const found = nodes(context, expression)[0];
  const value = found?.textContent?.trim();
  return value ? value : null;
}

/** The participant's SML registration, then its SMP service group and service metadata (SMP 1.x REST). */
export function createSmpLookupClient(options: SmpLookupClientOptions): SmpLookup {
  const doFetch = options.fetch ?? fetch;
  const maxDocumentTypes = options.maxDocumentTypes ?? 20;
  const signatures: SmpSignaturePolicy = options.signatures ?? { mode: 'refuse', reason: NO_TRUST_ANCHORS };

  async function getXml(url: string): Promise<{ status: 'ok'; root: XNode } | { status: 'not_found' }> {
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      throw new UpstreamError(UPSTREAM, 'malformed', `The SMP URL ${url} is not a URL.`);
    }
    const breaker = options.hostBreaker?.(host);
    return breaker ? throughBreaker(breaker, `The SMP at ${host}`, () => fetchXml(url)) : fetchXml(url);
  }

  async function fetchXml(url: string): Promise<{ status: 'ok'; root: XNode } | { status: 'not_found' }> {
    let res: Response;
    try {
      res = await doFetch(url, {
        headers: { accept: 'application/xml, text/xml' },
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'manual',
      });
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new UpstreamError(
          UPSTREAM,
          'timeout',
          `The SMP did not answer within ${options.timeoutMs} ms (${url}).`,
          { cause: err },
        );
      throw new UpstreamError(UPSTREAM, 'unavailable', `The SMP is unreachable (${url}): ${(err as Error).message}`, {
        cause: err,
      });
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return { status: 'not_found' };
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new UpstreamError(UPSTREAM, 'unavailable', `The SMP answered HTTP ${res.status} (${url}).`);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw new UpstreamError(
        UPSTREAM,
        'timeout',
        `The SMP did not finish its answer within ${options.timeoutMs} ms (${url}).`,
        { cause: err },
      );
    }
    // XML 1.0 §2.11 end-of-line handling, which the canonical form of signed content relies on.
    const parsed = parseXml(text.replace(/\r\n?/g, '\n'), MAX_XML_BYTES);
    if (!parsed.ok)
      throw new UpstreamError(
        UPSTREAM,
        'malformed',
        `The SMP answered with XML that does not parse (${url}): ${parsed.errors[0]?.message}`,
      );
    return { status: 'ok', root: parsed.root as unknown as XNode };
  }

  function endpointsOf(process: XNode): SmpEndpoint[] {
    return nodes(process, "./*[local-name()='ServiceEndpointList']/*[local-name()='Endpoint']").map((endpoint) => ({
      transportProfile: (endpoint as any).getAttribute?.('transportProfile') ?? '',
      endpointUrl:
        textOf(endpoint, "./*[local-name()='EndpointReference']/*[local-name()='Address']") ??
        textOf(endpoint, "./*[local-name()='EndpointURI']") ??
        '',
      certificate: textOf(endpoint, "./*[local-name()='Certificate']")?.replace(/\s+/g, '') ?? null,
      serviceDescription: textOf(endpoint, "./*[local-name()='ServiceDescription']"),
      technicalContactUrl: textOf(endpoint, "./*[local-name()='TechnicalContactUrl']"),
      activationDate: textOf(endpoint, "./*[local-name()='ServiceActivationDate']"),
      expirationDate: textOf(endpoint, "./*[local-name()='ServiceExpirationDate']"),
    }));
  }

  async function serviceMetadata(url: string, redirects = 1): Promise<SmpDocumentType | undefined> {
    const got = await getXml(url);
    if (got.status === 'not_found') return undefined;
    const root = got.root;
    enforceSignaturePolicy(root as any, signatures, url);
    // Read only the root's own ServiceMetadata: the signature does not cover what the Signature element holds.
    const metadata =
      (root as any).localName === 'ServiceMetadata' ? root : nodes(root, "./*[local-name()='ServiceMetadata']")[0];
    if (!metadata)
      throw new UpstreamError(UPSTREAM, 'malformed', `The SMP answer is not SignedServiceMetadata (${url}).`);
    const redirect = nodes(metadata, "./*[local-name()='Redirect']")[0];
    if (redirect) {
      const href = (redirect as any).getAttribute?.('href') as string | undefined;
      if (!href || redirects <= 0)
        throw new UpstreamError(UPSTREAM, 'malformed', `The SMP redirects more than once (${url}).`);
      return serviceMetadata(href, redirects - 1);
    }
    const info = nodes(metadata, "./*[local-name()='ServiceInformation']")[0];
    const documentTypeId = info ? textOf(info, "./*[local-name()='DocumentIdentifier']") : null;
    if (!info || !documentTypeId)
      throw new UpstreamError(
        UPSTREAM,
        'malformed',
        `The SMP service metadata lacks ServiceInformation/DocumentIdentifier (${url}).`,
      );
    const processes = nodes(info, "./*[local-name()='ProcessList']/*[local-name()='Process']").map((process) => ({
      processId: textOf(process, "./*[local-name()='ProcessIdentifier']") ?? '',
      endpoints: endpointsOf(process),
    }));
    return { documentTypeId, processes };
  }

  /** The SMP base URL the SML publishes for a participant; undefined when it is not registered. */
  async function locate(peppolId: string): Promise<{ smpUrl: string } | undefined> {
    const records = await options.resolveNaptr(smlHostname(peppolId, options.zone));
    if (records.length === 0) return undefined;
    const smpUrl = smpUrlFromNaptr(records);
    if (!smpUrl)
      throw new UpstreamError('sml', 'malformed', `The SML record of ${peppolId} has no usable Meta:SMP NAPTR entry.`);
    return { smpUrl };
  }

  return {
    locate,
    async lookup(peppolId: string, _caller, lookupOptions: SmpLookupOptions = {}): Promise<SmpParticipant | undefined> {
      const located = await locate(peppolId);
      if (!located) return undefined;
      const smpUrl = located.smpUrl;

      const participant = `${PARTICIPANT_SCHEME}::${peppolId.replace(/^iso6523-actorid-upis::/i, '')}`;
      const group = await getXml(`${smpUrl}/${encodeURIComponent(participant)}`);
      if (group.status === 'not_found') return undefined;
      const refs = nodes(
        group.root,
        "//*[local-name()='ServiceMetadataReferenceCollection']/*[local-name()='ServiceMetadataReference']",
      )
        .map((ref) => (ref as any).getAttribute?.('href') as string | undefined)
        .filter((href): href is string => typeof href === 'string' && href.length > 0)
        .map((href) => {
          const segment = decodeURIComponent(href.split('/services/')[1] ?? '');
          return { href, documentTypeId: segment.replace(/^busdox-docid-qns::/, '') };
        });
      const wanted = lookupOptions.documentTypeIds
        ? refs.filter((r) => lookupOptions.documentTypeIds!.includes(r.documentTypeId))
        : refs;
      const documentTypes = (
        await Promise.all(wanted.slice(0, maxDocumentTypes).map((r) => serviceMetadata(r.href)))
      ).filter((d): d is SmpDocumentType => d !== undefined);
      return {
        peppolId: peppolId.replace(/^iso6523-actorid-upis::/i, ''),
        smp: { hostname: new URL(smpUrl).hostname, url: smpUrl },
        documentTypeIds: refs.map((r) => r.documentTypeId),
        documentTypes,
      };
    },
  };
}
