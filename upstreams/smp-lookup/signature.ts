import { createHash, timingSafeEqual, verify as verifySignature, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Element as XElement, Node as XNode } from '@xmldom/xmldom';
import { UpstreamError } from '../directory/types.ts';

/**
 * Enveloped XML-DSig of SMP 1.x `SignedServiceMetadata` (Peppol SMP specification 1.x §3.6, W3C
 * XML Signature 1.1): one Reference with URI="" over the whole document minus the Signature
 * (enveloped-signature transform), RSA-SHA256 over SHA-256 digests, canonicalized with exclusive
 * (or inclusive) C14N 1.0 without comments. Anything else is refused rather than guessed at.
 *
 * Limits of this implementation, deliberately narrow: only same-document URI="" references; no
 * XPath or XSLT transforms; no revocation (OCSP/CRL) check of the signing certificate; the
 * CertificateUID of an SMP redirect is not compared with the target's signing certificate.
 */

export const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
export const ALGORITHMS = {
  excC14n: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  c14n: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  enveloped: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
  rsaSha256: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  sha256: 'http://www.w3.org/2001/04/xmlenc#sha256',
} as const;

const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** How the live SMP lookup treats the signature of service metadata. */
export type SmpSignaturePolicy =
  /** Verify, and require the signing certificate to chain to one of these anchors. */
  | { mode: 'verify'; trustAnchors: X509Certificate[]; now?: () => Date }
  /** Fail closed: verification is wanted but no trust anchors are configured. */
  | { mode: 'refuse'; reason: string }
  /** Accept metadata without checking its signature (explicit opt-out; see SMP_VERIFY_SIGNATURES). */
  | { mode: 'skip' };

export interface C14nOptions {
  /** Exclusive C14N (xml-exc-c14n#): only visibly utilized namespaces are rendered. */
  exclusive: boolean;
  /** Exclusive C14N InclusiveNamespaces PrefixList (`#default` for the default namespace). */
  inclusivePrefixes?: string[];
  /** A node left out of the output with its subtree (the enveloped Signature). */
  exclude?: XNode;
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

function escapeAttr(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');
}

function isNamespaceDeclaration(attr: { name: string; namespaceURI?: string | null }): boolean {
  return attr.namespaceURI === XMLNS_NS || attr.name === 'xmlns' || attr.name.startsWith('xmlns:');
}

function attributesOf(
  el: XElement,
): Array<{ name: string; prefix: string | null; localName: string; namespaceURI: string | null; value: string }> {
  const out = [];
  for (let i = 0; i < el.attributes.length; i++) out.push(el.attributes.item(i)! as any);
  return out;
}

function withDeclarations(parent: Map<string, string>, el: XElement): Map<string, string> {
  const scope = new Map(parent);
  for (const attr of attributesOf(el)) {
    if (!isNamespaceDeclaration(attr)) continue;
    scope.set(attr.name === 'xmlns' ? '' : attr.name.slice('xmlns:'.length), attr.value);
  }
  return scope;
}

/**
 * Canonical XML 1.0 / Exclusive XML Canonicalization 1.0 (both without comments) of one element
 * and its subtree, with the namespace context of its ancestors. Enough for SMP documents: no DTD
 * (refused by the parser), so no default attributes or entity references to expand.
 */
export function canonicalize(apex: XElement, options: C14nOptions): string {
  const ancestors: XElement[] = [];
  for (let p = apex.parentNode; p && p.nodeType === 1; p = p.parentNode) ancestors.unshift(p as XElement);
  let scope = new Map<string, string>();
  for (const ancestor of ancestors) scope = withDeclarations(scope, ancestor);
  const inclusive = new Set((options.inclusivePrefixes ?? []).map((p) => (p === '#default' ? '' : p)));
  const out: string[] = [];

  const render = (el: XElement, parentScope: Map<string, string>, rendered: Map<string, string>): void => {
    const inScope = withDeclarations(parentScope, el);
    const candidates = new Set<string>();
    if (options.exclusive) {
      candidates.add(el.prefix ?? '');
      for (const attr of attributesOf(el))
        if (!isNamespaceDeclaration(attr) && attr.prefix) candidates.add(attr.prefix);
      for (const prefix of inclusive) if (inScope.has(prefix)) candidates.add(prefix);
    } else {
      for (const prefix of inScope.keys()) candidates.add(prefix);
    }
    const next = new Map(rendered);
    const declarations: Array<[string, string]> = [];
    for (const prefix of candidates) {
      if (prefix === 'xml') continue;
      const uri = inScope.get(prefix) ?? '';
      if (prefix !== '' && uri === '') continue;
      if ((rendered.get(prefix) ?? '') === uri && (prefix === '' || rendered.has(prefix))) continue;
      declarations.push([prefix, uri]);
      next.set(prefix, uri);
    }
    declarations.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const attributes = attributesOf(el)
      .filter((a) => !isNamespaceDeclaration(a))
      .map((a) => ({ ns: a.namespaceURI ?? '', local: a.localName ?? a.name, name: a.name, value: a.value }))
      .sort((a, b) => (a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : a.local < b.local ? -1 : a.local > b.local ? 1 : 0));

    out.push('<', el.tagName);
    for (const [prefix, uri] of declarations)
      out.push(prefix === '' ? ` xmlns="${escapeAttr(uri)}"` : ` xmlns:${prefix}="${escapeAttr(uri)}"`);
    for (const a of attributes) out.push(' ', a.name, '="', escapeAttr(a.value), '"');
    out.push('>');
    for (let child = el.firstChild; child; child = child.nextSibling) {
      if (child === options.exclude) continue;
      switch (child.nodeType) {
        case 1:
          render(child as XElement, inScope, next);
          break;
        case 3:
        case 4:
          out.push(escapeText((child as any).data as string));
          break;
        case 7: {
          const data = (child as any).data as string;
          out.push('<?', (child as any).target as string, data ? ` ${data}` : '', '?>');
          break;
        }
        default:
          break; // comments are not part of the canonical form
      }
    }
    out.push('</', el.tagName, '>');
  };

  render(apex, scope, new Map([['', '']]));
  return out.join('');
}

/** Reads PEM certificates from one or more comma-separated file paths. */
export function loadTrustAnchors(paths: string): X509Certificate[] {
  const anchors: X509Certificate[] = [];
  for (const path of paths
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      throw new Error(`SMP_TRUSTSTORE_PEM: cannot read ${path} (${(err as Error).message})`, { cause: err });
    }
    const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    if (blocks.length === 0) throw new Error(`SMP_TRUSTSTORE_PEM: ${path} contains no PEM certificate`);
    for (const block of blocks) anchors.push(new X509Certificate(block));
  }
  return anchors;
}

