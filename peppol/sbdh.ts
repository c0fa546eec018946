import { XMLSerializer, type Element } from '@xmldom/xmldom';
import { DOCUMENT_TYPE_INFO, UBL_NS, peppolDocumentTypeId, type UblRoot } from './document-types.ts';
import type { ValidationIssue } from './types.ts';
import { DEFAULT_MAX_XML_BYTES, elementChildren, parseXml, parseXmlTree, text, val, type El } from './xml/dom.ts';
import { escapeXml } from './xml/writer.ts';

export const SBDH_NS = 'http://www.unece.org/cefact/namespaces/StandardBusinessDocumentHeader';
const ACTOR_AUTHORITY = 'iso6523-actorid-upis';

export interface SbdhOptions {
  /** Sender participant id `<scheme>:<value>`. */
  sender: string;
  /** Receiver participant id; an event has none, so the sender is used. */
  receiver?: string;
  /** Unique id of this transmission (a UUID chosen by the caller, so wrapping stays deterministic). */
  instanceId: string;
  createdAt: Date;
  /** ISO 3166 country of the sender (Peppol COUNTRY_C1 scope, mandatory since 2024). */
  countryC1: string;
}

export type WrapResult =
  { ok: true; xml: string; documentTypeId: string; processId: string } | { ok: false; errors: ValidationIssue[] };

/**
 * Wraps a rendered UBL document in the Peppol Business Message Envelope (SBDH 1.3). Document type
 * and process ids are read from the payload itself, so they can never disagree with it.
 */
export function wrapInSbdh(ublXml: string, options: SbdhOptions): WrapResult {
  // Only the root and two header values are read: the compact tree parses a hand-off's UBL ~4× faster than xmldom.
  const parsed = parseXmlTree(ublXml, Number.MAX_SAFE_INTEGER);
  if (!parsed.ok) return { ok: false, errors: parsed.errors.map((e) => ({ ...e, rule: 'SBDH_ERROR' })) };
  const root = parsed.root;
  const rootName = root.localName as UblRoot;
  if (!(rootName in DOCUMENT_TYPE_INFO_BY_ROOT) || root.namespaceURI !== UBL_NS[rootName]) {
    return {
      ok: false,
      errors: [{ rule: 'SBDH_ERROR', message: `Cannot wrap {${root.namespaceURI ?? ''}}${root.localName}`, path: '/' }],
    };
  }
  const customizationId = val(root, 'cbc:CustomizationID');
  const processId = val(root, 'cbc:ProfileID');
  if (!customizationId || !processId) {
    return {
      ok: false,
      errors: [{ rule: 'SBDH_ERROR', message: 'Payload lacks CustomizationID or ProfileID', path: '/' }],
    };
  }
  const documentTypeId = peppolDocumentTypeId(rootName, customizationId);
  const created = options.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const payload = ublXml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, '');
  const scope = (type: string, instance: string, identifier?: string) =>
    `<Scope><Type>${type}</Type><InstanceIdentifier>${escapeXml(instance)}</InstanceIdentifier>${identifier ? `<Identifier>${identifier}</Identifier>` : ''}</Scope>`;
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n<StandardBusinessDocument xmlns="${SBDH_NS}"><StandardBusinessDocumentHeader>` +
    '<HeaderVersion>1.0</HeaderVersion>' +
    `<Sender><Identifier Authority="${ACTOR_AUTHORITY}">${escapeXml(options.sender)}</Identifier></Sender>` +
    `<Receiver><Identifier Authority="${ACTOR_AUTHORITY}">${escapeXml(options.receiver ?? options.sender)}</Identifier></Receiver>` +
    '<DocumentIdentification>' +
    `<Standard>${UBL_NS[rootName]}</Standard><TypeVersion>2.1</TypeVersion>` +
    `<InstanceIdentifier>${escapeXml(options.instanceId)}</InstanceIdentifier><Type>${rootName}</Type>` +
    `<CreationDateAndTime>${created}</CreationDateAndTime>` +
    '</DocumentIdentification><BusinessScope>' +
    scope('DOCUMENTID', documentTypeId, 'busdox-docid-qns') +
    scope('PROCESSID', processId, 'cenbii-procid-ubl') +
    scope('COUNTRY_C1', options.countryC1) +
    `</BusinessScope></StandardBusinessDocumentHeader>${payload}</StandardBusinessDocument>`;
  return { ok: true, xml, documentTypeId, processId };
}

const DOCUMENT_TYPE_INFO_BY_ROOT: Record<string, true> = Object.fromEntries(
  Object.values(DOCUMENT_TYPE_INFO).map((i) => [i.root, true]),
);

export interface SbdhHeader {
  sender: string;
  receiver: string;
  instanceId: string;
  type: string;
  createdAt: string;
  documentTypeId?: string;
  processId?: string;
  countryC1?: string;
}

export type UnwrapResult = { ok: true; header: SbdhHeader; payload: string } | { ok: false; errors: ValidationIssue[] };

/** Reads an inbound SBD: header fields plus the payload serialised back to text. */
export function unwrapSbdh(xml: string, maxBytes = DEFAULT_MAX_XML_BYTES): UnwrapResult {
  const parsed = parseXml(xml, maxBytes);
  if (!parsed.ok) return parsed;
  const root = parsed.root;
  const bad = (message: string): UnwrapResult => ({
    ok: false,
    errors: [{ rule: 'SBDH_ERROR', message, path: `/${root.nodeName}` }],
  });
  if (root.localName !== 'StandardBusinessDocument' || root.namespaceURI !== SBDH_NS)
    return bad('Not a StandardBusinessDocument');
  const children = elementChildren(root);
  const header = children.find((c) => c.localName === 'StandardBusinessDocumentHeader');
  const payload = children.find((c) => c.localName !== 'StandardBusinessDocumentHeader');
  if (!header || !payload) return bad('SBD needs a header and a payload');
  const sbdh = (el: El | undefined, name: string) => {
    for (const c of el ? elementChildren(el) : []) if (c.localName === name && c.namespaceURI === SBDH_NS) return c;
    return undefined;
  };
  const ident = sbdh(header, 'DocumentIdentification');
  const scopes = (() => {
    const out: Record<string, string> = {};
    for (const s of elementChildren(sbdh(header, 'BusinessScope') ?? header).filter((c) => c.localName === 'Scope')) {
      out[text(sbdh(s, 'Type'))] = text(sbdh(s, 'InstanceIdentifier'));
    }
    return out;
  })();
  const sender = text(sbdh(sbdh(header, 'Sender'), 'Identifier'));
  const receiver = text(sbdh(sbdh(header, 'Receiver'), 'Identifier'));
  if (!sender || !receiver || !ident) return bad('SBDH lacks Sender, Receiver or DocumentIdentification');
  const out: SbdhHeader = {
    sender,
    receiver,
    instanceId: text(sbdh(ident, 'InstanceIdentifier')),
    type: text(sbdh(ident, 'Type')),
    createdAt: text(sbdh(ident, 'CreationDateAndTime')),
  };
  if (scopes.DOCUMENTID) out.documentTypeId = scopes.DOCUMENTID;
  if (scopes.PROCESSID) out.processId = scopes.PROCESSID;
  if (scopes.COUNTRY_C1) out.countryC1 = scopes.COUNTRY_C1;
  return { ok: true, header: out, payload: new XMLSerializer().serializeToString(payload as Element) };
}
