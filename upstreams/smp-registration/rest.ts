import xpath from 'xpath';
import { parseXml } from '../../peppol/xml/dom.ts';
import { profileOf } from './document-types.ts';
import { SmpError, type SmpRegistrar } from './types.ts';

export interface SmpRestOptions {
  /** The SMP's REST root; unset means live registration is not configured (every call fails, and is retried). */
  baseUrl: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  timeoutMs: number;
  /** The AS4 endpoint senders deliver to, and its certificate (base64 DER), published for every service. */
  endpointUrl: string;
  endpointCertificate?: string | undefined;
}

const SMP_NS = 'http://busdox.org/serviceMetadata/publishing/1.0/';
const ID_NS = 'http://busdox.org/transport/identifiers/1.0/';
const WSA_NS = 'http://www.w3.org/2005/08/addressing';
const PARTICIPANT_SCHEME = 'iso6523-actorid-upis';
const DOCUMENT_SCHEME = 'busdox-docid-qns';
const PROCESS_SCHEME = 'cenbii-procid-ubl';
const select = xpath.useNamespaces({ smp: SMP_NS });

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The SMP write API in the shape Peppol SMPs expose it (phoss SMP and others): `PUT /{participant}`
 * creates the service group, `PUT /{participant}/services/{documentType}` publishes one service's
 * metadata, `DELETE` removes them, and `GET /{participant}` lists the published services as a
 * ServiceGroup XML. Identifiers travel percent-encoded with their scheme (`iso6523-actorid-upis::0208:…`).
 */
