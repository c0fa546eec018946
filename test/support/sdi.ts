import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSoapBody, serializeXml } from '../../upstreams/compliance/sdi/soap.ts';

const STANDARDS = join(import.meta.dirname, '../../../shared/standards/fatturapa');
export const SDI_XSD = {
  trasmissione: join(STANDARDS, 'sdicoop/TrasmissioneTypes_v1.0.xsd'),
  trasmissione11: join(STANDARDS, 'sdicoop/TrasmissioneTypes_v1.1.xsd'),
  ricezione: join(STANDARDS, 'sdicoop/RicezioneTypes_v1.0.xsd'),
  messaggi: join(STANDARDS, 'schemas/MessaggiTypes_v1.1.xsd'),
  fattura: join(STANDARDS, 'schemas/Schema_del_file_xml_FatturaPA_v1.2.2.xsd'),
};
export const SDI_EXAMPLES = join(STANDARDS, 'examples');

/** xmllint against one of the official schemas, offline; returns the errors ('' when valid). */
export function xsdErrors(xsd: string, xml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sdi-xsd-'));
  try {
    const file = join(dir, 'm.xml');
    writeFileSync(file, xml);
    execFileSync('xmllint', ['--nonet', '--noout', '--schema', xsd, file], {
      stdio: 'pipe',
      env: { ...process.env, XML_CATALOG_FILES: join(STANDARDS, 'schemas/catalog.xml') },
    });
    return '';
  } catch (e) {
    const err = e as { code?: string; stderr?: Buffer };
    if (err.code === 'ENOENT') throw new Error('xmllint is missing: apt-get install -y libxml2-utils', { cause: e });
    return String(err.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SdiPki {
  ca: Buffer;
  server: { cert: Buffer; key: Buffer };
  client: { cert: Buffer; key: Buffer };
  /** A client certificate of another CA, which the SdI must refuse. */
  stranger: { cert: Buffer; key: Buffer };
  dir: string;
}

/** A throw-away CA issuing the SdI's server certificate (127.0.0.1) and our channel's client certificate. */
export function makeSdiPki(): SdiPki {
  const dir = mkdtempSync(join(tmpdir(), 'sdi-pki-'));
  const openssl = (...args: string[]) =>
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const ca = (name: string) =>
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
    );
  const issue = (name: string, by: string, ext: string) => {
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
    );
    writeFileSync(join(dir, `${name}.ext`), ext);
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${by}.pem`,
      '-CAkey',
      `${by}.key`,
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    );
  };
  ca('sdi-ca');
  ca('other-ca');
  issue('sdi-server', 'sdi-ca', 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  issue('channel', 'sdi-ca', 'extendedKeyUsage=clientAuth\n');
  issue('stranger', 'other-ca', 'extendedKeyUsage=clientAuth\n');
  const read = (f: string) => readFileSync(join(dir, f));
  return {
    ca: read('sdi-ca.pem'),
    server: { cert: read('sdi-server.pem'), key: read('sdi-server.key') },
    client: { cert: read('channel.pem'), key: read('channel.key') },
    stranger: { cert: read('stranger.pem'), key: read('stranger.key') },
    dir,
  };
}

export interface ReceivedFile {
  nomeFile: string;
  xml: string;
  /** xmllint errors of the SOAP body element and of the FatturaPA ('' when valid). */
  envelopeErrors: string;
  fileErrors: string;
  soapAction: string | undefined;
  identificativoSdI: string;
}

export interface SdiStub {
  url: string;
  files: ReceivedFile[];
  notifications: Array<{ nomeFile: string; xml: string; identificativoSdI: string; errors: string }>;
  /** What SdIRiceviFile answers next: an `Errore` code, an HTTP status, or a normal receipt. */
  answer: (file: ReceivedFile) => { errore?: string; status?: number } | undefined;
  close(): Promise<void>;
}

/**
 * The SdI's SDICoop endpoints on 127.0.0.1 as the WSDLs describe them: `/ricevi_file` (SdIRiceviFile)
 * and `/ricevi_notifica` (SdIRiceviNotifica), mutual TLS with the CA that issued the channel's certificate.
 * Every body element and file is checked against the official XSDs with xmllint.
 */
export async function startSdiStub(pki: SdiPki): Promise<SdiStub> {
  let next = 100_000;
  const stub = { files: [], notifications: [], answer: () => undefined } as unknown as SdiStub;
  const server: Server = createServer(
    { cert: pki.server.cert, key: pki.server.key, ca: pki.ca, requestCert: true, rejectUnauthorized: true },
    async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = readSoapBody(Buffer.concat(chunks).toString('utf8'));
      const wrapped = `<?xml version="1.0"?>${serializeXml(body.element)}`;
      const id = String((next += 1));
      const reply = (ns: string, element: string, inner: string) =>
        res
          .writeHead(200, { 'content-type': 'text/xml; charset=utf-8' })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><t:${element} xmlns:t="${ns}">${inner}</t:${element}></s:Body></s:Envelope>`,
          );
      if (req.url === '/ricevi_file') {
        const xml = Buffer.from(body.fields.File ?? '', 'base64').toString('utf8');
        const file: ReceivedFile = {
          nomeFile: body.fields.NomeFile ?? '',
          xml,
          envelopeErrors: xsdErrors(SDI_XSD.trasmissione, wrapped),
          fileErrors: xsdErrors(SDI_XSD.fattura, xml),
          soapAction: req.headers.soapaction as string | undefined,
          identificativoSdI: id,
        };
        stub.files.push(file);
        const answer = stub.answer(file);
        if (answer?.status) return res.writeHead(answer.status).end('busy');
        return reply(
          'http://www.fatturapa.gov.it/sdi/ws/trasmissione/v1.0/types',
          'rispostaSdIRiceviFile',
          `<IdentificativoSdI>${id}</IdentificativoSdI><DataOraRicezione>2026-11-29T10:00:00.000+01:00</DataOraRicezione>${answer?.errore ? `<Errore>${answer.errore}</Errore>` : ''}`,
        );
      }
      if (req.url === '/ricevi_notifica') {
        const xml = Buffer.from(body.fields.File ?? '', 'base64').toString('utf8');
        stub.notifications.push({
          nomeFile: body.fields.NomeFile ?? '',
          identificativoSdI: body.fields.IdentificativoSdI ?? '',
          xml,
          errors: xsdErrors(SDI_XSD.ricezione, wrapped) + xsdErrors(SDI_XSD.messaggi, xml),
        });
        return reply(
          'http://www.fatturapa.gov.it/sdi/ws/ricezione/v1.0/types',
          'rispostaSdINotificaEsito',
          '<Esito>ES01</Esito>',
        );
      }
      res.writeHead(404).end();
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}

/** The smallest Italian invoice body that renders as a valid FatturaPA (FPR12). */
export const ITALIAN_BODY = {
  number: 'FT-2026/7',
  issueDate: '2026-11-20',
  seller: {
    name: 'Alpha Srl',
    vatNumber: 'IT01234567897',
    address: { street: 'Viale Roma 543', city: 'Sassari', postalCode: '07100', region: 'SS', country: 'IT' },
  },
  buyer: {
    name: 'Beta Gamma Spa',
    vatNumber: 'IT09876543217',
    peppolId: '0205:ABC1234',
    address: { street: 'Via Torino 38-B', city: 'Roma', postalCode: '00145', region: 'RM', country: 'IT' },
  },
  lines: [{ description: 'Consulenza', quantity: '1', unitPrice: '100', vatRate: '22' }],
};
