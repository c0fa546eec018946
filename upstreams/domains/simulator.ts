import { verificationRecordName, type DomainVerifier } from './types.ts';

/**
 * The sandbox check, deterministic and offline: every domain verifies, except one whose first
 * label is `pending` (`pending.example.com`), which never finds its record, so a client can try
 * the unverified path too.
 */
export function createDomainVerifierSimulator(): DomainVerifier {
  return {
    async verify(domain) {
      if (domain.split('.')[0] === 'pending') {
        return { verified: false, failure: `No TXT record at ${verificationRecordName(domain)} yet (sandbox).` };
      }
      return { verified: true, failure: null };
    },
  };
}
