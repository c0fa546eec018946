import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NaptrRecord } from '../../upstreams/smp-lookup/dns.ts';
import { smlHostname } from '../../upstreams/smp-lookup/dns.ts';

/**
 * An SML on loopback in the shape the Peppol SML publishes it: a participant's U-NAPTR record
 * (`Meta:SMP`, `!^.*$!<smp url>!`) under Base32(SHA-256(id)).iso6523-actorid-upis.<zone>. Serve
 * `records` with test/support/dns-stub.ts; SMPs write to it as the SML's ManageParticipantIdentifier
 * service would (create refuses a participant another SMP holds).
 */
export function stubSml(zone: string) {
  const records = new Map<string, NaptrRecord[]>();
  const owners = new Map<string, string>();
  const key = (participantId: string) => participantId.toLowerCase();
  return {
    zone,
    records,
    owner: (participantId: string) => owners.get(key(participantId)),
    /** ManageParticipantIdentifier Create: false when another SMP holds the participant. */
    create(participantId: string, smpUrl: string): boolean {
      const owner = owners.get(key(participantId));
      if (owner && owner !== smpUrl) return false;
      owners.set(key(participantId), smpUrl);
      records.set(smlHostname(participantId, zone), [
        { order: 100, preference: 10, flags: 'U', service: 'Meta:SMP', regexp: `!^.*$!${smpUrl}!`, replacement: '' },
      ]);
      return true;
    },
    delete(participantId: string, smpUrl: string): void {
      if (owners.get(key(participantId)) !== smpUrl) return;
      owners.delete(key(participantId));
      records.delete(smlHostname(participantId, zone));
    },
  };
}
export type SmlStub = ReturnType<typeof stubSml>;

export interface PhossRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  authorization: string | undefined;
}

/**
 * phoss-smp's REST API as SMPRestFilter routes it (Peppol REST type), in memory: service groups
 * (`PUT|GET|DELETE /{sg}`, `create-in-sml` / `delete-in-sml` default true), service metadata
 * (`PUT|GET|DELETE /{sg}/services/{doctype}`, `DELETE /{sg}/services`), business cards
 * (`PUT|GET|DELETE /businesscard/{sg}`, `POST /businesscard/{sg}/push`) and the participant
 * migration (`PUT /migration/outbound/{start|cancel|finalize}/{sg}`, `PUT /migration/inbound/{sg}/{key}`).
 * An SML failure is HTTP 500 with the SMPSMLException text, as phoss-smp answers it; a missing
 * object is 404. `override` answers a request itself when it returns true.
 */