function childElements(parent: XNode, ns: string, localName: string): XElement[] {
  const out: XElement[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 1 && (child as XElement).namespaceURI === ns && (child as XElement).localName === localName)
      out.push(child as XElement);
  }
  return out;
}

function descendants(parent: XElement, ns: string, localName: string): XElement[] {
  return Array.from(parent.getElementsByTagNameNS(ns, localName) as unknown as ArrayLike<XElement>);
}

function one(parent: XNode, localName: string, what: string): XElement {
  const found = childElements(parent, DSIG_NS, localName);
  if (found.length !== 1) throw new Error(`${what}: expected one ds:${localName}, found ${found.length}`);
  return found[0];
}

function prefixList(method: XElement): string[] | undefined {
  const list = childElements(method, ALGORITHMS.excC14n, 'InclusiveNamespaces')[0]?.getAttribute('PrefixList');
  return list ? list.trim().split(/\s+/) : undefined;
}

function validAt(cert: X509Certificate, now: Date): boolean {
  return new Date(cert.validFrom) <= now && now <= new Date(cert.validTo);
}

function issuedBy(cert: X509Certificate, issuer: X509Certificate): boolean {
  return cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
}

/** Whether `cert` chains (through CA certificates of `pool`) to one of the valid anchors. */
function chains(
  cert: X509Certificate,
  pool: X509Certificate[],
  anchors: X509Certificate[],
  now: Date,
  depth = 0,
): boolean {
  if (depth > 4) return false;
  if (anchors.some((anchor) => validAt(anchor, now) && issuedBy(cert, anchor))) return true;
  return pool.some(
    (next) =>
      next !== cert &&
      next.ca &&
      validAt(next, now) &&
      issuedBy(cert, next) &&
      chains(
        next,
        pool.filter((c) => c !== next),
        anchors,
        now,
        depth + 1,
      ),
  );
}

/**
 * Checks the enveloped signature of a SignedServiceMetadata document (its root element) and the
 * signer's certificate chain; throws the reason. The signed content is the whole document minus
 * the Signature, so a caller must read the metadata from the root's own children only (never from
 * inside the Signature, which the digest does not cover).
 */
