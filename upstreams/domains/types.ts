/** The TXT record a platform publishes to prove it holds a custom domain. */
export function verificationRecordName(domain: string): string {
  return `_docex-verify.${domain}`;
}

export interface DomainCheck {
  verified: boolean;
  /** Why not, in words for the platform's operator; null when verified. */
  failure: string | null;
}

/** Checks that `_docex-verify.<domain>` carries `token` in a TXT record. */
export interface DomainVerifier {
  verify(domain: string, token: string): Promise<DomainCheck>;
}
