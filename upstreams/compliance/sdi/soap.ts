import { DOMParser, XMLSerializer, type Element as XmlElement } from '@xmldom/xmldom';

/** SOAP 1.1, the binding of every SDICoop WSDL (`soapbind:binding style="document"`, literal bodies). */
export const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';

/** Namespaces of the SDICoop messages (the `types` namespaces of the WSDLs). */
export const SDICOOP_NS = {
  /** SdIRiceviFile_v1.0 (transmitter → SdI) with TrasmissioneTypes_v1.0.xsd. */
  riceviFile: 'http://www.fatturapa.gov.it/sdi/ws/trasmissione/v1.0/types',
  /** TrasmissioneFatture_v1.1 (SdI → transmitter) with TrasmissioneTypes_v1.1.xsd. */
  trasmissione: 'http://www.fatturapa.gov.it/sdi/ws/trasmissione/v1.0/types',
  /** SdIRiceviNotifica_v1.0 and RicezioneFatture_v1.0 with RicezioneTypes_v1.0.xsd. */
  ricezione: 'http://www.fatturapa.gov.it/sdi/ws/ricezione/v1.0/types',
} as const;

/** SOAPAction of each operation, as the WSDL bindings publish them. */
export const SOAP_ACTIONS = {
  riceviFile: 'http://www.fatturapa.it/SdIRiceviFile/RiceviFile',
  notificaEsito: 'http://www.fatturapa.it/SdIRicezioneNotifiche/NotificaEsito',
} as const;

export type SoapChild = { name: string; text: string };

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A SOAP 1.1 envelope whose body holds one element `types:<element>` of `namespace` with the given
 * children, in order. The children are unqualified, as the SDICoop types schemas declare them
 * (no `elementFormDefault`).
 */
export function soapEnvelope(namespace: string, element: string, children: SoapChild[]): string {
  const inner = children.map((c) => `<${c.name}>${escapeXml(c.text)}</${c.name}>`).join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV}" xmlns:types="${namespace}">` +
    `<soapenv:Header/><soapenv:Body><types:${element}>${inner}</types:${element}></soapenv:Body></soapenv:Envelope>`
  );
}

/** A SOAP 1.1 fault (`faultcode` Client for a message at fault, Server for our own trouble). */
export function soapFault(code: 'Client' | 'Server', message: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV}"><soapenv:Body><soapenv:Fault>` +
    `<faultcode>soapenv:${code}</faultcode><faultstring>${escapeXml(message)}</faultstring>` +
    `</soapenv:Fault></soapenv:Body></soapenv:Envelope>`
  );
}

export class SoapError extends Error {
  constructor(
    message: string,
    readonly fault?: { code: string; message: string },
  ) {
    super(message);
  }
}

export interface SoapBody {
  /** The body's single element: namespace and local name. */
  namespace: string | null;
  name: string;
  /** The text of its direct children, by local name (the SDICoop messages are flat). */
  fields: Record<string, string>;
  element: XmlElement;
}

const elementsOf = (node: XmlElement): XmlElement[] => {
  const out: XmlElement[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) out.push(c as XmlElement);
  return out;
};

/**
 * The body element of a SOAP 1.1 envelope. Throws {@link SoapError} for what is not an envelope, and
 * for a fault (with its code and string).
 */
export function readSoapBody(xml: string): SoapBody {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') errors.push(message);
    },
  }).parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (errors.length > 0 || !root) throw new SoapError(`not well-formed XML: ${errors[0] ?? 'empty'}`);
  if (root.namespaceURI !== SOAP_ENV || root.localName !== 'Envelope') throw new SoapError('not a SOAP 1.1 envelope');
  const body = elementsOf(root).find((e) => e.namespaceURI === SOAP_ENV && e.localName === 'Body');
  if (!body) throw new SoapError('the envelope has no Body');
  const [element, ...more] = elementsOf(body);
  if (!element) throw new SoapError('the Body is empty');
  if (more.length > 0) throw new SoapError('the Body holds more than one element');
  const fields: Record<string, string> = {};
  for (const child of elementsOf(element)) fields[child.localName ?? child.nodeName] = child.textContent ?? '';
  if (element.namespaceURI === SOAP_ENV && element.localName === 'Fault') {
    const fault = { code: fields.faultcode ?? '', message: fields.faultstring ?? '' };
    throw new SoapError(`SOAP fault ${fault.code}: ${fault.message}`, fault);
  }
  return { namespace: element.namespaceURI, name: element.localName ?? element.nodeName, fields, element };
}

export const serializeXml = (node: XmlElement) => new XMLSerializer().serializeToString(node);
