import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import xpath from 'xpath';
import { parseXml } from '../../peppol/xml/dom.ts';
import { profileOf } from './document-types.ts';
import { SmpError, type SmpBusinessCard, type SmpMigrations, type SmpRegistrar } from './types.ts';

export interface SmpRestOptions {
  /** The SMP's REST root; unset means live registration is not configured (every call fails, and is retried). */
  baseUrl: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  timeoutMs: number;
  /** The access point's public AS4 endpoint senders deliver to; unset: publication waits (and retries). */
  endpointUrl: string | undefined;
  /** The access point's certificate, published base64 DER in every endpoint; unset: publication waits. */
  endpointCertificate?: AccessPointCertificate | undefined;
  /** TechnicalContactUrl of every endpoint (a URL or `mailto:`); unset: publication waits. */
  technicalContact?: string | undefined;
  /** `create-in-sml` / `delete-in-sml`: the SMP registers the participant in the SML (default true). */
  smlRegistration?: boolean;
  /** The clock of activation dates. */
  now?: () => Date;
  /**
   * The SML read side: where the SML points a participant (U-NAPTR), and this SMP's URL as the SML
   * publishes it. With it, a participant another SMP holds is refused before anything is written.
   */
  sml?: { locate(participantId: string): Promise<{ smpUrl: string } | undefined>; ownSmpUrl: string } | undefined;
}

/** The access point certificate as the SMP publishes it. */
export interface AccessPointCertificate {
  /** Base64 of the DER encoding, without line breaks. */
  base64Der: string;
  notAfter: Date;
  subject: string;
}

/** Reads the access point's certificate (PEM, the first certificate of the file). */
export function readAccessPointCertificate(path: string): AccessPointCertificate {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`ACCESS_POINT_CERTIFICATE: cannot read ${path} (${(err as Error).message})`, { cause: err });
  }
  const block = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/)?.[0];
  if (!block) throw new Error(`ACCESS_POINT_CERTIFICATE: ${path} contains no PEM certificate`);
  return certificateOf(new X509Certificate(block));
}

export function certificateOf(cert: X509Certificate): AccessPointCertificate {
  return {
    base64Der: cert.raw.toString('base64'),
    notAfter: new Date(cert.validTo),
    subject: cert.subject.replace(/\n/g, ', '),
  };
}

const SMP_NS = 'http://busdox.org/serviceMetadata/publishing/1.0/';
const ID_NS = 'http://busdox.org/transport/identifiers/1.0/';
const WSA_NS = 'http://www.w3.org/2005/08/addressing';
const BC_NS = 'http://www.peppol.eu/schema/pd/businesscard/20180621/';
export const TRANSPORT_PROFILE = 'peppol-transport-as4-v2_0';
const PARTICIPANT_SCHEME = 'iso6523-actorid-upis';
const DOCUMENT_SCHEME = 'busdox-docid-qns';
const PROCESS_SCHEME = 'cenbii-procid-ubl';
const select = xpath.useNamespaces({ smp: SMP_NS });

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** xs:dateTime without fractions, UTC. */
function dateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** phoss-smp answers an SML refusal with its SMPSMLException text; a participant held elsewhere reads like this. */
const SML_HELD_ELSEWHERE =
  /already (exists|registered|in use)|is registered by another|BadRequestFault|HTTP 400|\b400\b/i;

/**
 * phoss-smp's REST API (SMPRestFilter, Peppol SMP 1.0 REST type): `PUT /{sg}?create-in-sml=` creates
 * the service group (and the SML entry), `PUT /{sg}/services/{doctype}` publishes one service's
 * metadata, `PUT /businesscard/{sg}` and `POST /businesscard/{sg}/push` the Directory card,
 * `DELETE /{sg}/services`, `/businesscard/{sg}` and `/{sg}?delete-in-sml=` withdraw them, and
 * `GET /{sg}` lists the published services as a ServiceGroup. Identifiers travel percent-encoded
 * with their scheme (`iso6523-actorid-upis::0208:…`). The participant migration routes are under
 * `/migration/…`.
 */
