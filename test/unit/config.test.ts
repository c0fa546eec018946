import { expect } from 'chai';
import { loadConfig } from '../../core/config.ts';
import { loadTrustAnchors } from '../../upstreams/smp-lookup/signature.ts';

describe('loadConfig: DATABASE_POOL_SIZE', () => {
  it('is 20 connections unless set', () => {
    expect(loadConfig({}).databasePoolSize).to.equal(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).to.equal(20);
  });

  it('takes a positive integer', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '6' }).databasePoolSize).to.equal(6);
  });

  it('refuses zero, negative and non-integer sizes, naming the variable', () => {
    for (const value of ['0', '-1', '2.5', 'six'])
      expect(() => loadConfig({ DATABASE_POOL_SIZE: value })).to.throw(/DATABASE_POOL_SIZE/);
  });
});

describe('loadConfig: the Peppol network', () => {
  it("defaults to OpenPeppol's production SML zone, Directory and the Peppol SMP CAs G3 and G2", () => {
    const config = loadConfig({});
    expect(config.peppolNetwork).to.equal('production');
    expect(config.smlZone).to.equal('participant.sml.prod.tech.peppol.org');
    expect(config.directoryBaseUrl).to.equal('https://directory.peppol.eu');
    const anchors = loadTrustAnchors(config.smpTruststorePem!);
    expect(anchors.map((c) => c.subject.split('\n').find((l) => l.startsWith('CN='))).sort()).to.deep.equal([
      'CN=PEPPOL SERVICE METADATA PUBLISHER CA - G2',
      'CN=PEPPOL SERVICE METADATA PUBLISHER CA - G3',
    ]);
    expect(config.smlProbeParticipant).to.equal(undefined);
  });

  it('PEPPOL_NETWORK=test takes the test SML zone, the test Directory and the test SMP CAs; each stays overridable', () => {
    const config = loadConfig({ PEPPOL_NETWORK: 'test' });
    expect(config.smlZone).to.equal('participant.sml.test.tech.peppol.org');
    expect(config.directoryBaseUrl).to.equal('https://test-directory.peppol.eu');
    expect(loadTrustAnchors(config.smpTruststorePem!).every((c) => c.subject.includes('OU=FOR TEST ONLY'))).to.equal(
      true,
    );
    expect(loadConfig({ PEPPOL_NETWORK: 'test', SML_ZONE: 'sml.example.' }).smlZone).to.equal('sml.example');
    expect(() => loadConfig({ PEPPOL_NETWORK: 'staging' })).to.throw(/PEPPOL_NETWORK must be production or test/);
  });

  it('publication settings: the SMP public URL follows SMP_BASE_URL, SML registration is on unless false', () => {
    const config = loadConfig({ SMP_BASE_URL: 'https://smp.example/' });
    expect(config.smpPublicUrl).to.equal('https://smp.example');
    expect(config.smpSmlRegistration).to.equal(true);
    expect(loadConfig({ SMP_SML_REGISTRATION: 'false' }).smpSmlRegistration).to.equal(false);
    expect(config.accessPointAs4Url).to.equal(undefined);
  });
});
