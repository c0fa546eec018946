/** OAuth2 client credentials (RFC 6749 §4.4) of an upstream that issues short-lived tokens. */
export interface ClientCredentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface BearerTokenOptions {
  /** A fixed bearer token, used when there are no client credentials. */
  token?: string | undefined;
  oauth?: ClientCredentials | undefined;
  timeoutMs: number;
  now?: (() => number) | undefined;
}

export interface BearerTokenSource {
  /** The token to send, fetched from the token URL when none is cached or the cached one is about to expire. */
  current(): Promise<string | undefined>;
  /** Drops the cached token (the upstream answered 401), so the next call fetches a new one. */
  forget(): void;
}

/**
 * The bearer token of an upstream: its fixed token, or one obtained with client credentials and
 * renewed a minute early, so a token never expires between this check and the upstream's.
 * `failed` turns what went wrong at the token endpoint ("cannot be reached: …", "answered HTTP 401")
 * into the upstream's own error.
 */
export function bearerTokenSource(
  options: BearerTokenOptions,
  failed: (problem: string, cause?: unknown) => Error,
): BearerTokenSource {
  const now = options.now ?? Date.now;
  let cached: { value: string; expiresAt: number } | undefined;
  return {
    async current() {
      const oauth = options.oauth;
      if (!oauth) return options.token;
      if (cached && cached.expiresAt > now()) return cached.value;
      let res: Response;
      try {
        res = await fetch(oauth.tokenUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: oauth.clientId,
            client_secret: oauth.clientSecret,
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (err) {
        throw failed(`cannot be reached: ${(err as Error).message}`, err);
      }
      const body = (await res.json().catch(() => undefined)) as
        { access_token?: unknown; expires_in?: unknown } | undefined;
      if (!res.ok || typeof body?.access_token !== 'string') throw failed(`answered HTTP ${res.status}`);
      const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
      cached = { value: body.access_token, expiresAt: now() + Math.max(0, lifetime - 60) * 1000 };
      return cached.value;
    },
    forget() {
      cached = undefined;
    },
  };
}