export function createSmpRestRegistrar(options: SmpRestOptions): SmpRegistrar {
  const sg = (participantId: string) => encodeURIComponent(`${PARTICIPANT_SCHEME}::${participantId}`);
  const groupUrl = (participantId: string) => `${base()}/${sg(participantId)}`;
  const serviceUrl = (participantId: string, documentTypeId: string) =>
    `${groupUrl(participantId)}/services/${encodeURIComponent(`${DOCUMENT_SCHEME}::${documentTypeId}`)}`;
  const cardUrl = (participantId: string) => `${base()}/businesscard/${sg(participantId)}`;
  const smlFlag = options.smlRegistration === false ? 'false' : 'true';
  const now = options.now ?? (() => new Date());

  function base(): string {
    if (!options.baseUrl)
      throw new SmpError('UPSTREAM_UNAVAILABLE', 'SMP_BASE_URL is not set: live participants cannot be registered.');
    return options.baseUrl;
  }

  /** What the endpoint publishes: all three must be configured before anything is written. */
  function endpoint(): { url: string; certificate: AccessPointCertificate; contact: string } {
    const missing = [
      options.endpointUrl ? null : 'ACCESS_POINT_AS4_URL',
      options.endpointCertificate ? null : 'ACCESS_POINT_CERTIFICATE',
      options.technicalContact ? null : 'SMP_TECHNICAL_CONTACT',
    ].filter(Boolean);
    if (missing.length)
      throw new SmpError(
        'UPSTREAM_UNAVAILABLE',
        `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set: the SMP cannot publish the access point.`,
      );
    return { url: options.endpointUrl!, certificate: options.endpointCertificate!, contact: options.technicalContact! };
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
    if (res.status === 401 || res.status === 403)
      throw new SmpError(
        'UPSTREAM_UNAVAILABLE',
        `The SMP refused our credentials (HTTP ${res.status}); check SMP_USERNAME/SMP_PASSWORD.`,
      );
    return { status: res.status, text };
  }

  function unavailable(method: string, status: number, text: string): SmpError {
    return new SmpError('UPSTREAM_UNAVAILABLE', `The SMP answered ${method} with HTTP ${status} ${text.slice(0, 300)}`);
  }

  async function expectWritten(method: string, url: string, body?: string, alsoFine: number[] = []): Promise<string> {
    const { status, text } = await call(method, url, body);
    if ((status >= 200 && status < 300) || alsoFine.includes(status)) return text;
    if (status >= 500 || status === 429 || status === 412) throw unavailable(method, status, text);
    throw new SmpError('INVALID_INPUT', `The SMP rejected ${method}: HTTP ${status} ${text.slice(0, 300)}`);
  }

  async function registeredDocumentTypes(participantId: string): Promise<string[] | undefined> {
    const { status, text } = await call('GET', groupUrl(participantId));
    if (status === 404) return undefined;
    if (status !== 200) throw unavailable('GET', status, text);
    return parseServiceGroup(text);
  }

  /** The endpoint the SMP publishes for one service now, or undefined when it has none (or not ours to read). */
  async function publishedEndpoint(participantId: string, documentTypeId: string) {
    const { status, text } = await call('GET', serviceUrl(participantId, documentTypeId));
    if (status === 404) return undefined;
    if (status !== 200) throw unavailable('GET', status, text);
    return parseEndpoint(text);
  }

  /** The other SMP the SML points the participant to, if any (an SML that cannot be asked says nothing). */
  async function heldElsewhere(participantId: string): Promise<string | undefined> {
    if (!options.sml) return undefined;
    const located = await options.sml.locate(participantId).catch(() => undefined);
    if (!located) return undefined;
    const same = (a: string) => a.replace(/\/+$/, '').toLowerCase();
    return same(located.smpUrl) === same(options.sml.ownSmpUrl) ? undefined : located.smpUrl;
  }

  function conflict(participantId: string, detail: string): SmpError {
    return new SmpError('SML_CONFLICT', `${participantId} is registered in the SML by another SMP (${detail}).`);
  }

  async function createGroup(participantId: string): Promise<void> {
    const elsewhere = await heldElsewhere(participantId);
    if (elsewhere) throw conflict(participantId, `the SML points it to ${elsewhere}`);
    const { status, text } = await call(
      'PUT',
      `${groupUrl(participantId)}?create-in-sml=${smlFlag}`,
      serviceGroupXml(participantId),
    );
    if (status >= 200 && status < 300) return;
    // phoss-smp turns any SML failure into HTTP 500 with its SMPSMLException text; only a refusal
    // because another SMP holds the participant is permanent, the rest (SML down) is retried.
    if (/\bSML\b/.test(text)) {
      // The text may not say why: the SML's DNS does (it can lag a write by a few minutes).
      const other = SML_HELD_ELSEWHERE.test(text) ? undefined : await heldElsewhere(participantId);
      if (SML_HELD_ELSEWHERE.test(text) || other) {
        // Nothing half-published: a service group the SMP kept despite the refusal goes again (not in the SML).
        await call('DELETE', `${groupUrl(participantId)}?delete-in-sml=false`).catch(() => undefined);
        throw conflict(
          participantId,
          other ? `the SML points it to ${other}` : `the SML refused it: ${text.slice(0, 300).trim()}`,
        );
      }
    }
    if (status >= 500 || status === 429 || status === 412) throw unavailable('PUT', status, text);
    throw new SmpError('INVALID_INPUT', `The SMP rejected the service group: HTTP ${status} ${text.slice(0, 300)}`);
  }

  function serviceGroupXml(participantId: string): string {
    return `<?xml version="1.0" encoding="UTF-8"?>
<ServiceGroup xmlns="${SMP_NS}" xmlns:id="${ID_NS}">
  <id:ParticipantIdentifier scheme="${PARTICIPANT_SCHEME}">${escapeXml(participantId)}</id:ParticipantIdentifier>
  <ServiceMetadataReferenceCollection/>
</ServiceGroup>`;
  }

  function serviceMetadataXml(participantId: string, documentTypeId: string): string {
    const { url, certificate, contact } = endpoint();
    return `<?xml version="1.0" encoding="UTF-8"?>
<ServiceMetadata xmlns="${SMP_NS}" xmlns:id="${ID_NS}" xmlns:wsa="${WSA_NS}">
  <ServiceInformation>
    <id:ParticipantIdentifier scheme="${PARTICIPANT_SCHEME}">${escapeXml(participantId)}</id:ParticipantIdentifier>
    <id:DocumentIdentifier scheme="${DOCUMENT_SCHEME}">${escapeXml(documentTypeId)}</id:DocumentIdentifier>
    <ProcessList>
      <Process>
        <id:ProcessIdentifier scheme="${PROCESS_SCHEME}">${escapeXml(profileOf(documentTypeId))}</id:ProcessIdentifier>
        <ServiceEndpointList>
          <Endpoint transportProfile="${TRANSPORT_PROFILE}">
            <wsa:EndpointReference><wsa:Address>${escapeXml(url)}</wsa:Address></wsa:EndpointReference>
            <RequireBusinessLevelSignature>false</RequireBusinessLevelSignature>
            <ServiceActivationDate>${dateTime(now())}</ServiceActivationDate>
            <ServiceExpirationDate>${dateTime(certificate.notAfter)}</ServiceExpirationDate>
            <Certificate>${certificate.base64Der}</Certificate>
            <ServiceDescription>Peppol AS4 access point</ServiceDescription>
            <TechnicalContactUrl>${escapeXml(contact)}</TechnicalContactUrl>
          </Endpoint>
        </ServiceEndpointList>
      </Process>
    </ProcessList>
  </ServiceInformation>
</ServiceMetadata>`;
  }

  async function putBusinessCard(participantId: string, card: SmpBusinessCard): Promise<void> {
    await expectWritten('PUT', cardUrl(participantId), businessCardXml(participantId, card));
    await expectWritten('POST', `${cardUrl(participantId)}/push`);
  }

  async function migrationCall(path: string, what: string): Promise<string> {
    const { status, text } = await call('PUT', `${base()}/migration/${path}`);
    if (status >= 200 && status < 300) return text;
    if (status >= 500 || status === 429) throw unavailable('PUT', status, text);
    throw new SmpError('INVALID_INPUT', `The SMP refused the ${what}: HTTP ${status} ${text.slice(0, 300).trim()}`);
  }

  const migrations: SmpMigrations = {
    async startOutbound(participantId) {
      const text = await migrationCall(`outbound/start/${sg(participantId)}`, 'outbound migration');
      const key = /<migrationKey>([^<]+)<\/migrationKey>/.exec(text)?.[1]?.trim();
      if (!key)
        throw new SmpError('UPSTREAM_UNAVAILABLE', 'The SMP started the migration but returned no migrationKey.');
      return { migrationKey: key };
    },
    async cancelOutbound(participantId) {
      await migrationCall(`outbound/cancel/${sg(participantId)}`, 'cancellation of the outbound migration');
    },
    async finalizeOutbound(participantId) {
      await migrationCall(`outbound/finalize/${sg(participantId)}`, 'finalization of the outbound migration');
    },
    async inbound(participantId, migrationKey) {
      await migrationCall(
        `inbound/${sg(participantId)}/${encodeURIComponent(migrationKey)}`,
        'inbound migration (is the migration key right, and still valid?)',
      );
    },
  };

  return {
    name: 'smp-rest',
    registeredDocumentTypes,
    migrations,
    async register({ participantId, documentTypeIds, businessCard }) {
      const wanted = endpoint();
      const current = await registeredDocumentTypes(participantId);
      if (current === undefined) await createGroup(participantId);
      const written: string[] = [];
      for (const id of documentTypeIds) {
        if (current?.includes(id)) {
          const published = await publishedEndpoint(participantId, id);
          if (
            published &&
            published.transportProfile === TRANSPORT_PROFILE &&
            published.url === wanted.url &&
            published.certificate === wanted.certificate.base64Der &&
            published.technicalContact === wanted.contact
          )
            continue;
        }
        await expectWritten('PUT', serviceUrl(participantId, id), serviceMetadataXml(participantId, id));
        written.push(id);
      }
      const removed = (current ?? []).filter((id) => !documentTypeIds.includes(id));
      for (const stale of removed) await expectWritten('DELETE', serviceUrl(participantId, stale), undefined, [404]);
      if (businessCard) await putBusinessCard(participantId, businessCard);
      // Read back: the registration counts only once the SMP publishes every service.
      const listed = (await registeredDocumentTypes(participantId)) ?? [];
      const missing = documentTypeIds.filter((id) => !listed.includes(id));
      if (missing.length)
        throw new SmpError(
          'UPSTREAM_UNAVAILABLE',
          `The SMP does not list ${missing.length} of the services just published.`,
        );
      return { created: current === undefined, written, removed, businessCard: Boolean(businessCard) };
    },
    async deregister(participantId) {
      await expectWritten('DELETE', `${groupUrl(participantId)}/services`, undefined, [404]);
      // 412: the SMP's Directory integration is off, so it holds no card.
      await expectWritten('DELETE', cardUrl(participantId), undefined, [404, 412]);
      await expectWritten('DELETE', `${groupUrl(participantId)}?delete-in-sml=${smlFlag}`, undefined, [404]);
    },
    async probe() {
      const found = await registeredDocumentTypes('9999:docex-health-probe');
      return found === undefined
        ? 'SMP answered (probe participant not registered)'
        : `SMP answered (${found.length} services for the probe participant)`;
    },
  };
}