export function createSmpRestRegistrar(options: SmpRestOptions): SmpRegistrar {
  const groupUrl = (participantId: string) =>
    `${base()}/${encodeURIComponent(`${PARTICIPANT_SCHEME}::${participantId}`)}`;
  const serviceUrl = (participantId: string, documentTypeId: string) =>
    `${groupUrl(participantId)}/services/${encodeURIComponent(`${DOCUMENT_SCHEME}::${documentTypeId}`)}`;

  function base(): string {
    if (!options.baseUrl)
      throw new SmpError('UPSTREAM_UNAVAILABLE', 'SMP_BASE_URL is not set: live participants cannot be registered.');
    return options.baseUrl;
  }

  async function call(method: string, url: string, body?: string): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = { accept: 'application/xml, text/xml' };
    if (body !== undefined) headers['content-type'] = 'application/xml; charset=utf-8';
    if (options.username)
      headers.authorization = `Basic ${Buffer.from(`${options.username}:${options.password ?? ''}`).toString('base64')}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      if ((err as Error).name === 'TimeoutError')
        throw new SmpError('UPSTREAM_TIMEOUT', `The SMP did not answer ${method} within ${options.timeoutMs} ms.`);
      throw new SmpError('UPSTREAM_UNAVAILABLE', `The SMP cannot be reached: ${(err as Error).message}.`);
    }
    const text = await res.text().catch(() => '');
    if (res.status >= 500 || res.status === 429)
      throw new SmpError('UPSTREAM_UNAVAILABLE', `The SMP answered ${method} with HTTP ${res.status}.`);
    if (res.status === 401 || res.status === 403)
      throw new SmpError(
        'UPSTREAM_UNAVAILABLE',
        `The SMP refused our credentials (HTTP ${res.status}); check SMP_USERNAME/SMP_PASSWORD.`,
      );
    return { status: res.status, text };
  }

  async function registeredDocumentTypes(participantId: string): Promise<string[] | undefined> {
    const { status, text } = await call('GET', groupUrl(participantId));
    if (status === 404) return undefined;
    if (status !== 200) throw new SmpError('UPSTREAM_UNAVAILABLE', `The SMP answered GET with HTTP ${status}.`);
    return parseServiceGroup(text);
  }

  function serviceGroupXml(participantId: string): string {
    return `<?xml version="1.0" encoding="UTF-8"?>
<ServiceGroup xmlns="${SMP_NS}" xmlns:id="${ID_NS}">
  <id:ParticipantIdentifier scheme="${PARTICIPANT_SCHEME}">${escapeXml(participantId)}</id:ParticipantIdentifier>
  <ServiceMetadataReferenceCollection/>
</ServiceGroup>`;
  }

  function serviceMetadataXml(participantId: string, documentTypeId: string): string {
    return `<?xml version="1.0" encoding="UTF-8"?>
<ServiceMetadata xmlns="${SMP_NS}" xmlns:id="${ID_NS}" xmlns:wsa="${WSA_NS}">
  <ServiceInformation>
    <id:ParticipantIdentifier scheme="${PARTICIPANT_SCHEME}">${escapeXml(participantId)}</id:ParticipantIdentifier>
    <id:DocumentIdentifier scheme="${DOCUMENT_SCHEME}">${escapeXml(documentTypeId)}</id:DocumentIdentifier>
    <ProcessList>
      <Process>
        <id:ProcessIdentifier scheme="${PROCESS_SCHEME}">${escapeXml(profileOf(documentTypeId))}</id:ProcessIdentifier>
        <ServiceEndpointList>
          <Endpoint transportProfile="peppol-transport-as4-v2_0">
            <wsa:EndpointReference><wsa:Address>${escapeXml(options.endpointUrl)}</wsa:Address></wsa:EndpointReference>
            <RequireBusinessLevelSignature>false</RequireBusinessLevelSignature>
            <Certificate>${escapeXml(options.endpointCertificate ?? '')}</Certificate>
            <ServiceDescription>Document exchange service access point</ServiceDescription>
            <TechnicalContactUrl>${escapeXml(options.endpointUrl)}</TechnicalContactUrl>
          </Endpoint>
        </ServiceEndpointList>
      </Process>
    </ProcessList>
  </ServiceInformation>
</ServiceMetadata>`;
  }

  async function expectWritten(method: string, url: string, body?: string, alsoFine: number[] = []): Promise<void> {
    const { status, text } = await call(method, url, body);
    if ((status >= 200 && status < 300) || alsoFine.includes(status)) return;
    throw new SmpError('INVALID_INPUT', `The SMP rejected ${method}: HTTP ${status} ${text.slice(0, 200)}`);
  }

  return {
    name: 'smp-rest',
    registeredDocumentTypes,
    async register({ participantId, documentTypeIds }) {
      const current = await registeredDocumentTypes(participantId);
      if (current === undefined) await expectWritten('PUT', groupUrl(participantId), serviceGroupXml(participantId));
      for (const id of documentTypeIds)
        await expectWritten('PUT', serviceUrl(participantId, id), serviceMetadataXml(participantId, id));
      for (const stale of (current ?? []).filter((id) => !documentTypeIds.includes(id)))
        await expectWritten('DELETE', serviceUrl(participantId, stale), undefined, [404]);
      // Read back: the registration counts only once the SMP publishes every service.
      const published = (await registeredDocumentTypes(participantId)) ?? [];
      const missing = documentTypeIds.filter((id) => !published.includes(id));
      if (missing.length)
        throw new SmpError(
          'UPSTREAM_UNAVAILABLE',
          `The SMP does not list ${missing.length} of the services just published.`,
        );
    },
    async deregister(participantId) {
      await expectWritten('DELETE', groupUrl(participantId), undefined, [404]);
    },
    async probe() {
      const found = await registeredDocumentTypes('9999:docex-health-probe');
      return found === undefined
        ? 'SMP answered (probe participant not registered)'
        : `SMP answered (${found.length} services for the probe participant)`;
    },
  };
}

/** Document type ids of a ServiceGroup: the tail of each ServiceMetadataReference href. */
export function parseServiceGroup(text: string): string[] {
  const parsed = parseXml(text, 2 * 1024 * 1024);
  if (!parsed.ok)
    throw new SmpError(
      'UPSTREAM_UNAVAILABLE',
      `The SMP answered with malformed XML: ${parsed.errors[0]?.message ?? 'unparseable'}`,
    );
  if (parsed.root.localName !== 'ServiceGroup' || parsed.root.namespaceURI !== SMP_NS) {
    throw new SmpError(
      'UPSTREAM_UNAVAILABLE',
      `The SMP answered with <${parsed.root.localName}> instead of a ServiceGroup.`,
    );
  }
  const hrefs = select('//smp:ServiceMetadataReference/@href', parsed.doc as unknown as Node) as Attr[];
  return hrefs.map((attr) => {
    const tail = attr.value.split('/services/')[1];
    if (!tail)
      throw new SmpError('UPSTREAM_UNAVAILABLE', `The SMP lists a service reference without /services/: ${attr.value}`);
    const decoded = decodeURIComponent(tail);
    return decoded.startsWith(`${DOCUMENT_SCHEME}::`) ? decoded.slice(DOCUMENT_SCHEME.length + 2) : decoded;
  });
}
