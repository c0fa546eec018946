import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../core/ports.ts';
import { wrapInSbdh } from '../../peppol/sbdh.ts';
import { startForwardReceiver, type ForwardReceiver } from './support/forward-receiver.ts';
import { startGateway, type RunningGateway } from '../../scripts/network/gateway.ts';
import { requireGateway } from './support/available.ts';
import { makeTestPki } from '../../scripts/network/pki.ts';

// Two (three) real phase4 access points from gateway/ exchanging AS4 messages on 127.0.0.1, driven
// through phoss-ap's REST contract, with the service's forwarding endpoint played by this suite.
const API_TOKEN = 'interop-api-token';
const FORWARD_TOKEN = 'interop-forward-token';
const SENDER = '0208:0123456749';
const RECEIVER = '0208:0987654321';
const UNKNOWN_RECEIVER = '0208:0555555555';

// Deliberately odd formatting, a comment and non-ASCII text: the receiver must get these bytes, not a re-serialisation.
const INVOICE = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
         xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>INV-42</cbc:ID>    <!-- kept   as is -->
  <cbc:Note>Société Générale — façade rénovée</cbc:Note>
</Invoice>
`;

function sbd(instanceId: string, receiver = RECEIVER): Buffer {
  const wrapped = wrapInSbdh(INVOICE, {
    sender: SENDER,
    receiver,
    instanceId,
    createdAt: new Date(),
    countryC1: 'BE',
  });
  if (!wrapped.ok) throw new Error(JSON.stringify(wrapped.errors));
  return Buffer.from(wrapped.xml, 'utf8');
}

async function submit(gateway: RunningGateway, body: Uint8Array | string, token = API_TOKEN) {
  const res = await fetch(`${gateway.url}/api/outbound/submit-sbd`, {
    method: 'POST',
    headers: { 'X-Token': token, 'Content-Type': 'application/xml' },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Polls the status until `done` holds (an MLS arrives asynchronously after the receipt). */
async function statusWhen(
  gateway: RunningGateway,
  instanceId: string,
  done: (json: Record<string, unknown>) => boolean,
) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const st = await status(gateway, instanceId);
    if (done(st.json) || Date.now() > deadline) return st.json;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function status(gateway: RunningGateway, instanceId: string, token = API_TOKEN) {
  const res = await fetch(`${gateway.url}/api/outbound/status/${encodeURIComponent(instanceId)}`, {
    headers: { 'X-Token': token },
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('phase4 access point (gateway/) interop', function () {
  this.timeout(120_000);

  let dir = '';
  let receiver: ForwardReceiver;
  let a: RunningGateway;
  let b: RunningGateway;
  let c: RunningGateway;
  let restart: (name: 'a' | 'b', dataDir?: string) => Promise<RunningGateway>;
  const refused = new Set<string>();

  before(async function () {
    requireGateway(this);
    dir = mkdtempSync(path.join(os.tmpdir(), 'docex-interop-'));
    const pki = makeTestPki(dir);
    receiver = await startForwardReceiver((id) =>
      refused.has(id) ? { retry: 'none', errorMessage: 'x' } : { countryCodeC4: 'BE' },
    );

    // Ports first: the endpoint table names B's AS4 URL and certificate before anything starts.
    const [portA, portB, portC] = await Promise.all([freePort(), freePort(), freePort()]);
    const endpointsFile = path.join(dir, 'endpoints.json');
    writeFileSync(
      endpointsFile,
      JSON.stringify({
        [RECEIVER]: { url: `http://127.0.0.1:${portB}/as4`, certificate: pki.b.certificatePem },
        [SENDER]: { url: `http://127.0.0.1:${portA}/as4`, certificate: pki.a.certificatePem },
        // Message Level Status goes to the sending access point's SPID: 0242 + its seat id's main id.
        '0242:000901': { url: `http://127.0.0.1:${portA}/as4`, certificate: pki.a.certificatePem },
        '0242:000902': { url: `http://127.0.0.1:${portB}/as4`, certificate: pki.b.certificatePem },
      }),
    );
    const common = { endpointsFile, forwardToken: FORWARD_TOKEN, token: API_TOKEN };
    const identities = { a: { pki: pki.a, port: portA }, b: { pki: pki.b, port: portB } };
    // The same identity, port and (unless given) data directory: a restarted gateway of the same deployment.
    restart = (name, dataDir = path.join(dir, `data-${name}`)) =>
      startGateway(
        { ...common, name, keystore: identities[name].pki.keystore, keystorePassword: identities[name].pki.password, trustedCaFile: pki.caFile, forwardUrl: `${receiver.url}/${name}`, dataDir }, // prettier-ignore
        identities[name].port,
      );
    [a, b, c] = await Promise.all([
      startGateway(
        { ...common, name: 'a', keystore: pki.a.keystore, keystorePassword: pki.a.password, trustedCaFile: pki.caFile, forwardUrl: `${receiver.url}/a`, dataDir: path.join(dir, 'data-a') }, // prettier-ignore
        portA,
      ),
      startGateway(
        { ...common, name: 'b', keystore: pki.b.keystore, keystorePassword: pki.b.password, trustedCaFile: pki.caFile, forwardUrl: `${receiver.url}/b`, dataDir: path.join(dir, 'data-b') }, // prettier-ignore
        portB,
      ),
      // C's certificate comes from the other CA; C itself trusts B's CA, so only B's check can stop it.
      startGateway(
        { ...common, name: 'c', keystore: pki.c.keystore, keystorePassword: pki.c.password, trustedCaFile: pki.caFile, forwardUrl: `${receiver.url}/c`, dataDir: path.join(dir, 'data-c') }, // prettier-ignore
        portC,
      ),
    ]);
  });

  after(async function () {
    await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
    await receiver?.close();
    if (dir && !process.env.KEEP_INTEROP_DIR) rmSync(dir, { recursive: true, force: true });
  });

  it('answers /health', async () => {
    const res = await fetch(`${a.url}/health`);
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({ status: 'ok' });
  });

  const delivered = randomUUID();
  let deliveredBody: Buffer = Buffer.alloc(0);

  it('delivers a submitted SBD over AS4 to the receiving service byte for byte', async () => {
    const body = (deliveredBody = sbd(delivered));
    const res = await submit(a, body);
    expect(res.status, JSON.stringify(res.json)).to.equal(200);
    expect(res.json.overallSuccess).to.equal(true);
    expect(res.json.c3CertSubjectCN).to.equal('POP000902');

    const forwarded = receiver.withInstanceId(delivered);
    expect(forwarded).to.have.length(1);
    expect(forwarded[0]?.path).to.equal('/b');
    expect(forwarded[0]?.headers['x-token']).to.equal(FORWARD_TOKEN);
    expect(forwarded[0]?.headers['content-type']).to.match(/^application\/xml/);
    expect(forwarded[0]?.body.equals(body), 'forwarded bytes differ from the submitted SBD').to.equal(true);

    const st = await status(a, delivered);
    expect(st.status).to.equal(200);
    expect(st.json).to.include({
      sbdhInstanceID: delivered,
      status: 'sent',
      attemptCount: 1,
      transactionType: 'business_document',
      senderID: `iso6523-actorid-upis::${SENDER}`,
      receiverID: `iso6523-actorid-upis::${RECEIVER}`,
      errorDetails: null,
    });
    expect(st.json.completedDT).to.be.a('string');
  });

  it('receives the MLS acceptance (AP) of the receiving access point', async () => {
    const st = await statusWhen(a, delivered, (j) => j.mlsStatus !== 'pending');
    expect(st).to.include({ mlsStatus: 'received_ap', mlsResponseCode: 'AP' });
    // Like any SBD, the MLS also reaches A's own service (right after A recorded it).
    const mlsFor = () =>
      receiver.received.filter((r) => r.path === '/a' && r.body.toString('utf8').includes(delivered));
    for (let i = 0; i < 50 && mlsFor().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    const mls = mlsFor();
    expect(mls).to.have.length(1);
    expect(mls[0]?.body.toString('utf8')).to.contain('<cbc:ResponseCode>AP</cbc:ResponseCode>');
  });

  it('sends nothing twice when the same SBD is submitted again', async () => {
    const res = await submit(a, deliveredBody);
    expect(res.status).to.equal(200);
    expect(res.json.overallSuccess).to.equal(true);
    expect(receiver.withInstanceId(delivered)).to.have.length(1);
    expect((await status(a, delivered)).json.attemptCount).to.equal(1);
  });

  it("reports the receiving service's permanent refusal as a failed submission", async () => {
    const id = randomUUID();
    refused.add(id);
    const res = await submit(a, sbd(id));
    expect(res.status, JSON.stringify(res.json)).to.equal(422);
    expect(res.json.overallSuccess).to.equal(false);
    expect(res.json.permanent).to.equal(true);
    expect(String(res.json.errorDetails)).to.contain('x');
    // B asked its service once and did not acknowledge.
    expect(receiver.withInstanceId(id)).to.have.length(1);

    const st = await status(a, id);
    expect(st.json.status).to.be.oneOf(['failed', 'permanently_failed']);
    expect(String(st.json.errorDetails)).to.contain('Rejected by the receiver: x');

    // B also tells A through an MLS rejection carrying the service's message.
    const mls = await statusWhen(a, id, (j) => j.mlsStatus !== 'pending');
    expect(mls).to.include({ mlsStatus: 'received_re', mlsResponseCode: 'RE', mlsReason: 'x' });
  });

  it('refuses a sending access point whose certificate is not from the trusted CA', async () => {
    const id = randomUUID();
    const res = await submit(c, sbd(id));
    expect(res.status, JSON.stringify(res.json)).to.equal(422);
    expect((await status(c, id)).json.status).to.be.oneOf(['failed', 'permanently_failed']);
    expect(receiver.withInstanceId(id)).to.have.length(0);
    expect(receiver.received.filter((r) => r.path === '/b' && r.body.includes(id))).to.have.length(0);
  });

  it('fails permanently for a receiver it cannot resolve', async () => {
    const id = randomUUID();
    const res = await submit(a, sbd(id, UNKNOWN_RECEIVER));
    expect(res.status).to.equal(422);
    expect(res.json.permanent).to.equal(true);
    expect((await status(a, id)).json).to.include({ status: 'permanently_failed' });
  });

  it('keeps its transactions and seen messages across kill -9', async () => {
    await Promise.all([a.crash(), b.crash()]);
    [a, b] = await Promise.all([restart('a'), restart('b')]);

    // A still knows the delivery and its MLS, and still sends nothing twice.
    expect((await status(a, delivered)).json).to.include({ status: 'sent', mlsStatus: 'received_ap' });
    expect((await submit(a, deliveredBody)).status).to.equal(200);

    // A sender that lost its state sends the same SBD again: B acknowledges it and does not forward it twice.
    await a.crash();
    a = await restart('a', path.join(dir, 'data-a-lost'));
    const again = await submit(a, deliveredBody);
    expect(again.status, JSON.stringify(again.json)).to.equal(200);
    expect(receiver.withInstanceId(delivered)).to.have.length(1);
  });

  it('requires the X-Token and a Peppol SBD', async () => {
    const wrong = await submit(a, sbd(randomUUID()), 'wrong');
    expect(wrong.status).to.equal(401);
    expect(wrong.json).to.deep.equal({ error: 'Invalid or missing API token' });
    expect((await status(a, delivered, 'wrong')).status).to.equal(401);

    expect((await submit(a, 'not xml')).status).to.equal(400);
    expect((await submit(a, INVOICE)).status).to.equal(400);
    expect((await status(a, randomUUID())).status).to.equal(404);
  });
});