/** The PD business card (2018-06-21 schema) with one business entity. */
export function businessCardXml(participantId: string, card: SmpBusinessCard): string {
  const identifiers = card.identifiers
    .map((i) => `\n    <Identifier scheme="${escapeXml(i.scheme)}">${escapeXml(i.value)}</Identifier>`)
    .join('');
  const geo = card.geographicalInformation
    ? `\n    <GeographicalInformation>${escapeXml(card.geographicalInformation)}</GeographicalInformation>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<BusinessCard xmlns="${BC_NS}">
  <ParticipantIdentifier scheme="${PARTICIPANT_SCHEME}">${escapeXml(participantId)}</ParticipantIdentifier>
  <BusinessEntity registrationDate="${escapeXml(card.registrationDate)}">
    <Name>${escapeXml(card.name)}</Name>
    <CountryCode>${escapeXml(card.countryCode)}</CountryCode>${geo}${identifiers}
  </BusinessEntity>
</BusinessCard>`;
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

/** The first endpoint of a (Signed)ServiceMetadata, as the SMP publishes it. */
export function parseEndpoint(
  text: string,
): { transportProfile: string; url: string; certificate: string; technicalContact: string } | undefined {
  const parsed = parseXml(text, 2 * 1024 * 1024);
  if (!parsed.ok)
    throw new SmpError(
      'UPSTREAM_UNAVAILABLE',
      `The SMP answered with malformed XML: ${parsed.errors[0]?.message ?? 'unparseable'}`,
    );
  const root = parsed.root as unknown as Node;
  const endpoint = xpath.select1("//*[local-name()='Endpoint']", root) as Element | undefined;
  if (!endpoint) return undefined;
  const text1 = (expr: string) => ((xpath.select1(expr, endpoint) as Node | undefined)?.textContent ?? '').trim();
  return {
    transportProfile: endpoint.getAttribute('transportProfile') ?? '',
    url: text1(".//*[local-name()='Address']"),
    certificate: text1("./*[local-name()='Certificate']").replace(/\s+/g, ''),
    technicalContact: text1("./*[local-name()='TechnicalContactUrl']"),
  };
}
