import { expect } from 'chai';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../core/config.ts';
import type { ComplianceSubmission } from '../../upstreams/compliance/index.ts';
import {
  createSdiCoopPlatform,
  parseSdiFileName,
  progressivoOf,
  sdiCoopFromConfig,
  seqOfProgressivo,
} from '../../upstreams/compliance/sdi/index.ts';
import { ITALIAN_BODY, makeSdiPki, startSdiStub, type SdiPki, type SdiStub } from '../support/sdi.ts';

const submission = (over: Partial<ComplianceSubmission> = {}): ComplianceSubmission => ({
  reportId: 'cr_sdi1',
  documentId: 'doc_1',
  documentNumber: 'FT-2026/7',
  documentType: 'invoice',
  issueDate: '2026-11-20',
  lifecycleStatus: 'issued',
  sellerVat: 'IT01234567897',
  buyerVat: 'IT09876543217',
  grossAmount: '122.00',
  currency: 'EUR',
  direction: 'outgoing',
  body: structuredClone(ITALIAN_BODY),
  reportSeq: '1234',
  ...over,
});

describe('SDICoop SdIRiceviFile client (loopback SdI, mutual TLS)', function () {
  this.timeout(30_000);
  let pki: SdiPki;
  let sdi: SdiStub;

  before(async () => {
    pki = makeSdiPki();
    sdi = await startSdiStub(pki);
  });
  after(async () => {
    await sdi.close();
    rmSync(pki.dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    sdi.files.length = 0;
    sdi.answer = () => undefined;
  });

  const platform = (client = pki.client) =>
    createSdiCoopPlatform({
      riceviFileUrl: `${sdi.url}/ricevi_file`,
      riceviNotificaUrl: `${sdi.url}/ricevi_notifica`,
      transmitter: { country: 'IT', code: '01234567890' },
      tls: { ...client, ca: pki.ca },
      timeoutMs: 5_000,
    });

  it('transmits the FatturaPA as IT<code>_<progressivo>.xml and keeps the IdentificativoSdI; both XSD-valid', async () => {
    const answer = await platform().submit(submission());
    expect(sdi.files).to.have.length(1);
    const [file] = sdi.files;
    expect(file.nomeFile).to.equal(`IT01234567890_${progressivoOf('1234')}.xml`);
    expect(file.soapAction).to.equal('"http://www.fatturapa.it/SdIRiceviFile/RiceviFile"');
    expect(file.envelopeErrors).to.equal('');
    expect(file.fileErrors).to.equal('');
    expect(file.xml).to.contain('<ProgressivoInvio>00YA</ProgressivoInvio>'.replace('00YA', progressivoOf('1234')));
    expect(answer).to.deep.include({ status: 'submitted', submissionId: file.identificativoSdI });
    expect(answer.platformResponse).to.deep.include({
      identificativoSdI: file.identificativoSdI,
      nomeFile: file.nomeFile,
      errore: null,
    });
  });

  it('the same report is sent under the same file name on every attempt', async () => {
    await platform().submit(submission({ attempt: 1 }));
    const second = await platform().submit(submission({ attempt: 2 }));
    expect(sdi.files.map((f) => f.nomeFile)).to.deep.equal([sdi.files[0].nomeFile, sdi.files[0].nomeFile]);
    expect(second.platformResponse).to.deep.include({ transmissions: 2 });
  });

  for (const [errore, outcome] of [
    ['EI01', 'failed'],
    ['EI03', 'failed'],
    ['EI02', 'retry'],
  ] as const) {
    it(`Errore ${errore} is ${outcome === 'failed' ? 'a final failure' : 'temporary (the activity retries)'}`, async () => {
      sdi.answer = () => ({ errore });
      const result = await platform()
        .submit(submission())
        .catch((e: { type: string; nonRetryable: boolean }) => e);
      if (outcome === 'failed') expect(result).to.deep.include({ status: 'failed', errorCode: errore });
      else expect(result).to.deep.include({ type: 'UPSTREAM_UNAVAILABLE', nonRetryable: false });
    });
  }

  it('an HTTP 503 from the SdI is temporary', async () => {
    sdi.answer = () => ({ status: 503 });
    const err = await platform()
      .submit(submission())
      .catch((e: { type: string }) => e);
    expect(err).to.deep.include({ type: 'UPSTREAM_UNAVAILABLE' });
  });

  it('the SdI refuses a client certificate it did not issue (nothing transmitted)', async () => {
    const err = await platform(pki.stranger)
      .submit(submission())
      .catch((e: { type: string }) => e);
    expect(err).to.deep.include({ type: 'UPSTREAM_UNAVAILABLE' });
    expect(sdi.files).to.have.length(0);
  });

  it('an invoice that is not a valid Italian one fails with the FatturaPA rule, without a call', async () => {
    const body = structuredClone(ITALIAN_BODY) as Record<string, any>;
    delete body.seller.vatNumber;
    const answer = await platform().submit(submission({ body }));
    expect(answer.status).to.equal('failed');
    expect(answer.errorCode).to.be.a('string').and.not.equal('');
    expect(sdi.files).to.have.length(0);
  });

  it('file names: progressivo round trip and parsing of notification names', () => {
    for (const seq of ['1', '1234', '60466175']) expect(String(seqOfProgressivo(progressivoOf(seq)))).to.equal(seq);
    expect(parseSdiFileName('IT01234567890_0002A_RC_001.xml')).to.deep.equal({
      country: 'IT',
      code: '01234567890',
      progressivo: '0002A',
    });
    expect(parseSdiFileName('IT01234567890_11111.xml.p7m')?.progressivo).to.equal('11111');
    expect(parseSdiFileName('nope.xml')).to.equal(null);
  });

  it('EC01 / EC02 on an invoice received through the SdI go through SdIRiceviNotifica, XSD-valid', async () => {
    sdi.notifications.length = 0;
    const received = { identificativoSdI: '4242', nomeFile: 'IT01234567890_0A1B2.xml' };
    const ok = await platform().submit(
      submission({ direction: 'incoming', lifecycleStatus: 'approved', sdi: received, reportSeq: '77' }),
    );
    const no = await platform().submit(
      submission({ direction: 'incoming', lifecycleStatus: 'rejected', sdi: received, reason: 'Importo errato' }),
    );
    expect([ok.status, no.status]).to.deep.equal(['accepted', 'accepted']);
    expect(sdi.notifications.map((n) => [n.identificativoSdI, n.errors])).to.deep.equal([
      ['4242', ''],
      ['4242', ''],
    ]);
    expect(sdi.notifications[0].nomeFile).to.match(/^IT01234567890_0A1B2_EC_\d{3}\.xml$/);
    expect(sdi.notifications[0].xml).to.contain('<Esito>EC01</Esito>');
    expect(sdi.notifications[1].xml).to.contain('<Esito>EC02</Esito>').and.contain('Importo errato');
    const notFromSdi = await platform().submit(submission({ direction: 'incoming', lifecycleStatus: 'approved' }));
    expect(notFromSdi).to.deep.include({ status: 'failed', errorCode: 'NOT_FROM_SDI' });
  });

  it('configuration: SDI_BASE_URL, certificate files and SDI_TRANSMITTER_ID', async () => {
    const config = loadConfig({
      SDI_BASE_URL: `${sdi.url}/`,
      SDI_TLS_CERT: join(pki.dir, 'channel.pem'),
      SDI_TLS_KEY: join(pki.dir, 'channel.key'),
      SDI_TLS_CA: join(pki.dir, 'sdi-ca.pem'),
      SDI_TRANSMITTER_ID: 'IT09876543210',
    });
    expect(config).to.deep.include({ sdiBaseUrl: sdi.url, sdiTransmitterId: 'IT09876543210' });
    await sdiCoopFromConfig(config).submit(submission());
    expect(sdi.files[0].nomeFile).to.match(/^IT09876543210_[0-9A-Z]{5}\.xml$/);
    expect(loadConfig({}).sdiBaseUrl).to.equal('https://servizi.fatturapa.it');
  });
});