export async function stubPhossSmp(
  options: { sml?: SmlStub; override?: (req: PhossRequest, res: http.ServerResponse) => boolean } = {},
) {
  const requests: PhossRequest[] = [];
  const groups = new Map<string, Map<string, string>>();
  const cards = new Map<string, string>();
  const pushed: string[] = [];
  const outbound = new Map<string, string>();
  /** Keys the SML issued to other SMPs' outbound migrations: participant -> key. */
  const foreignKeys = new Map<string, string>();
  let base = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const recorded: PhossRequest = {
        method: req.method!,
        path: url.pathname,
        query: url.searchParams,
        body,
        authorization: req.headers.authorization,
      };
      requests.push(recorded);
      if (options.override?.(recorded, res)) return;
      const send = (status: number, text = '', type = 'text/plain') => {
        res.statusCode = status;
        if (text) res.setHeader('content-type', type);
        res.end(text);
      };
      const segments = url.pathname.slice(1).split('/');
      const sgOf = (encoded: string) => decodeURIComponent(encoded);
      const participantOf = (sg: string) => sg.replace(/^iso6523-actorid-upis::/i, '');
      const method = req.method!;

      if (segments[0] === 'businesscard') {
        const sg = sgOf(segments[1] ?? '');
        if (!groups.has(sg)) return send(404, `Service group '${sg}' not found`);
        if (segments[2] === 'push' && method === 'POST') return (pushed.push(sg), send(200));
        if (method === 'PUT') {
          if (!body.includes('http://www.peppol.eu/schema/pd/businesscard/'))
            return send(400, 'Failed to parse XML payload as BusinessCard.');
          return (cards.set(sg, body), send(200));
        }
        if (method === 'GET') return cards.has(sg) ? send(200, cards.get(sg), 'application/xml') : send(404);
        if (method === 'DELETE') return cards.delete(sg) ? send(200) : send(404);
      }
      if (segments[0] === 'migration') {
        if (segments[1] === 'outbound') {
          const sg = sgOf(segments[3] ?? '');
          if (!groups.has(sg)) return send(400, `The Service Group '${sg}' does not exist`);
          if (segments[2] === 'start') {
            const key = `Mk${Math.random().toString(36).slice(2, 10)}@A1`;
            outbound.set(sg, key);
            return send(
              200,
              `<migrationOutboundResponse success="true"><participantID>${sg}</participantID><migrationKey>${key}</migrationKey></migrationOutboundResponse>`,
              'application/xml',
            );
          }
          if (!outbound.has(sg))
            return send(400, `Failed to resolve outbound Participant Migration for Service Group ID '${sg}'`);
          outbound.delete(sg);
          if (segments[2] === 'finalize') {
            groups.delete(sg);
            cards.delete(sg);
          }
          return send(200);
        }
        if (segments[1] === 'inbound') {
          const sg = sgOf(segments[2] ?? '');
          const key = decodeURIComponent(segments[3] ?? '');
          if (groups.has(sg)) return send(400, `The Service Group '${sg}' already exists.`);
          if (foreignKeys.get(participantOf(sg)) !== key)
            return send(
              500,
              `Failed to confirm the migration for participant '${sg}' in SML, hence the migration failed.`,
            );
          foreignKeys.delete(participantOf(sg));
          options.sml?.delete(participantOf(sg), options.sml.owner(participantOf(sg)) ?? '');
          options.sml?.create(participantOf(sg), base);
          groups.set(sg, new Map());
          return send(
            200,
            '<migrationInboundResponse success="true" serviceGroupCreated="true" migrationCreated="true"/>',
            'application/xml',
          );
        }
      }
      const sg = sgOf(segments[0] ?? '');
      const participant = participantOf(sg);
      if (segments[1] === 'services') {
        const services = groups.get(sg);
        if (!services) return send(404, `Service group '${sg}' not found`);
        if (segments.length === 2 && method === 'DELETE') return (services.clear(), send(200));
        const doc = sgOf(segments[2] ?? '');
        if (method === 'PUT') {
          if (!body.includes('<ServiceMetadata')) return send(400, 'Failed to parse XML payload as ServiceMetadata.');
          return (services.set(doc, body), send(200));
        }
        if (method === 'GET')
          return services.has(doc)
            ? send(
                200,
                `<?xml version="1.0" encoding="UTF-8"?><SignedServiceMetadata xmlns="http://busdox.org/serviceMetadata/publishing/1.0/">${services.get(doc)!.replace(/<\?xml[^>]*\?>/, '')}</SignedServiceMetadata>`,
                'application/xml',
              )
            : send(404);
        if (method === 'DELETE') return services.delete(doc) ? send(200) : send(404);
      }
      if (segments.length === 1 && sg) {
        if (method === 'PUT') {
          if (groups.has(sg)) return send(200);
          if (
            url.searchParams.get('create-in-sml') !== 'false' &&
            options.sml &&
            !options.sml.create(participant, base)
          )
            return send(500, `Failed to create '${sg}' in SML`);
          groups.set(sg, new Map());
          return send(200);
        }
        if (method === 'DELETE') {
          if (!groups.delete(sg)) return send(404, `Service group '${sg}' not found`);
          cards.delete(sg);
          if (url.searchParams.get('delete-in-sml') !== 'false') options.sml?.delete(participant, base);
          return send(200);
        }
        if (method === 'GET') {
          const services = groups.get(sg);
          if (!services) return send(404, `Service group '${sg}' not found`);
          const refs = [...services.keys()]
            .map(
              (doc) =>
                `<ServiceMetadataReference href="${base}/${encodeURIComponent(sg)}/services/${encodeURIComponent(doc)}"/>`,
            )
            .join('');
          return send(
            200,
            `<?xml version="1.0" encoding="UTF-8"?><ServiceGroup xmlns="http://busdox.org/serviceMetadata/publishing/1.0/" xmlns:id="http://busdox.org/transport/identifiers/1.0/"><id:ParticipantIdentifier scheme="iso6523-actorid-upis">${participant}</id:ParticipantIdentifier><ServiceMetadataReferenceCollection>${refs}</ServiceMetadataReferenceCollection></ServiceGroup>`,
            'application/xml',
          );
        }
      }
      send(404, 'no such route');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    groups,
    cards,
    pushed,
    foreignKeys,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
export type PhossSmpStub = Awaited<ReturnType<typeof stubPhossSmp>>;
