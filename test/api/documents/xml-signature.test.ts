import { createPublicKey } from 'node:crypto';
import { expect } from 'chai';
import { createVerifier, httpbis } from 'http-message-signatures';
import { verifyDocumentXml, type Jwks } from '../../../core/document-signature.ts';
import { findSigningKeys } from '../../../db/signing-keys.ts';
import { createSigningKeyring, signingKeys } from '../../../api/signing-keys.ts';
import { errorBody, startTestApp, type TestApp } from '../../support/app.ts';
import { bearer, createTenant, type Tenant } from '../../support/access.ts';
import { testServers } from '../../support/servers.ts';
import { seedDocument } from './seed-document.ts';

const UBL =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><cbc:ID xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">FV/2026/Łódź-1</cbc:ID></Invoice>\n';

describe('GET /v1/documents/{document_id}/xml signature and GET /.well-known/jwks.json', () => {
  let app: TestApp;
  let tenant: Tenant;
  before(async () => {
    app = await startTestApp();
    tenant = await createTenant({ livemode: false });
  });
  after(() => app.close());

  const download = async (id: string) => {
    const path = `/v1/documents/${id}/xml`;
    const res = await fetch(`${app.url}${path}`, { headers: bearer(tenant.key) });
    expect(res.status).to.equal(200);
    return { path, res, body: Buffer.from(await res.arrayBuffer()), headers: Object.fromEntries(res.headers) };
  };
  const jwks = async (): Promise<Jwks> => {
    const res = await fetch(`${app.url}/.well-known/jwks.json`);
    expect(res.status).to.equal(200);
    return (await res.json()) as Jwks;
  };

  /** http-message-signatures, an implementation independent of ours, with the key the JWKS names. */
  const verifyIndependently = async (path: string, headers: Record<string, string>, keys: Jwks) =>
    httpbis.verifyMessage(
      {
        keyLookup: async (params) => {
          const jwk = keys.keys.find((k) => k.kid === params.keyid);
          return jwk
            ? {
                id: String(jwk.kid),
                algs: ['ed25519'],
                verify: createVerifier(createPublicKey({ key: jwk as never, format: 'jwk' }), 'ed25519'),
              }
            : null;
        },
        requiredFields: ['@path', 'content-digest', 'x-document-id'],
      },
      { status: 200, headers },
      { method: 'GET', url: `${app.url}${path}`, headers: {} },
    );

  it('serves the stored UBL unchanged, with Content-Digest and a signature that verifies independently and with verifyDocumentXml', async () => {
    const id = await seedDocument(tenant, { xml: UBL });
    const { path, body, headers } = await download(id);
    expect(body.toString('utf8')).to.equal(UBL);
    expect(headers['content-type']).to.match(/^application\/xml/);
    expect(headers['content-digest']).to.equal(
      `sha-256=:${(await import('node:crypto')).createHash('sha256').update(body).digest('base64')}:`,
    );
    expect(headers['x-document-id']).to.equal(id);
    expect(headers['signature-input']).to.match(
      /^docex=\("@path";req "content-digest" "x-document-id"\);created=\d+;keyid="[^"]+";alg="ed25519"$/,
    );
    const keys = await jwks();
    expect(await verifyIndependently(path, headers, keys)).to.equal(true);
    const ours = await verifyDocumentXml({ body, headers, path, jwks: keys, documentId: id });
    expect(ours).to.deep.include({ ok: true, documentId: id });
  });

  it("refuses a changed body, another document's path or id, and an unknown key", async () => {
    const id = await seedDocument(tenant, { xml: UBL });
    const other = await seedDocument(tenant, { xml: UBL });
    const { path, body, headers } = await download(id);
    const keys = await jwks();
    const tampered = Buffer.from(body.toString('utf8').replace('Łódź-1', 'Łódź-2'));
    expect(await verifyDocumentXml({ body: tampered, headers, path, jwks: keys })).to.deep.equal({
      ok: false,
      reason: 'digest_mismatch',
    });
    // Same bytes served for another document: the digest matches, the signature binds path and id.
    const otherPath = `/v1/documents/${other}/xml`;
    expect(await verifyDocumentXml({ body, headers, path: otherPath, jwks: keys })).to.deep.equal({
      ok: false,
      reason: 'signature_mismatch',
    });
    expect(await verifyIndependently(otherPath, headers, keys)).to.equal(false);
    expect(
      await verifyDocumentXml({ body, headers: { ...headers, 'x-document-id': other }, path, jwks: keys }),
    ).to.deep.equal({ ok: false, reason: 'signature_mismatch' });
    expect(await verifyDocumentXml({ body, headers, path, jwks: keys, documentId: other })).to.deep.equal({
      ok: false,
      reason: 'document_mismatch',
    });
    expect(await verifyDocumentXml({ body, headers, path, jwks: { keys: [] } })).to.deep.equal({
      ok: false,
      reason: 'unknown_key',
    });
    expect(
      await verifyDocumentXml({ body, headers: { ...headers, signature: undefined }, path, jwks: keys }),
    ).to.deep.equal({ ok: false, reason: 'missing_header' });
  });

  it('after a rotation the new key signs, and the old key stays published so earlier downloads still verify', async () => {
    const id = await seedDocument(tenant, { xml: UBL });
    const before = await download(id);
    const oldKid = /keyid="([^"]+)"/.exec(before.headers['signature-input'])![1];
    const newKid = await signingKeys(testServers().db).rotate();
    expect(newKid).to.not.equal(oldKid);
    const after = await download(id);
    expect(after.headers['signature-input']).to.include(`keyid="${newKid}"`);
    const keys = await jwks();
    expect(keys.keys.map((k) => k.kid)).to.include.members([oldKid, newKid]);
    expect(keys.keys[0].kid, 'the active key first').to.equal(newKid);
    for (const k of keys.keys) {
      expect(k).to.include({ kty: 'OKP', crv: 'Ed25519' });
      expect(k).to.not.have.property('d');
    }
    expect(await verifyIndependently(before.path, before.headers, keys)).to.equal(true);
    expect(
      (await verifyDocumentXml({ body: before.body, headers: before.headers, path: before.path, jwks: keys })).ok,
    ).to.equal(true);
    expect(
      (await verifyDocumentXml({ body: after.body, headers: after.headers, path: after.path, jwks: keys })).ok,
    ).to.equal(true);
  });

  it('creates exactly one key when several processes need one at once on an empty table', async () => {
    const db = testServers().db;
    await db.deleteFrom('signing_keys').execute();
    try {
      const kids = await Promise.all(
        Array.from({ length: 6 }, () =>
          createSigningKeyring(db)
            .activeKey()
            .then((k) => k.kid),
        ),
      );
      expect(new Set(kids).size).to.equal(1);
      expect((await findSigningKeys(db)).map((k) => k.kid)).to.deep.equal([kids[0]]);
    } finally {
      // The app's keyring may hold a deleted key in its cache: a rotation makes it read the table again.
      await signingKeys(db).rotate();
    }
  });

  it('the JWKS is public; the XML is not: 401 MISSING_AUTH without a token', async () => {
    expect((await fetch(`${app.url}/.well-known/jwks.json`)).headers.get('cache-control')).to.equal(
      'public, max-age=300',
    );
    const id = await seedDocument(tenant, { xml: UBL });
    const res = await fetch(`${app.url}/v1/documents/${id}/xml`);
    expect(res.status).to.equal(401);
    expect((await errorBody(res)).code).to.equal('MISSING_AUTH');
  });
});
