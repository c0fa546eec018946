import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** One access point's identity: its PKCS#12 keystore (alias `ap`) and certificate. */
export interface ApIdentity {
  /** Peppol seat id, the certificate's CN. */
  seatId: string;
  keystore: string;
  password: string;
  certificatePem: string;
  certificateFile: string;
}

export interface TestPki {
  /** PEM of the CA that issues the test access point certificates (stands for the Peppol AP CA). */
  caFile: string;
  /** A second, unrelated CA. */
  otherCaFile: string;
  a: ApIdentity;
  b: ApIdentity;
  /** An access point certificate issued by the other CA. */
  c: ApIdentity;
}

const AP_EXTENSIONS = `[ap]
basicConstraints=critical,CA:false
keyUsage=critical,digitalSignature,keyEncipherment,dataEncipherment,keyAgreement
subjectKeyIdentifier=hash
authorityKeyIdentifier=keyid
`;

function openssl(cwd: string, args: string[]): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

function makeCa(dir: string, name: string, cn: string): string {
  openssl(dir, [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '7',
    '-keyout', `${name}.key`, '-out', `${name}.pem`, '-subj', `/CN=${cn}/O=Interop test/C=BE`,
    '-addext', 'basicConstraints=critical,CA:true', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
  ]); // prettier-ignore
  return path.join(dir, `${name}.pem`);
}

function makeAp(dir: string, name: string, ca: string, seatId: string): ApIdentity {
  const password = `pw-${name}`;
  openssl(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${seatId}/O=AP ${name}/C=BE`]); // prettier-ignore
  openssl(dir, [
    'x509', '-req', '-in', `${name}.csr`, '-CA', `${ca}.pem`, '-CAkey', `${ca}.key`, '-CAcreateserial',
    '-days', '7', '-out', `${name}.pem`, '-extfile', 'ap.cnf', '-extensions', 'ap',
  ]); // prettier-ignore
  openssl(dir, [
    'pkcs12', '-export', '-inkey', `${name}.key`, '-in', `${name}.pem`, '-certfile', `${ca}.pem`,
    '-name', 'ap', '-out', `${name}.p12`, '-passout', `pass:${password}`,
  ]); // prettier-ignore
  const certificateFile = path.join(dir, `${name}.pem`);
  return {
    seatId,
    keystore: path.join(dir, `${name}.p12`),
    password,
    certificatePem: execFileSync('openssl', ['x509', '-in', certificateFile], { encoding: 'utf8' }),
    certificateFile,
  };
}

/** A fresh PKI for one run, made with openssl in `dir`: a CA with access points A and B, another CA with C. */
export function makeTestPki(dir: string): TestPki {
  writeFileSync(path.join(dir, 'ap.cnf'), AP_EXTENSIONS);
  const caFile = makeCa(dir, 'ca', 'Interop Test AP CA');
  const otherCaFile = makeCa(dir, 'other-ca', 'Unrelated CA');
  return {
    caFile,
    otherCaFile,
    a: makeAp(dir, 'a', 'ca', 'POP000901'),
    b: makeAp(dir, 'b', 'ca', 'POP000902'),
    c: makeAp(dir, 'c', 'other-ca', 'POP000903'),
  };
}