export function checkEnvelopedSignature(root: XElement, anchors: X509Certificate[], now: Date): void {
  const signatures = descendants(root, DSIG_NS, 'Signature');
  const signature = childElements(root, DSIG_NS, 'Signature');
  if (signature.length !== 1 || signatures.length !== 1)
    throw new Error(`expected exactly one ds:Signature as a child of ${root.localName}, found ${signatures.length}`);
  const sig = signature[0];
  const signedInfo = one(sig, 'SignedInfo', 'Signature');

  const c14nMethod = one(signedInfo, 'CanonicalizationMethod', 'SignedInfo');
  const c14nAlgorithm = c14nMethod.getAttribute('Algorithm');
  if (c14nAlgorithm !== ALGORITHMS.excC14n && c14nAlgorithm !== ALGORITHMS.c14n)
    throw new Error(`unsupported CanonicalizationMethod ${c14nAlgorithm}`);
  const signatureAlgorithm = one(signedInfo, 'SignatureMethod', 'SignedInfo').getAttribute('Algorithm');
  if (signatureAlgorithm !== ALGORITHMS.rsaSha256) throw new Error(`unsupported SignatureMethod ${signatureAlgorithm}`);

  const reference = one(signedInfo, 'Reference', 'SignedInfo');
  if (reference.getAttribute('URI') !== '')
    throw new Error(`the Reference must cover the whole document (URI=""), not "${reference.getAttribute('URI')}"`);
  const transforms = childElements(reference, DSIG_NS, 'Transforms')[0];
  const transformList = transforms ? childElements(transforms, DSIG_NS, 'Transform') : [];
  if (!transformList.some((t) => t.getAttribute('Algorithm') === ALGORITHMS.enveloped))
    throw new Error('the Reference lacks the enveloped-signature transform');
  let referenceC14n: C14nOptions = { exclusive: false, exclude: sig };
  for (const transform of transformList) {
    const algorithm = transform.getAttribute('Algorithm');
    if (algorithm === ALGORITHMS.enveloped) continue;
    if (algorithm === ALGORITHMS.excC14n)
      referenceC14n = { exclusive: true, exclude: sig, inclusivePrefixes: prefixList(transform) ?? [] };
    else if (algorithm !== ALGORITHMS.c14n) throw new Error(`unsupported Transform ${algorithm}`);
  }
  const digestAlgorithm = one(reference, 'DigestMethod', 'Reference').getAttribute('Algorithm');
  if (digestAlgorithm !== ALGORITHMS.sha256) throw new Error(`unsupported DigestMethod ${digestAlgorithm}`);
  const expectedDigest = Buffer.from(
    (one(reference, 'DigestValue', 'Reference').textContent ?? '').replace(/\s+/g, ''),
    'base64',
  );
  const digest = createHash('sha256').update(canonicalize(root, referenceC14n), 'utf8').digest();
  if (expectedDigest.length !== digest.length || !timingSafeEqual(expectedDigest, digest))
    throw new Error('the digest of the signed content does not match: the metadata was altered after signing');

  const certificates = descendants(sig, DSIG_NS, 'X509Certificate').map((el) => {
    try {
      return new X509Certificate(Buffer.from((el.textContent ?? '').replace(/\s+/g, ''), 'base64'));
    } catch (err) {
      throw new Error(`KeyInfo holds a certificate that does not parse (${(err as Error).message})`, { cause: err });
    }
  });
  // Bounds the chain search: a real KeyInfo carries the leaf and at most a few CA certificates.
  if (certificates.length > 8)
    throw new Error(`KeyInfo carries ${certificates.length} certificates; at most 8 are accepted`);
  const signer = certificates[0];
  if (!signer) throw new Error('KeyInfo/X509Data carries no X509Certificate');
  if (signer.publicKey.asymmetricKeyType !== 'rsa')
    throw new Error(`the signing key is ${signer.publicKey.asymmetricKeyType}, not RSA`);
  const signatureValue = Buffer.from(
    (one(sig, 'SignatureValue', 'Signature').textContent ?? '').replace(/\s+/g, ''),
    'base64',
  );
  const signedBytes = Buffer.from(
    canonicalize(signedInfo, {
      exclusive: c14nAlgorithm === ALGORITHMS.excC14n,
      inclusivePrefixes: prefixList(c14nMethod) ?? [],
    }),
    'utf8',
  );
  if (!verifySignature('sha256', signedBytes, signer.publicKey, signatureValue))
    throw new Error('the SignatureValue does not verify with the KeyInfo certificate');

  if (!validAt(signer, now))
    throw new Error(
      `the signing certificate (${signer.subject.replace(/\n/g, ', ')}) is not valid at ${now.toISOString()} (valid ${signer.validFrom} to ${signer.validTo})`,
    );
  if (!chains(signer, certificates.slice(1), anchors, now))
    throw new Error(
      `the signing certificate (${signer.subject.replace(/\n/g, ', ')}, issued by ${signer.issuer.replace(/\n/g, ', ')}) does not chain to a configured SMP trust anchor`,
    );
}

/** Applies the policy to one fetched SignedServiceMetadata; an UpstreamError (malformed) when refused. */
export function enforceSignaturePolicy(root: XElement, policy: SmpSignaturePolicy, url: string): void {
  if (policy.mode === 'skip') return;
  if (policy.mode === 'refuse')
    throw new UpstreamError(
      'smp',
      'malformed',
      `The SMP service metadata of ${url} cannot be trusted: ${policy.reason}`,
    );
  try {
    checkEnvelopedSignature(root, policy.trustAnchors, policy.now?.() ?? new Date());
  } catch (err) {
    throw new UpstreamError(
      'smp',
      'malformed',
      `The SMP service metadata of ${url} is refused: ${(err as Error).message}.`,
      { cause: err },
    );
  }
}

export const NO_TRUST_ANCHORS =
  'signature verification is on but no SMP trust anchors are configured (set SMP_TRUSTSTORE_PEM to the Peppol SMP CA certificates, or SMP_VERIFY_SIGNATURES=false to accept unverified metadata)';
