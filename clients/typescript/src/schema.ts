/**
 * Types of the Document Exchange API, generated from its OpenAPI contract by openapi-typescript.
 * Do not edit: run `npm run sdk:generate`.
 */

export interface paths {
  '/health/liveness': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The process is up */
    get: operations['getLiveness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health/readiness': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Dependencies are reachable
     * @description Pings Postgres and Temporal through their circuit breakers, then asks Temporal
     *     (DescribeTaskQueue) which workers poll each task queue the API feeds. 200 when both answer and
     *     every queue has a poller or lost its last one less than `READINESS_POLLER_GRACE_SECONDS` ago
     *     (default 30); 503 (same body, with `Retry-After`) when a dependency does not answer or a queue
     *     has had no poller for longer: work accepted then would wait for a worker nobody runs.
     */
    get: operations['getReadiness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health/contracts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Probe every upstream for real
     * @description Actively exercises each upstream adapter and reports the outcome of each. Slower than
     *     readiness. The `temporal` probe runs a real workflow whose activity writes a Postgres row, and
     *     checks that row. Status 200 when every probe passes, 503 otherwise.
     */
    get: operations['getContracts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/.well-known/jwks.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The service's public signing keys
     * @description The Ed25519 keys (JWK Set) that sign XML downloads. The newest signs; earlier keys stay listed
     *     so older signatures still verify. Refetch when a signature names a `keyid` you do not have.
     */
    get: operations['getJwks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Who is calling
     * @description The identity behind the bearer token, for API keys and JWTs alike. Any valid credential may call it.
     */
    get: operations['getIdentity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/requests/{request_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Inspect one of your requests
     * @description The trace of a request made by the caller's organization (in the same mode), by the value of its
     *     `X-Request-Id`. No bodies and no secrets are kept. Another organization's request id is 404.
     */
    get: operations['getRequestTrace'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/api-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List API keys
     * @description Active (not revoked) keys of the organization, newest first, without secrets.
     */
    get: operations['listApiKeys'];
    put?: never;
    /**
     * Create an API key
     * @description Creates a personal key of the caller's organization, in the caller's mode (a JWT creates live keys
     *     unless `mode` says `test`). Needs a JWT or a key (personal, platform or white-label) with scope
     *     `*`; platform and white-label keys also mint keys with `platform` alone, through
     *     `POST /v1/platform/api-keys`. The secret `key` is in this response only; afterwards only
     *     `keyPrefix` is shown. A key cannot get more than its creator has: a key bound to a company
     *     creates keys bound to the same company, and `rateLimit` is at most the creating key's own limit
     *     (its `rateLimit`, else the plan's). An organization holds at most 1,000 active (neither revoked
     *     nor expired) keys, both modes together; beyond that the request is 400 `INVALID_REQUEST`.
     *
     *     With `Idempotency-Key`, a repeat returns the same key object but without `key`: the secret is
     *     never stored anywhere, not even for replays. If the first response was lost, revoke the key and
     *     create another.
     */
    post: operations['createApiKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/api-keys/{key_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an API key
     * @description Takes effect on the very next request made with the key (401 `REVOKED_KEY`); requests already in
     *     flight finish. Revoking a revoked key is a no-op (204).
     */
    delete: operations['revokeApiKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/sandbox/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Get a sandbox key (public)
     * @description Creates a throwaway organization with a Belgian sandbox company and returns a test key once
     *     (`svc_test_…`, `svc_plat_test_…` for `platform`, `svc_wl_test_…` for `white_label`). No
     *     authentication. Limited per client IP address (default 10 per hour; `SANDBOX_BOOTSTRAP_PER_HOUR`),
     *     with the rate-limit headers of that hourly window.
     */
    post: operations['bootstrapSandboxKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/sandbox/clock/advance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Advance a sandbox company's virtual clock
     * @description Moves the company's virtual clock forward by `by` (`<n>min` (minutes), `h`, `d`, `w`, `m` or `mo`
     *     (calendar months) or `y`) and signals every running workflow of the company, so each wait that is now due (webhook
     *     retries, delivery confirmations, SMP registration, compliance polling, payment due dates) wakes
     *     at once. When the call returns the due work is running (it may not have finished). Test keys only.
     *     A move past 9999-12-31T23:59:59.999Z is refused with 400 `INVALID_REQUEST` (field `by`).
     *     Without `companyId`: the company the key is bound to or acts for (`X-Service-Company`), else the organization's only sandbox company; with several, 400 `MISSING_FIELD` (field `companyId`).
     */
    post: operations['advanceSandboxClock'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/sandbox/clock/reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Return a sandbox company's clock to wall-clock time
     * @description Sets the offset back to zero and signals the company's running workflows (their waits lengthen
     *     accordingly). Test keys only. The body may be left out.
     *     Without `companyId`: the company the key is bound to or acts for (`X-Service-Company`), else the organization's only sandbox company; with several, 400 `MISSING_FIELD` (field `companyId`).
     */
    post: operations['resetSandboxClock'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/sandbox/rate-limit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Force 429s for a while
     * @description Every later request of the calling organization gets 429 `RATE_LIMITED` (with `Retry-After`) for `durationSeconds`. Test keys only.
     */
    post: operations['forceSandboxRateLimit'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/sandbox/idempotency/flush': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Drop the calling key's idempotency cache
     * @description Every Idempotency-Key the calling key (or JWT user) used becomes new again. Test keys only.
     */
    post: operations['flushSandboxIdempotency'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/sandbox/reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Wipe the organization's sandbox state
     * @description Deletes the calling organization's sandbox data of the given scope and stops its running
     *     sandbox workflows of that scope. `documents` terminates the documents' runs (delivery,
     *     lifecycle, inbound, compliance), then deletes the sandbox documents with their files, the
     *     events about them, their lifecycle history, payments and compliance reports. `events` cancels
     *     the event fan-outs and webhook deliveries (they end as cancelled) and deletes the events.
     *     `all` covers documents, events and idempotency, and also lifts a forced rate limit. Companies,
     *     keys and partners are kept. `deleted` counts the removed rows by kind (`documents`, `files`,
     *     `events`, `idempotencyKeys`). Test keys only.
     */
    post: operations['resetSandbox'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhooks
     * @description Webhooks of the caller's organization and mode, newest first, without secrets. Needs the `receive` scope.
     */
    get: operations['listWebhooks'];
    put?: never;
    /**
     * Create a webhook
     * @description Subscribes a URL to events of the catalog, or to all of them with `*`. Events of the
     *     caller's organization and mode are delivered; with `companyId` only that company's events.
     *     A key bound to a company (or a platform key sending `X-Service-Company`) creates webhooks scoped
     *     to that company.
     *
     *     The URL must be `https` and must resolve only to public addresses: loopback, private (RFC 1918),
     *     link-local, CGNAT (100.64/10), cloud metadata (169.254.169.254), IPv6 unique-local and
     *     link-local addresses are refused with 400 `INVALID_REQUEST` (`details[0]`: field `url`, rule
     *     `ssrf`); IPv6 forms carrying an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by
     *     that address, and the check is repeated at every delivery attempt. Sandbox webhooks may also use
     *     `http://127.0.0.1:<port>` or `http://localhost:<port>` to reach a receiver on the service's own
     *     machine when it runs with `WEBHOOK_ALLOW_LOOPBACK=true` (as `npm start` does by default).
     *
     *     `secret` (the HMAC key of `X-Service-Signature`) is generated when omitted and is returned in this
     *     response only (an idempotent replay leaves it out). Needs the `receive` scope.
     */
    post: operations['createWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhooks/{webhook_id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        webhook_id: string;
      };
      cookie?: never;
    };
    /**
     * Get a webhook
     * @description The webhook without its secret. A paused webhook shows the owner notice: `pausedAt` and
     *     `pausedReason` (which delivery failed 8 times and its last error). Needs the `receive` scope.
     */
    get: operations['getWebhook'];
    put?: never;
    post?: never;
    /**
     * Delete a webhook
     * @description Deletes the webhook with its delivery history; pending attempts stop. Needs the `receive` scope.
     */
    delete: operations['deleteWebhook'];
    options?: never;
    head?: never;
    /**
     * Update a webhook
     * @description Changes `url` (checked as on creation), `events` and `status`. Setting `status` to `active` on a
     *     paused webhook first sends it a signed `webhook.test` event (with the new `url` and secret when
     *     they change in the same request); only a 2xx answer within 20 s re-enables it: `failureCount`
     *     restarts at 0 and the pause notice is cleared. Otherwise nothing changes and the answer is 422
     *     `WEBHOOK_TEST_FAILED` with the receiver's answer in `receiver` ({statusCode, error, eventId}).
     *     `paused` stops new deliveries. `rotateSecret: true` replaces the signing secret and returns the
     *     new one in this response only; later attempts are signed with it. Needs the `receive` scope.
     */
    patch: operations['updateWebhook'];
    trace?: never;
  };
  '/v1/webhooks/{webhook_id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a webhook's deliveries and attempts
     * @description One delivery per (event, webhook), plus one per replay, newest first, each with its attempts
     *     (attempt number, status code, duration, error). `status`: `pending` (attempts remain; see
     *     `nextAttemptAt`), `succeeded`, `failed` (8 attempts failed: the webhook was paused), `cancelled`
     *     (the webhook was paused before the delivery finished; replay the event after re-activating).
     *     Needs the `receive` scope.
     */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List unacknowledged events
     * @description The pollable events queue: every event the service emitted for the caller's
     *     organization and mode, newest first, until acknowledged. `livemode` is false in sandbox. A key
     *     bound to a company sees that company's events only. Events API operations need the `receive`
     *     scope, like webhooks: both are ways of receiving the same events.
     */
    get: operations['listEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/events/ack': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Acknowledge events (batch)
     * @description Hides the given events from `GET /v1/events`. Ids that are unknown, not visible to the caller or
     *     already acknowledged are skipped; `acknowledged` counts the events this call acknowledged. Needs
     *     the `receive` scope.
     */
    post: operations['ackEvents'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/events/{event_id}/ack': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Acknowledge one event
     * @description Hides the event from `GET /v1/events`; acknowledging it again is a no-op (204). Needs the `receive` scope.
     */
    post: operations['ackEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/events/{event_id}/replay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replay an event to its webhooks
     * @description Schedules a new delivery of the event (acknowledged or not) to every active webhook that matches
     *     it now, each with the full retry schedule. The envelope and `X-Service-Event-Id` are the same as
     *     on the first delivery, so receivers that deduplicate on it stay correct. `replayed` counts the
     *     deliveries scheduled (0 when nothing matches). Needs the `receive` scope.
     */
    post: operations['replayEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/documents/send': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a document
     * @description Validates, renders (or accepts) and sends a document over Peppol from one of the organization's
     *     companies. JSON mode takes the body below. Raw-body mode: when the query has `type`, the body is
     *     the native payload (UBL/CII XML, PDF, image …) and the wrapper values come from the query
     *     (`from` defaults to the calling key's company, or the organization's only company; `contentType`
     *     from the query, then the Content-Type header, then a byte sniff; `filename` defaults to the
     *     Idempotency-Key plus an extension, else a generated `event-…` name). UBL XML goes through the
     *     regular pipeline; anything else is stored (`deliveryStatus: stored`). A body other than JSON
     *     without `type` in the query is 400 `MISSING_FIELD` (field `type`).
     *
     *     Outcomes: 201 with the Document (`status: sent`, `deliveryStatus: pending`, `lifecycleStatus:
     *     issued`), then `document.sent` / `document.delivered` or `document.failed` events as the
     *     delivery proceeds. 422 `UBL_VALIDATION_FAILED` lists the failed Peppol BIS rules (nothing is
     *     stored or sent); 422 `RECIPIENT_NOT_FOUND` / `RECIPIENT_CANNOT_RECEIVE` when the recipient cannot
     *     take the document type; 413 for a file over 5 MiB; 429 `QUOTA_EXCEEDED` when the month's quota is used.
     *     422 `AMOUNT_OUT_OF_RANGE` when a total reaches 10^16 (details name `document.totals.grossAmount`,
     *     `netAmount` or `vatAmount`). 409 `DOCUMENT_EXISTS` when the sending company already sent a document
     *     of this type and number that has not failed or been rejected (Peppol receivers refuse duplicates):
     *     `details[0].existingId` names it; `allowDuplicateNumber: true` sends anyway. 503
     *     `UPSTREAM_UNAVAILABLE` with `Retry-After` while the database or the workflow service is unavailable:
     *     nothing was stored; retry with the same Idempotency-Key. A 201 is final: the document, the run that
     *     delivers it and the answer to a retry of the same Idempotency-Key are stored together, so a retry
     *     after a lost answer returns this document.
     */
    post: operations['sendDocument'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/documents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List documents
     * @description Newest first. `status` is an exact match on `lifecycleStatus`, except `delivered` and `failed`,
     *     which match `deliveryStatus`; `failed` also matches a delivery the receiving access
     *     point rejected (`deliveryStatus: rejected`). `from`/`to` bound the issue date; `amountMin`/`amountMax`
     *     the gross amount; `search` is full text over number, party names, references and note.
     */
    get: operations['listDocuments'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/documents/{document_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Retrieve a document */
    get: operations['getDocument'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/documents/{document_id}/xml': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The document's UBL
     * @description The UBL 2.1 XML that was (or will be) delivered; 404 for stored files without UBL.
     */
    get: operations['getDocumentXml'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/documents/{document_id}/structured': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Flat structured view
     * @description The scalar-only view; every key is present, `null` when unknown.
     */
    get: operations['getDocumentStructured'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/companies': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List companies
     * @description The organization's companies in the caller's mode, most recently created first. `search` is a
     *     full-text prefix search over name, legal name, VAT number and Peppol id (every word must match).
     *     With `include_address=false` rows carry `legalAddressId` instead of `address`.
     */
    get: operations['listCompanies'];
    put?: never;
    /**
     * Create a company
     * @description Registers a legal entity by VAT number. The VAT number must match `^[A-Z]{2}[A-Z0-9]+$` and its
     *     country's format and checksum (400 `INVALID_VAT_FORMAT`). The country comes from the prefix; the
     *     legal name, address and Peppol participant id come from the national registry (`name` and
     *     `address` in the body win over the registry). SMP registration runs asynchronously in the
     *     `company:<id>` workflow: `smpRegistered` turns true and `company.smp_registered` fires once the
     *     SMP record is live (live: once the participant resolves through the SML to our SMP; the `network`
     *     block shows the check). A live participant the SML already points to another provider's SMP:
     *     409 `PARTICIPANT_REGISTERED_ELSEWHERE` naming that SMP, nothing stored; give the other provider's
     *     migration key as `smpMigrationKey` to move it here. Duplicate VAT in the organization: 409 `COMPANY_EXISTS` with
     *     `details[0] = {field: "vatNumber", value, existingId}`. Unknown VAT: 422 `VAT_NOT_FOUND`; ceased:
     *     422 `VAT_INACTIVE`. Registry down or slow: 503 `UPSTREAM_UNAVAILABLE` / 504 `UPSTREAM_TIMEOUT`
     *     with `Retry-After`; nothing is stored, so a retry with the same `Idempotency-Key` is safe.
     *
     *     The Peppol participant id follows from the tax number where it determines one (docs/countries.md:
     *     SE `0007` organisation number, DK `0184` CVR, FI `0216` OVT code, NO `0192`, AU `0151` ABN,
     *     SG `0195` `SGUEN`+UEN, JP `0221` T-number, MY `0230` TIN, AE `0235` TIN of the TRN, OM `0248`,
     *     BE `0208`, FR `0002`, IT `0211`, elsewhere in Europe the `<CC>:VAT` scheme), else from an
     *     `additionalIdentifiers` entry in a scheme of the company's country (`{scheme: "0196", value:
     *     "5402696029"}`; the scheme as its ICD, its code-list id such as `IS:KTNR`, or GLN/NZBN/UEN/ABN/CVR).
     *     When neither gives one: 422 `PEPPOL_ID_REQUIRED`, `details[0] = {field: "additionalIdentifiers",
     *     rule: "peppol_participant_id", message}` naming the identifier to give. An entry in a Peppol
     *     scheme whose value fails that scheme's rule of the official code list: 400 `INVALID_REQUEST`
     *     naming `additionalIdentifiers[i].value`. Either way nothing is stored. `settings.defaultCurrency`
     *     defaults to the country's currency.
     */
    post: operations['createCompany'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/companies/resolve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Find or create a company from registry data
     * @description Returns the organization's company for the VAT number (or the registration number: KBO for BE,
     *     SIREN/SIRET for FR, partita IVA for IT), creating it from the national registry when absent
     *     (same enrichment, errors and SMP registration as POST /v1/companies). Needs `companies.write`
     *     because it may create.
     */
    get: operations['resolveCompany'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/companies/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Autocomplete companies
     * @description Managed companies of the organization first (`source: managed`), then national registry matches
     *     that the organization does not manage yet (`source: registry`, `id: null`), up to `limit`.
     */
    get: operations['searchCompanies'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/companies/join-requests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Pending join requests
     * @description Pending requests of the caller's organization: those it made to join companies of other
     *     organizations (`direction: outgoing`) and those made for its own companies (`direction: incoming`).
     */
    get: operations['listJoinRequests'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/companies/{company_id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description `comp_…`, `vat:<VAT number>` or `peppol:<scheme>:<value>`. */
        company_id: components['parameters']['CompanyRef'];
      };
      cookie?: never;
    };
    /** Get a company */
    get: operations['getCompany'];
    put?: never;
    post?: never;
    /**
     * Deregister a company
     * @description Sets `status` to `inactive` and withdraws the company from the SMP (asynchronously). Its documents
     *     stay queryable. Deleting an inactive company again is a no-op (204).
     */
    delete: operations['deleteCompany'];
    options?: never;
    head?: never;
    /**
     * Update a company
     * @description Top-level keys replace the stored value wholesale; `metadata` is merged key by key and a key set
     *     to null is removed. `id`, `vatNumber`, `country`, `legalName`, `peppolId`, `status`,
     *     `smpRegistered`, `smpRegisteredAt`, `stats`, `createdAt` and `updatedAt` are read-only (400 naming
     *     the field). A change of `capabilities` re-registers the company with the SMP (and fires
     *     `company.smp_registered` again); `status` is unchanged.
     */
    patch: operations['updateCompany'];
    trace?: never;
  };
  '/v1/companies/{company_id}/smp-migration': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Move a live company's Peppol participant between providers
     * @description Additive. phoss-smp's participant migration through the SML, for a live company. `inbound` with
     *     the `migrationKey` another provider's SMP issued takes the participant over and publishes the
     *     company's services here again (a 409 `PARTICIPANT_REGISTERED_ELSEWHERE` or a `company.network_problem`
     *     names this route). `outbound_start` answers the key to give the new provider; `outbound_cancel`
     *     withdraws it; `outbound_finalize`, after the new provider took the participant, removes it from
     *     our SMP (`smpRegistered` false) and sets `capabilities.receive` to empty so it is not published
     *     again. The SMP refusing (wrong or expired key, no outbound migration started): 422
     *     `SMP_MIGRATION_FAILED` with its reason; the SMP down: 503 `UPSTREAM_UNAVAILABLE`. In the sandbox,
     *     which has no other providers, every step succeeds so an integration can rehearse it:
     *     `outbound_start` returns a key that is the same for a participant every time, any `migrationKey`
     *     is taken inbound, and `outbound_finalize` withdraws the participant from the sandbox SMP.
     */
    post: operations['migrateCompanySmp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/companies/{company_id}/join': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask to join a company of another organization
     * @description The company is looked up across organizations in the caller's mode, by `comp_…` id, `vat:…` or
     *     `peppol:…` (when several organizations manage the VAT, the oldest active company). The owning
     *     organization accepts or rejects. Asking again while a request is pending returns that request.
     *     A company of the caller's own organization is a 400.
     */
    post: operations['joinCompany'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/companies/{company_id}/join-requests/{request_id}/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept a join request
     * @description By the owning organization: an API key with `companies.write`, or a user who is an admin of the
     *     organization. A requesting user becomes a member of the organization. Who decided and when is
     *     recorded. A request already decided is a 409 `INVALID_TRANSITION`.
     */
    post: operations['acceptJoinRequest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/companies/{company_id}/join-requests/{request_id}/reject': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reject a join request
     * @description Same rules as accept; the request ends `rejected`.
     */
    post: operations['rejectJoinRequest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/directory/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search the Peppol directory
     * @description Searches the Peppol Directory (in sandbox: the seeded sandbox directory plus your own sandbox
     *     companies, marked `source: organization`). At least one of `q` or `vatNumber` is required.
     *
     *     - `q` is free text matched as a substring of the name (an exact participant id or VAT number
     *       also matches); free text needs `country`. A bare 9-digit value is an exact French SIREN
     *       lookup and a bare 14-digit value an exact SIRET lookup; they carry their own country.
     *     - `vatNumber` is an exact match; it carries its own country.
     *     - `city` matches case-insensitively; `postalCode` is a prefix (`75` finds Paris).
     *     - `naceCodes` keeps participants with any of the codes; `documentTypes` keeps participants that
     *       receive all of the types.
     *     - `includeSubEntities=false` (default) returns one row per legal entity: establishments (for
     *       example French SIRETs under a SIREN) are left out, except for an exact SIRET lookup.
     *     - `detail=full` adds identifiers, NACE codes, the access point's endpoint and the SMP.
     *
     *     Rows are ordered by name; page with `cursor`.
     */
    get: operations['searchDirectory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/directory/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Check that a participant can receive a document type
     * @description Looks the participant up in the SML/SMP (in sandbox: the sandbox directory) and reports whether it
     *     exists and is registered for the document type. `documentType` accepts the service's type names
     *     (`invoice`, `credit-note` ...) and their upper-case forms (`INVOICE`, `CREDIT_NOTE` ...); it is
     *     echoed as sent. Nothing is sent.
     */
    post: operations['verifyRecipient'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/directory/participants/{peppol_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Look up a Peppol participant
     * @description The participant's business card, the document types it is registered for (with their Peppol
     *     document type identifiers) and its SMP. `peppol_id` is `<scheme>:<value>` (the
     *     `iso6523-actorid-upis::` prefix is accepted); matching ignores case. 404 `RESOURCE_NOT_FOUND` when
     *     the participant is not in the directory.
     */
    get: operations['getDirectoryParticipant'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/partners': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List trading partners
     * @description Partners of the organization in the caller's mode. `role=supplier` (or `buyer`) also lists
     *     partners whose role is `both`. `search` matches name, VAT number, Peppol id and contact
     *     (case-insensitive substring). `tags` is comma-separated tag ids or names (case-insensitive); a
     *     partner must carry all of them.
     *     `hasActivity` keeps partners that have (or have not) exchanged documents. Sort by `createdAt`
     *     (default), `name` or `lastActivityAt` (partners without activity sort as the oldest), `order`
     *     `desc` (default) or `asc`.
     */
    get: operations['listPartners'];
    put?: never;
    /**
     * Create a trading partner
     * @description A counterparty of the organization (in the caller's mode), identified by `peppolId` and/or
     *     `vatNumber` (at least one). The partner is enriched from the Peppol directory: `name` (when not
     *     given), the missing identifier, `country`, `peppolStatus` (`registered`, `not_registered`, or
     *     `unknown` when the directory could not be asked) and `enrichment` (NACE code, city, document
     *     types). `defaults` are applied to documents sent to the partner. A partner with the same Peppol id
     *     or VAT number already in the organization is 409 `PARTNER_EXISTS` with `existingId` in `details`.
     *     `punchout` holds the supplier's cXML PunchOut credentials for `POST /v1/punchout/cart`; its
     *     `sharedSecret` is stored hashed and the partner shows only `sharedSecretSet`.
     */
    post: operations['createPartner'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/partners/{partner_id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description `part_<id>`, `vat:<vat_number>` or `peppol:<peppol_id>`. */
        partner_id: string;
      };
      cookie?: never;
    };
    /**
     * Retrieve a partner
     * @description 404 `PARTNER_NOT_FOUND` when no partner of the organization (in the caller's mode) has this id, VAT number or Peppol id.
     */
    get: operations['getPartner'];
    put?: never;
    post?: never;
    /**
     * Delete a partner
     * @description Deletes the partner; documents already exchanged keep their parties.
     */
    delete: operations['deletePartner'];
    options?: never;
    head?: never;
    /**
     * Update a partner
     * @description The create fields, all optional. Top-level keys are replaced wholesale (`defaults`, `tags`
     *     included); `metadata` is shallow-merged and a key set to null is deleted. `contactName` and
     *     `contactEmail` accept null to clear them. Changing `peppolId` or `vatNumber` checks for duplicates
     *     (409 `PARTNER_EXISTS`) and refreshes the directory enrichment; one of the two must remain.
     *     `punchout` replaces the PunchOut settings (without `sharedSecret` the stored secret is kept);
     *     `punchout: null` removes them.
     */
    patch: operations['updatePartner'];
    trace?: never;
  };
  '/v1/punchout/cart': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Return a cXML PunchOut cart
     * @description Where a supplier's PunchOut catalogue sends the buyer's cart back (the `BrowserFormPost` URL of
     *     the PunchOutSetupRequest). Public: no bearer token. The body is the cXML
     *     `PunchOutOrderMessage`, either raw (`application/xml` or `text/xml`) or as the browser form
     *     post of Ariba and Coupa (`application/x-www-form-urlencoded` with the field `cxml-urlencoded`
     *     holding the XML, or `cxml-base64` holding it Base64-encoded).
     *
     *     `BuyerCookie` names the organization: `<org_id>`, or `<org_id>:<thread_id>:v2` to come back to
     *     a conversation. The `SharedSecret` of the header's `Sender` credential is checked, in constant
     *     time, against the PunchOut settings (`punchout` on partners) of the organization's partner
     *     whose `identity` (and `domain`, when set) is that of a `Sender` or `From` credential.
     *
     *     The cart becomes a draft `purchase-order` of the organization's first company in the
     *     partner's mode, linked to the partner: one line per `ItemIn` (quantity, `SupplierPartID` as
     *     `itemCode`, description, unit price, `UnitOfMeasure` as `unit`, `Classification` — UNSPSC as
     *     list `TST`), the cart's total and currency, and `metadata.punchout` (payloadId, buyerCookie,
     *     threadId, supplierPartAuxiliaryIds). A `punchout.cart` event follows.
     *
     *     The answer is an HTML page whose meta refresh leads the browser back to the web app:
     *     `{APP_URL}/{org_slug}/ai/chat/{thread_id}` for a v2 cookie with a thread, otherwise
     *     `{APP_URL}/{org_slug}/requests`. Errors are HTML pages too, and store nothing: 400 for a body
     *     without cXML or a malformed or incomplete message (a DTD other than cXML's own reference, or
     *     any entity declaration, is refused; the DTD is never fetched), 401 when the shared secret is
     *     missing or matches no partner, 404 when the BuyerCookie names no organization (or it has no
     *     company in the partner's mode), 415 for another content type.
     */
    post: operations['receivePunchOutCart'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/documents/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Search documents
     * @description Full text (`query`, as the list's `search`) combined with a filter tree: `{and: [...]}`,
     *     `{or: [...]}`, `{not: {...}}` and leaf predicates `{field, op, value}` (`op` one of `eq` (the
     *     default), `ne`, `in`, `gt`, `gte`, `lt`, `lte`, `contains`). `any` / `all` arrays of
     *     `{field, value}` predicates (at the top level or in a node) mean `or` / `and`; the top-level
     *     `from` / `to` bound the issue date. Fields: direction, type, status (an exact lifecycle status,
     *     except `delivered` and `failed`, which match the delivery status; `failed` also a
     *     delivery rejected by the receiving access point), lifecycleStatus,
     *     deliveryStatus, issueDate, dueDate, grossAmount, currency, companyId, partnerId, senderPeppolId,
     *     receiverPeppolId, number, tags (a tag id or name, case-insensitive; `eq`/`contains`: has the tag;
     *     `ne`: has not; `in`: has any of them), archived,
     *     read, assignedUserId. At most 5 levels and 50 predicates. Archived documents are included
     *     unless `archived` says otherwise. `sort` orders by createdAt (default, newest first),
     *     issueDate, dueDate, grossAmount or number; unknown values sort last; the cursor keeps the sort.
     */
    post: operations['searchDocuments'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/documents/{document_id}/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The document as a PDF
     * @description A human-readable rendering: parties, lines, VAT breakdown, totals, payment details and notes.
     *     A stored upload that is itself a PDF is returned as stored; any other stored file has no PDF (404).
     *
     *     `format=factur-x` returns the same rendering as a Factur-X 1.0 / ZUGFeRD 2 PDF (profile EN 16931):
     *     a PDF/A-3b with the invoice in UN/CEFACT CII embedded as the associated file `factur-x.xml`
     *     (`AFRelationship /Data`, `text/xml`) and the Factur-X XMP metadata. Invoices, credit notes and
     *     debit notes only (404 `RESOURCE_NOT_FOUND` for other types and stored files).
     */
    get: operations['getDocumentPdf'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/documents/{document_id}/actions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Read, archive, tag, assign, note or link a document
     * @description `tag` is required for `tag`/`untag`, `userId` for `assign`/`unassign`, `note` for `add-note` and
     *     `relatedDocumentId` (a document of the same organization and mode) for `link`. `tag` is a tag id
     *     (`tag_…`) or a name (case-insensitive): the ungrouped tag of that name, else the one grouped tag of
     *     that name (400 when several groups have one); `tag` with an unknown name creates an ungrouped
     *     tag, `untag` with one changes nothing. A tag of an exclusive group replaces the document's tag of
     *     that group. These are the tags of `/v1/objects/{object_id}/tags`. Returns the updated
     *     Document. A change writes a `document.updated` event with the field diff
     *     (`changes: {field: {from, to}}`); an action that changes nothing (tagging twice, unassigning
     *     someone not assigned) succeeds without an event. `link` records the relation on this document only.
     */
    post: operations['applyDocumentAction'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/documents/send/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send up to 100 documents
     * @description Each item is a JSON-mode send body plus an optional `idempotencyKey`. Items are independent: a
     *     failing item is reported in its place and does not affect the others; results come in input
     *     order. An item's `idempotencyKey` replays that item's earlier outcome (24 hours, per caller);
     *     reused with a different item body, the item fails with `IDEMPOTENCY_BODY_MISMATCH`. The
     *     monthly quota counts one document per item sent: an item beyond it fails with `QUOTA_EXCEEDED`.
     *     An item that does not match `SendBatchItem` fails alone with the 400 a single send of it would
     *     get (`INVALID_CURRENCY`, `MISSING_FIELD`, `INVALID_ENUM` …); only a malformed envelope (not
     *     JSON, `documents` missing, empty or over 100 items) fails the whole request. A failed item's
     *     `error` is the error object (`type`, `code`, `message`, `details`, `docUrl`).
     */
    post: operations['sendDocumentBatch'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/documents/validate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Validate a document without sending it
     * @description Runs the send preparation (sender resolution and parties, then the Peppol BIS rules on the
     *     rendered UBL, or the XML checks) and checks whether `to` can receive the document type. Nothing
     *     is stored or sent, and partner defaults are not applied. Rule failures come back as `valid: false`
     *     with `errors` (`recipientReachable` is reported either way); an unknown sender is 404
     *     `COMPANY_NOT_FOUND`, a company not set up to send the type 403 `COMPANY_FORBIDDEN`, as in send.
     */
    post: operations['validateDocument'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/documents/{document_id}/lifecycle': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Lifecycle history of a document
     * @description Every move (oldest first) with who made it, when, from, to, reason and payment; the current status, the legal next moves, the amount paid, and the compliance state per country.
     */
    get: operations['getDocumentLifecycle'];
    put?: never;
    /**
     * Move a document along its lifecycle
     * @description A Temporal Update on the document's workflow (`document:<doc_id>`), validated against the
     *     document's current status before anything is written. Legal moves: `issued → under_review →
     *     approved → partially_paid → paid`, `approved → paid` (with `paymentDate`), `rejected` and
     *     `disputed` from `issued`, `under_review`, `approved` (`disputed` also from `partially_paid`);
     *     both are final except `disputed → under_review`. `reason` and `reasonCode` are required for
     *     `rejected` and `disputed` (`OTH` always with a reason); `paymentDate` for `paid` and
     *     `partially_paid`. Payment amounts are checked against the amount due. An illegal move is 409
     *     `INVALID_TRANSITION` with `allowedTransitions`; nothing changes. Concurrent updates of one
     *     document are applied one at a time: of two identical moves exactly one succeeds. Emits
     *     `lifecycle.updated`; a move of a received invoice or note is answered to its sender with a
     *     Peppol Invoice Response, and the invoices and notes of French and Italian companies are reported
     *     to PPF / SDI (orders and quotes are neither answered nor reported). The workflow gets
     *     5 seconds to take the move: beyond that the answer is 503 `UPSTREAM_UNAVAILABLE` with
     *     `Retry-After` (the move may still apply; a retry with the same body finds the result).
     */
    post: operations['updateDocumentLifecycle'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/documents/lifecycle/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Update the lifecycle of many documents
     * @description Up to 500 updates, each a lifecycle update body plus `documentId`. Each document is atomic; results
     *     come back in input order and a failed item does not affect the others. An entry that does not
     *     match `LifecycleBatchUpdate` fails alone with the 400 a single update would get; only a malformed
     *     envelope (not JSON, `updates` missing, empty or over 500 entries) fails the whole request. A failed
     *     entry's `error` is the error object (`type`, `code`, `message`, `details`, `docUrl`).
     */
    post: operations['batchUpdateDocumentLifecycle'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/sandbox/inbound': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Receive a document in a sandbox company
     * @description Delivers a document to one of the organization's sandbox companies as if an access point had
     *     received it over Peppol. It goes through the same receiving workflow as real messages: the
     *     document is read (UBL, or CII converted to UBL), persisted as `incoming` (`status: delivered`,
     *     `deliveryStatus: delivered`, `lifecycleStatus: issued`), the sender is matched to a partner
     *     (or provisioned as a supplier), the company and partner counters go up, and `document.received`
     *     fires. Answers 202 at once; wait for the `document.received` event (or poll the document).
     *
     *     Send exactly one of `document` (a JSON DocumentBody, rendered to UBL with `from` as seller and
     *     the company as buyer, or, for a `purchase-order`, the other way round; the `from` party is
     *     derived as a send derives its recipient: the organization's company of that id, its partner,
     *     and the sandbox directory's card (`GET /v1/directory/participants/{peppol_id}`: one for any
     *     valid id); what `document` gives of it wins; like a send, quoting its `number` as `buyerReference` when it gives neither
     *     reference; an invoice or debit note without `payment` carries a credit transfer to the
     *     sender's sandbox account, a Belgian IBAN fixed per sender, so it can be paid by SEPA export;
     *     422 `UBL_VALIDATION_FAILED` if it breaks a Peppol BIS rule) or `xml`
     *     (UBL or CII as is; a payload that cannot be read is still received, as a stored file with
     *     `deliveryStatus: stored` and the findings in `metadata.inbound.validation`). `from` defaults
     *     to the sender party the XML names (the seller; the buyer of an order), else to the seeded sandbox participant `0208:0202239951`.
     *     422 `RECIPIENT_CANNOT_RECEIVE` when the company's `capabilities.receive` lacks the type.
     *     Test keys only.
     *     Without `companyId`: the company the key is bound to or acts for (`X-Service-Company`), else the organization's only sandbox company; with several, 400 `MISSING_FIELD` (field `companyId`).
     */
    post: operations['simulateInboundDocument'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/documents/{document_id}/payment': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Payment info of a document
     * @description Amount due and paid, due date, IBAN and payment reference of the document. `status`: `paid` when nothing is left to pay, `overdue` when the due date (on the company's clock) has passed with money still due, `partially_paid` when something was paid, else `unpaid`.
     */
    get: operations['getDocumentPayment'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/documents/{document_id}/payments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Record a payment
     * @description Books a payment and advances the lifecycle: `partially_paid`, or `paid` when the amount due is
     *     settled. On a document not yet approved the history also records the implied `approved` step.
     *     422 `OVERPAYMENT` when the amount exceeds what is due; 409 `INVALID_TRANSITION` on a paid,
     *     rejected or disputed document.
     */
    post: operations['recordDocumentPayment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/payments/sepa-export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Export a SEPA credit-transfer file (pain.001.001.09)
     * @description An ISO 20022 pain.001.001.09 file (EPC SEPA SCT profile) paying the amount still due on each
     *     listed incoming document: one transfer per document, the invoice number as remittance
     *     information, the control sum and number of transactions computed with decimals. The response
     *     is the XML file itself (`application/xml`, as an attachment); the message id, number of
     *     transactions and control sum are echoed in `X-Sepa-*` headers. 422 `DOCUMENT_NOT_PAYABLE`
     *     (one detail per document) when a document is outgoing, not an invoice or a debit note (a
     *     supplier's credit note is owed to you; orders and quotes are not paid), not in EUR, paid,
     *     rejected or disputed, has nothing due, or lacks a valid supplier IBAN. The export records no
     *     payment.
     */
    post: operations['exportSepaCreditTransfer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/compliance/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Compliance reporting state
     * @description Per country that requires reporting (France to PPF, Italy to SDI; never Belgium), the number of lifecycle reports pending, submitted (awaiting the platform), accepted and failed, the last report and the next status check. Filter by `companyId` and `country`.
     */
    get: operations['getComplianceStatus'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/compliance/reports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List compliance reports
     * @description Every report of a lifecycle change to PPF or SDI, newest first. `from`/`to` bound the creation date; `status` is `pending`, `submitted`, `accepted` or `failed` (with the platform's `error`).
     */
    get: operations['listComplianceReports'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Usage statistics
     * @description Counts of the current calendar `period` (UTC; `week` starts on Monday; default `month`), exact
     *     against the documents: sent, received, delivered and failed, per type and per country, and the
     *     partners active in the period. `quota` is always the organization's current month. With
     *     `companyId` (or a key acting for a company) the figures are that company's; naming another
     *     company than the one the key acts for is 403 `COMPANY_FORBIDDEN`, an unknown one 404
     *     `COMPANY_NOT_FOUND`.
     */
    get: operations['getStats'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/platform/api-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the platform's and its tenants' keys
     * @description Active keys of the platform's organization and mode, newest first, without secrets; `companyId` keeps those bound to one managed company. A request acting for one company sees that company's keys only.
     */
    get: operations['listTenantKeys'];
    put?: never;
    /**
     * Create a key for a tenant
     * @description Platform and white-label keys only (others: 403 `KEY_TYPE_FORBIDDEN`). With `companyId`, a
     *     personal key bound to that managed company (a tenant key: it sees that company only); without, a
     *     key of the caller's own type for the platform itself. The new key never has a scope the caller
     *     lacks (403 `INSUFFICIENT_SCOPE`) and is of the caller's mode. The secret `key` is in this
     *     response only; idempotent replays leave it out.
     */
    post: operations['createTenantKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/platform/api-keys/{key_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke a platform or tenant key
     * @description Immediate — the next request with the key is 401 `REVOKED_KEY`; requests in flight finish. A key of another platform, mode or (for a request acting for one company) company is 404. Revoking a revoked key is 204.
     */
    delete: operations['revokeTenantKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/platform/companies': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List managed companies
     * @description The companies of the platform's organization and mode, newest first, as Company objects; filters `country`, `status`, `search` (words of the name, legal name, VAT number or Peppol id). A request acting for one company lists that company only.
     */
    get: operations['listPlatformCompanies'];
    put?: never;
    /**
     * Onboard a managed company
     * @description Creates a company of the platform's organization from its VAT number, enriched from the national
     *     registry and the Peppol directory as `POST /v1/companies` does, and registers it with the SMP
     *     unless `receiveDocuments` is false (send-only). With `webhook`, a webhook for that company's
     *     events; with `apiKey`, a tenant key bound to it. All or nothing: an unknown VAT (422
     *     `VAT_NOT_FOUND`), a duplicate (409 `COMPANY_EXISTS`), a refused webhook URL (400) or key scope
     *     (403 `INSUFFICIENT_SCOPE`) leaves nothing behind. Idempotent with `Idempotency-Key` (replays
     *     leave out `apiKey.key` and `webhook.secret`). A request acting for one company cannot create
     *     another (403 `COMPANY_FORBIDDEN`).
     */
    post: operations['createPlatformCompany'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/platform/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Usage of the managed companies
     * @description Totals of the period for the platform's companies (documents sent, received, delivered,
     *     failed; API requests) and the same counters per `groupBy` (`company`, `country` of the company,
     *     document `type`). `period` names a UTC calendar period: a year `2026`, a month `2026-11`
     *     (default: the current month), an ISO week `2026-W47` or a day `2026-11-23`. A request acting
     *     for one company gets that company's usage.
     */
    get: operations['getPlatformUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/platform/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Events across the managed companies
     * @description Every event of the platform's companies, newest first, in the events list shape with `companyId`
     *     on each row (null for organization-wide events such as `webhook.paused` of an unscoped webhook).
     *     Unlike `GET /v1/events`, acknowledged events stay listed (`acknowledgedAt`): a tenant working
     *     its queue does not hide its history from the platform. Filters `type`, `companyId` (404 for a
     *     company the platform does not manage), `limit`, `cursor`.
     */
    get: operations['listPlatformEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/platform/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read the platform's settings
     * @description The settings of the platform's organization in the key's mode (a test key's settings never reach
     *     live ones): `branding`, `defaults` for the companies it creates, its `customDomain` with the
     *     TXT record that verifies it, and (white-label keys) `quotas` per managed company. Nothing set
     *     yet reads as empty sections.
     */
    get: operations['getPlatformSettings'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change the platform's settings
     * @description Merges like a company update: sections left out stay as they are; inside `branding`,
     *     `defaults` and `quotas` each field given replaces the stored one and a field set to null is
     *     removed. `customDomain` sets the host name (a new one starts `pending` with a new
     *     verification token; the same one keeps its state) or, null, removes it. `branding.logo` is a
     *     base64 `data:` URL of a PNG or SVG image of at most 256 KiB, checked to really be one.
     *     `defaults.webhook` is checked as a webhook URL would be. `quotas` is for white-label keys
     *     (a platform key gets 403 `KEY_TYPE_FORBIDDEN`). A request acting for one company
     *     (`X-Service-Company`) cannot change the platform's settings (403 `COMPANY_FORBIDDEN`).
     */
    patch: operations['updatePlatformSettings'];
    trace?: never;
  };
  '/v1/platform/settings/custom-domain/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Verify the custom domain
     * @description Looks up the TXT record `_docex-verify.<domain>` through the service's DNS resolvers and, when
     *     one holds the verification token, marks the domain `verified`: the reference page `/docs` then
     *     shows the brand to requests whose Host is that domain. When the record is missing or holds
     *     something else the answer is 200 with `status` still `pending` and `failureReason` saying what
     *     was found; publish the record and call again. A verified domain stays verified. In the sandbox
     *     no DNS is asked: every domain verifies, except one whose first label is `pending`
     *     (`pending.example.com`). 404 without a custom domain; 409 `DOMAIN_TAKEN` when another
     *     platform verified the same domain first; 503 when the DNS does not answer.
     */
    post: operations['verifyCustomDomain'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/tag-groups': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List tag groups
     * @description The organization's tag groups (in the caller's mode), oldest first, each with its tags. Needs `documents.read`.
     */
    get: operations['listTagGroups'];
    put?: never;
    /**
     * Create a tag group
     * @description A named set of tags. In an `exclusive` group an object carries at most one tag: assigning
     *     another tag of the group replaces it, and the recommender suggests at most one. Names are
     *     unique in the organization and mode, case-insensitive (409 `TAG_EXISTS`). Needs `documents.write`.
     */
    post: operations['createTagGroup'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/tag-groups/{group_id}/tags': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A `tgrp_…` id, or `ungrouped` for the tags of no group. */
        group_id: string;
      };
      cookie?: never;
    };
    /**
     * List the tags of a group
     * @description The group's tags, oldest first; `ungrouped` lists the tags of no group. Needs `documents.read`.
     */
    get: operations['listTags'];
    put?: never;
    /**
     * Create a tag in a group
     * @description A tag of the group (`ungrouped`: a tag of no group, as the document actions and the partner
     *     `tags` field create for an unknown name). Names are unique in the group, case-insensitive (409
     *     `TAG_EXISTS`); a group holds at most 200 tags. Needs `documents.write`.
     */
    post: operations['createTag'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/objects/{object_id}/tags': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A document (`doc_…`), partner (`part_…`) or company (`comp_…`) id. */
        object_id: components['parameters']['TaggedObjectId'];
      };
      cookie?: never;
    };
    /**
     * The tags on a document, partner or company
     * @description In assignment order. The object is one the caller sees: a document, partner or company of
     *     another organization, mode or (for a company-bound caller) company is 404
     *     `DOCUMENT_NOT_FOUND` / `PARTNER_NOT_FOUND` / `COMPANY_NOT_FOUND`. Needs `documents.read`.
     */
    get: operations['listObjectTags'];
    put?: never;
    /**
     * Put a tag on an object
     * @description `objectType` must match the id (`doc_` a document, `part_` a partner, `comp_` a company; 400
     *     otherwise); `tagId` is a tag of the organization and mode (404 `RESOURCE_NOT_FOUND` otherwise).
     *     Answers 200 with the tag, also when the object already carried it (nothing changes then). A tag of an
     *     exclusive group replaces the object's tag of that group. On a document, the change writes
     *     `document.updated` with `changes: {tags: {from, to}}` (tag names). An object holds at most 100
     *     tags. The organization's recommender learns the assignment in the background. Needs `documents.write`.
     */
    post: operations['assignObjectTag'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/objects/{object_id}/tags/{tag_id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A document (`doc_…`), partner (`part_…`) or company (`comp_…`) id. */
        object_id: components['parameters']['TaggedObjectId'];
        tag_id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Take a tag off an object
     * @description 204; 404 `RESOURCE_NOT_FOUND` when the object does not carry the tag. On a document, writes
     *     `document.updated` with the tag diff. Needs `documents.write`.
     */
    delete: operations['removeObjectTag'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/tags/recommend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Suggest tags for an object
     * @description Ranked suggestions learned from the organization's own past assignments (in the caller's mode):
     *     a multinomial naive Bayes model over the object's features — for a document its counterparty,
     *     type, direction, line descriptions and item codes, currency and amount band; for a partner or
     *     company its name, country and NACE codes — plus the words of `context`. `confidence` is a
     *     calibrated probability in [0, 1] that the object should carry the tag. Tags the object already
     *     carries are never suggested; of an exclusive group at most one tag is, and none when the object
     *     has a tag of that group. Without any tagged object yet the answer is an empty list. The model
     *     learns each assignment within seconds, off the request path. Needs `documents.read`.
     */
    post: operations['recommendTags'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  'document.received': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * document.received
     * @description An incoming document was persisted. Verify the signature on the raw body before parsing it.
     */
    post: operations['webhook_document_received'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'document.sent': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * document.sent
     * @description An outgoing document was handed to the recipient's access point. Verify the signature on the raw body before parsing it.
     */
    post: operations['webhook_document_sent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'document.delivered': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * document.delivered
     * @description The recipient's access point confirmed delivery. Verify the signature on the raw body before parsing it.
     */
    post: operations['webhook_document_delivered'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'document.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * document.failed
     * @description Delivery failed for good. Verify the signature on the raw body before parsing it.
     */
    post: operations['webhook_document_failed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'document.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * document.updated
     * @description Metadata of a document changed (tag, archive, note …). Verify the signature on the raw body before parsing it.
     */
    post: operations['webhook_document_updated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'lifecycle.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * lifecycle.updated
     * @description The lifecycle status of a document changed. Verify the signature on the raw body before parsing it.
     */
    post: operations['webhook_lifecycle_updated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'company.smp_registered': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * company.smp_registered
     * @description A company's SMP record went live (also after re-registration). Verify the signature on the raw body before parsing it.
     */
    post: operations['webhook_company_smp_registered'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'company.network_problem': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * company.network_problem
     * @description The listing check of a company's Peppol publication found something to act on, or still finds something wrong at its bound; `data.problem` says what to do. Verify the signature on the raw body before parsing it.
     */
    post: operations['webhook_company_network_problem'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'compliance.reported': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * compliance.reported
     * @description A lifecycle change was reported to PPF (FR) or SDI (IT). Verify the signature on the raw body before parsing it.
     */
    post: operations['webhook_compliance_reported'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'webhook.paused': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * webhook.paused
     * @description A webhook of the organization was paused after 8 failed attempts. Verify the signature on the raw body before parsing it.
     */
    post: operations['webhook_webhook_paused'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'punchout.cart': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * punchout.cart
     * @description A supplier's PunchOut catalogue returned a cart, stored as a draft purchase order. Verify the signature on the raw body before parsing it.
     */
    post: operations['webhook_punchout_cart'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'flow.stored': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * flow.stored
     * @description A flow of the AFNOR flow service was kept as a record (a CDAR lifecycle message, an FRR e-reporting file). Verify the signature on the raw body before parsing it.
     */
    post: operations['webhook_flow_stored'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'webhook.test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * webhook.test
     * @description The signed probe sent to a webhook being re-activated (never stored). Verify the signature on the raw body before parsing it.
     */
    post: operations['webhook_webhook_test'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    /**
     * @description Compliance report record.
     * @example {
     *       "id": "cr_4fQ2mZ8kLr0aXc1VbN7t",
     *       "documentId": "doc_8fJ2kL0pQ7rS1tU3vW5x",
     *       "companyId": "comp_1aB2cD3eF4gH5iJ6kL7m",
     *       "country": "FR",
     *       "reportedTo": "PPF",
     *       "lifecycleStatus": "approved",
     *       "status": "failed",
     *       "platformResponse": {
     *         "state": "REJECTED",
     *         "errors": [
     *           {
     *             "code": "00025",
     *             "message": "Invoice number format is invalid"
     *           }
     *         ]
     *       },
     *       "error": {
     *         "code": "00025",
     *         "message": "Invoice number format is invalid"
     *       },
     *       "nextCheckAt": null,
     *       "createdAt": "2026-11-22T10:00:00.000Z",
     *       "updatedAt": "2026-11-22T10:05:00.000Z"
     *     }
     */
    ComplianceReport: {
      id: string;
      documentId: string;
      companyId: string;
      country: string;
      /** @enum {string} */
      reportedTo: 'PPF' | 'SDI';
      lifecycleStatus: components['schemas']['LifecycleStatus'];
      /** @enum {string} */
      status: 'pending' | 'submitted' | 'accepted' | 'failed';
      platformResponse: Record<string, never> | null;
      /** @description Present when the platform rejected the report (PPF 00025 / 00058, SDI 00200 / 00306). */
      error?: {
        code: string | null;
        message: string | null;
      };
      /** Format: date-time */
      nextCheckAt: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    /** @description Payment info of a document. */
    DocumentPaymentInfo: {
      documentId: string;
      amountDue: number;
      amountPaid: number;
      currency: string;
      /** Format: date */
      dueDate: string | null;
      /** @enum {string} */
      status: 'unpaid' | 'partially_paid' | 'paid' | 'overdue';
      iban: string | null;
      reference: string | null;
    };
    SandboxInboundRequest: {
      /** @description The receiving sandbox company: comp_…, vat:…, peppol:… or its Peppol id. Defaults to the company the key is bound to or acts for, else the organization's only sandbox company. */
      companyId?: string;
      /** @description Sender Peppol participant id (bare or peppol:). */
      from?: string;
      type?: components['schemas']['DocumentType'];
      document?: components['schemas']['CheckedDocumentBody'];
      /** @description UBL or CII XML. */
      xml?: string;
    };
    /** @enum {string} */
    LifecycleStatus: 'issued' | 'under_review' | 'approved' | 'partially_paid' | 'paid' | 'rejected' | 'disputed';
    LifecycleUpdate: {
      /** @enum {string} */
      status: 'under_review' | 'approved' | 'rejected' | 'partially_paid' | 'paid' | 'disputed';
      reason?: string;
      /**
       * @description Peppol rejection reason (UNCL4343 subset): RE rejected, NOA not our order, QUA quality, PRI price, REF references, TAX tax, DUP duplicate, OTH other (needs `reason`).
       * @enum {string}
       */
      reasonCode?: 'RE' | 'NOA' | 'QUA' | 'PRI' | 'REF' | 'TAX' | 'DUP' | 'OTH';
      note?: string;
      /** Format: date */
      paymentDate?: string;
      /** @description Below 10^16, at most 2 decimals. */
      paymentAmount?: number;
      /** Format: currency */
      paymentCurrency?: string;
      /** @description Below 10^16, at most 2 decimals. */
      remainingAmount?: number;
      paymentReference?: string;
    };
    /** @description A `LifecycleUpdate` with the `documentId` it applies to. */
    LifecycleBatchUpdate: {
      documentId: string;
      /** @enum {string} */
      status: 'under_review' | 'approved' | 'rejected' | 'partially_paid' | 'paid' | 'disputed';
      reason?: string;
      /**
       * @description Peppol rejection reason (UNCL4343 subset): RE rejected, NOA not our order, QUA quality, PRI price, REF references, TAX tax, DUP duplicate, OTH other (needs `reason`).
       * @enum {string}
       */
      reasonCode?: 'RE' | 'NOA' | 'QUA' | 'PRI' | 'REF' | 'TAX' | 'DUP' | 'OTH';
      note?: string;
      /** Format: date */
      paymentDate?: string;
      /** @description Below 10^16, at most 2 decimals. */
      paymentAmount?: number;
      /** Format: currency */
      paymentCurrency?: string;
      /** @description Below 10^16, at most 2 decimals. */
      remainingAmount?: number;
      paymentReference?: string;
    };
    LifecycleCompliance: {
      reportedTo: ('PPF' | 'SDI')[];
      /**
       * @description `disabled` (additive): the country has a platform but the company switched reporting off (`settings.autoReporting` or `compliance.<country>.autoReport` false).
       * @enum {string}
       */
      status: 'pending' | 'not_required' | 'disabled';
      /** Format: date-time */
      nextCheckAt: string | null;
    };
    LifecycleUpdateResponse: {
      documentId: string;
      previousStatus: components['schemas']['LifecycleStatus'];
      currentStatus: components['schemas']['LifecycleStatus'];
      /** Format: date-time */
      updatedAt: string;
      compliance: components['schemas']['LifecycleCompliance'];
      allowedTransitions: components['schemas']['LifecycleStatus'][];
    };
    LifecycleHistoryEntry: {
      id: string;
      from: components['schemas']['LifecycleStatus'];
      to: components['schemas']['LifecycleStatus'];
      /** Format: date-time */
      at: string;
      /**
       * @description Who moved it: a caller, a recorded payment, or the recipient (Peppol Invoice Response).
       * @enum {string}
       */
      source: 'api' | 'payment' | 'recipient';
      /** @description A step recorded on the caller's behalf, e.g. `approved` before a payment. */
      implied: boolean;
      /** @description The API key or user that made the move. */
      actor: string | null;
      reason: string | null;
      reasonCode: string | null;
      note: string | null;
      payment: {
        /** Format: date */
        date: string;
        amount: number;
        currency: string;
        reference: string | null;
      } | null;
    };
    LifecycleHistory: {
      documentId: string;
      currentStatus: components['schemas']['LifecycleStatus'];
      allowedTransitions: components['schemas']['LifecycleStatus'][];
      amountPaid: number;
      history: components['schemas']['LifecycleHistoryEntry'][];
      /** @description One entry per country the document is reported in (France to PPF, Italy to SDI; none for Belgium). */
      compliance: {
        country: string;
        /** @enum {string} */
        platform: 'PPF' | 'SDI';
        /** @enum {string} */
        status: 'pending' | 'submitted' | 'accepted' | 'failed';
        /** Format: date-time */
        lastReportedAt: string | null;
        /** Format: date-time */
        nextCheckAt: string | null;
        errorCode: string | null;
      }[];
    };
    DocumentList: {
      data: components['schemas']['Document'][];
      hasMore: boolean;
      cursor: string | null;
    };
    DocumentFieldPredicate: {
      field: string;
      /**
       * @default eq
       * @enum {string}
       */
      op?: 'eq' | 'ne' | 'in' | 'gt' | 'gte' | 'lt' | 'lte' | 'contains';
      /** @description A string, number or boolean; an array for `in`. */
      value?: unknown;
    };
    /** @description A node of the filter tree; exactly one of and, or, not, any, all, or a leaf predicate (field, op, value). */
    DocumentFilter: {
      and?: components['schemas']['DocumentFilter'][];
      or?: components['schemas']['DocumentFilter'][];
      all?: components['schemas']['DocumentFilter'][];
      any?: components['schemas']['DocumentFilter'][];
      not?: components['schemas']['DocumentFilter'];
      field?: string;
      /** @enum {string} */
      op?: 'eq' | 'ne' | 'in' | 'gt' | 'gte' | 'lt' | 'lte' | 'contains';
      /** @description A string, number or boolean; an array for `in`. */
      value?: unknown;
    };
    DocumentSearchRequest: {
      /** @description Full text over number, party names, references and note. */
      query?: string;
      filters?: components['schemas']['DocumentFilter'];
      /** @description At least one must hold. */
      any?: components['schemas']['DocumentFilter'][];
      /** @description Every one must hold. */
      all?: components['schemas']['DocumentFilter'][];
      /**
       * Format: date
       * @description Issue date on or after.
       */
      from?: string;
      /**
       * Format: date
       * @description Issue date on or before.
       */
      to?: string;
      /** @description true: archived documents only; false: none; omitted: all. */
      archived?: boolean;
      sort?: {
        /**
         * @default createdAt
         * @enum {string}
         */
        field?: 'createdAt' | 'issueDate' | 'dueDate' | 'grossAmount' | 'number';
        /**
         * @default desc
         * @enum {string}
         */
        order?: 'asc' | 'desc';
      };
      /** @default 20 */
      limit?: number;
      cursor?: string;
    };
    DocumentNote: {
      note: string;
      /** Format: date-time */
      at: string;
      /** @description The user or API key that wrote it. */
      by: string | null;
    };
    DocumentActionRequest: {
      /** @enum {string} */
      action:
        | 'mark-read'
        | 'mark-unread'
        | 'archive'
        | 'unarchive'
        | 'tag'
        | 'untag'
        | 'assign'
        | 'unassign'
        | 'add-note'
        | 'link';
      /** @description A tag id (`tag_…`) or name. */
      tag?: string;
      userId?: string;
      note?: string;
      relatedDocumentId?: string;
    };
    /** @description A `SendDocumentRequest` with the item's own `idempotencyKey`. */
    SendBatchItem: {
      type: components['schemas']['DocumentType'];
      /**
       * @default json
       * @enum {string}
       */
      format?: 'json' | 'ubl-xml' | 'cii-xml' | 'auto' | 'raw';
      /** @description Bare Peppol id, or peppol:, vat:, comp_… or org: forms. Defaults to the company the key acts for (a key bound to one company, or `X-Service-Company`), else to the organization's only company; `org:` is the company the key acts for, else the organization's first company. */
      from?: string;
      /** @description Peppol id, or vat:, siren:, siret:, duns:, gln:, lei:, eori:, email:, domain:, name:, org:, id: forms. Omitted for event. With UBL or CII (ubl-xml, cii-xml, auto), defaults to the recipient's electronic address in the document: the buyer's, the seller's in a purchase order. */
      to?: string;
      document?: components['schemas']['CheckedDocumentBody'];
      /** @description At most 5 MiB. */
      xml?: string;
      file?: components['schemas']['SendFile'];
      metadata?: {
        [key: string]: string;
      };
      /**
       * @description As `allowDuplicateNumber` of a single send.
       * @default false
       */
      allowDuplicateNumber?: boolean;
      idempotencyKey?: string;
    };
    SendBatchRequest: {
      /** @description At most 100 items, each a `SendBatchItem`. An item that does not match it fails in its place with the 400 error a single send of it would get; the others are sent. */
      documents: Record<string, never>[];
    };
    SendBatchResult:
      | {
          /** @constant */
          ok: true;
          id: string;
          /** @enum {string} */
          status: 'draft' | 'sent' | 'delivered' | 'rejected';
          deliveryStatus?: string;
        }
      | {
          /** @constant */
          ok: false;
          error: components['schemas']['BatchItemError'];
        };
    /** @description The error of one failed batch item: the error envelope of the request with the same type, code, message and details a single request of that item would get, without `requestId`. */
    BatchItemError: {
      type: string;
      code: components['schemas']['ErrorCode'];
      message: string;
      details?: Record<string, never>[];
      docUrl: string;
      /** @description With INVALID_TRANSITION. */
      allowedTransitions?: string[];
    };
    SendBatchResponse: {
      results: components['schemas']['SendBatchResult'][];
      sent: number;
      failed: number;
    };
    ValidateDocumentRequest: {
      type: components['schemas']['DocumentType'];
      /**
       * @default json
       * @enum {string}
       */
      format?: 'json' | 'ubl-xml' | 'cii-xml';
      /** @description comp_…, vat:… or peppol:… (a bare Peppol id is accepted too). Defaults to the company the key acts for (a key bound to one company, or `X-Service-Company`), else to the organization's only company. */
      from?: string;
      /** @description The recipient's Peppol participant id. */
      to: string;
      document?: components['schemas']['CheckedDocumentBody'];
      /** @description At most 5 MiB. */
      xml?: string;
    };
    ValidationIssue: {
      rule: string;
      message: string;
      path: string;
    };
    ValidateDocumentResponse: {
      valid: boolean;
      errors: components['schemas']['ValidationIssue'][];
      warnings: components['schemas']['ValidationIssue'][];
      recipientReachable: boolean;
    };
    /** @description The access point a participant receives through; `detail=full` adds the endpoint. */
    DirectoryAccessPoint: {
      /** @description The provider's Peppol seat id. */
      id: string;
      name: string;
      country?: string;
      endpointUrl?: string;
      transportProfile?: string;
      certificateSubject?: string;
    };
    DirectorySmp: {
      hostname: string;
      url: string;
    };
    DirectoryDocumentType: {
      documentType: components['schemas']['DocumentType'];
      /** @description Peppol document type identifier (scheme `busdox-docid-qns`). */
      peppolDocumentTypeId: string;
      /** @description Peppol process identifier (scheme `cenbii-procid-ubl`). */
      processId: string;
    };
    DirectoryRow: {
      peppolId: string;
      name: string;
      country: string;
      city: string | null;
      postalCode: string | null;
      vatNumber: string | null;
      documentTypes: components['schemas']['DocumentType'][];
      accessPoint: components['schemas']['DirectoryAccessPoint'] | null;
      /**
       * @description `organization`: one of your own companies.
       * @enum {string}
       */
      source: 'directory' | 'organization';
      /** @description detail=full */
      identifiers?: components['schemas']['DirectoryIdentifier'][];
      /** @description detail=full */
      naceCodes?: string[];
      /** @description detail=full: the legal entity of an establishment. */
      parentPeppolId?: string | null;
      /** Format: date-time */
      registeredAt?: string | null;
      website?: string | null;
      /** @description detail=full */
      documentTypeIdentifiers?: components['schemas']['DirectoryDocumentType'][];
      /** @description detail=full */
      smp?: components['schemas']['DirectorySmp'] | null;
    };
    DirectoryIdentifier: {
      scheme: string;
      value: string;
    };
    DirectoryParticipant: {
      peppolId: string;
      /** @enum {string} */
      source: 'directory' | 'organization';
      businessCard: {
        name: string;
        country: string;
        street?: string | null;
        city?: string | null;
        postalCode?: string | null;
        vatNumber?: string | null;
        identifiers?: components['schemas']['DirectoryIdentifier'][];
        naceCodes?: string[];
        website?: string | null;
        contactEmail?: string | null;
        /** Format: date-time */
        registeredAt?: string | null;
      };
      parentPeppolId: string | null;
      documentTypes: components['schemas']['DirectoryDocumentType'][];
      /** @description Published Peppol document type ids the service does not send. */
      otherDocumentTypeIds?: string[];
      accessPoint: components['schemas']['DirectoryAccessPoint'] | null;
      smp: components['schemas']['DirectorySmp'] | null;
    };
    VerifyRequest: {
      peppolId: string;
      /** @enum {string} */
      documentType:
        | 'INVOICE'
        | 'CREDIT_NOTE'
        | 'DEBIT_NOTE'
        | 'PURCHASE_ORDER'
        | 'SALES_ORDER'
        | 'QUOTE'
        | 'EVENT'
        | 'invoice'
        | 'credit-note'
        | 'debit-note'
        | 'purchase-order'
        | 'sales-order'
        | 'quote'
        | 'event';
    };
    VerifyResponse: {
      peppolId: string;
      exists: boolean;
      canReceive: boolean;
      recipientName: string | null;
      documentType: string;
      peppolDocumentTypeId: string;
      accessPoint: components['schemas']['DirectoryAccessPoint'] | null;
    };
    /**
     * @description `registered`: in the Peppol directory; `not_registered`: looked up and absent; `unknown`: the lookup failed.
     * @enum {string}
     */
    PeppolStatus: 'registered' | 'not_registered' | 'unknown';
    /** @enum {string} */
    PartnerRole: 'supplier' | 'buyer' | 'both';
    /** @description Applied to documents sent to the partner, under what the document itself says. */
    PartnerDefaults: {
      /** Format: currency */
      currency?: string;
      paymentTermsDays?: number;
      note?: string;
      orderReference?: string;
      buyerReference?: string;
      /** @enum {string} */
      paymentMeans?: 'credit_transfer' | 'direct_debit' | 'card' | 'cash' | 'cheque';
      /** Format: iban */
      iban?: string;
      bic?: string;
      paymentReference?: string;
    };
    /**
     * @description Tag ids (`tag_…`) or names of the organization's tags (see Tags); an unknown name creates an
     *     ungrouped tag. Read back as the tags' names, in assignment order.
     */
    PartnerTags: string[];
    PartnerMetadata: {
      [key: string]: string;
    };
    /**
     * @description The supplier's cXML PunchOut credentials, checked on `POST /v1/punchout/cart`: the `Identity`
     *     (and `domain`, when given) of a `Sender` or `From` credential of its PunchOutOrderMessage, and
     *     the `SharedSecret` it sends. The secret is stored hashed and never returned. On create
     *     `sharedSecret` is required; on update it may be left out to keep the stored one. `null` on
     *     update removes the settings.
     */
    PartnerPunchoutInput: {
      /** @description Credential identity, e.g. a DUNS number or an Ariba network id. */
      identity: string;
      /** @description Credential domain (`DUNS`, `NetworkID`, …); when set, it must match too. */
      domain?: string | null;
      sharedSecret?: string;
    };
    /** @description The partner's cXML PunchOut credentials (the secret itself is never returned), or null. */
    PartnerPunchout: {
      identity: string;
      domain: string | null;
      /** @constant */
      sharedSecretSet: true;
    } | null;
    /** @description At least one of `peppolId` and `vatNumber`. */
    PartnerCreate: {
      peppolId?: string;
      /** Format: vat-number */
      vatNumber?: string;
      name?: string;
      role?: components['schemas']['PartnerRole'];
      contactName?: string;
      /** Format: email */
      contactEmail?: string;
      defaults?: components['schemas']['PartnerDefaults'];
      tags?: components['schemas']['PartnerTags'];
      metadata?: components['schemas']['PartnerMetadata'];
      punchout?: components['schemas']['PartnerPunchoutInput'];
    };
    PartnerUpdate: {
      peppolId?: string | null;
      /** Format: vat-number */
      vatNumber?: string | null;
      name?: string;
      role?: components['schemas']['PartnerRole'];
      contactName?: string | null;
      /** Format: email */
      contactEmail?: string | null;
      defaults?: components['schemas']['PartnerDefaults'];
      tags?: components['schemas']['PartnerTags'];
      metadata?: {
        [key: string]: string | null;
      };
      punchout?: components['schemas']['PartnerPunchoutInput'] | null;
    };
    Partner: {
      id: string;
      peppolId: string | null;
      name: string;
      vatNumber: string | null;
      country: string | null;
      role: components['schemas']['PartnerRole'];
      contactName: string | null;
      contactEmail: string | null;
      peppolStatus: components['schemas']['PeppolStatus'];
      defaults: components['schemas']['PartnerDefaults'];
      tags: string[];
      enrichment: {
        naceCode?: string | null;
        naceCodes?: string[];
        legalName?: string;
        city?: string | null;
        postalCode?: string | null;
        documentTypes?: components['schemas']['DocumentType'][];
        accessPoint?: string | null;
        /** @enum {string} */
        source?: 'directory' | 'organization';
        /** Format: date-time */
        enrichedAt?: string;
      };
      /** @description Counted from the organization's documents with this participant, those exchanged before it became a partner (or while it was deleted) included: `documentsSent` the outgoing ones delivered, `documentsReceived` the incoming ones, `lastActivityAt` the latest of those. */
      stats: {
        documentsSent: number;
        documentsReceived: number;
        /** Format: date-time */
        lastActivityAt: string | null;
      };
      metadata: {
        [key: string]: string;
      };
      punchout: components['schemas']['PartnerPunchout'];
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    /**
     * @description `company.network_problem` (additive): the listing check of a company's Peppol publication found something to act on (the SML points the participant to another provider, our SMP publishes another endpoint) or still finds something wrong when its bound (about a day) is reached; `data` holds companyId, peppolId, problem (what is wrong and what to do) and network (the company's `network` block as recorded). `webhook.paused` (additive): a webhook of the organization was paused after 8 failed attempts; `data` holds webhookId, url, pausedAt, reason, deliveryId and eventId. `webhook.test` (additive): the signed probe sent to a webhook being re-activated, never stored. `punchout.cart` (additive): a supplier's PunchOut catalogue returned a cart (`POST /v1/punchout/cart`), stored as a draft purchase order; `data` holds documentId, type, number, direction, partnerId, currency, grossAmount, lineCount, threadId (null without a v2 BuyerCookie thread) and payloadId. `flow.stored` (additive): a flow of the AFNOR flow service was kept as a record (a CDAR lifecycle message received or emitted, an FRR e-reporting file); `data` holds documentId (the flowId), flowType, flowSyntax, flowDirection, name, number and linkedDocumentIds.
     * @enum {string}
     */
    EventType:
      | 'document.received'
      | 'document.sent'
      | 'document.delivered'
      | 'document.failed'
      | 'document.updated'
      | 'lifecycle.updated'
      | 'company.smp_registered'
      | 'compliance.reported'
      | 'webhook.paused'
      | 'webhook.test'
      | 'punchout.cart'
      | 'flow.stored'
      | 'company.network_problem';
    /**
     * @description An event type of the catalog, or `*` for all.
     * @enum {string}
     */
    WebhookEventFilter:
      | 'document.received'
      | 'document.sent'
      | 'document.delivered'
      | 'document.failed'
      | 'document.updated'
      | 'lifecycle.updated'
      | 'company.smp_registered'
      | 'compliance.reported'
      | 'webhook.paused'
      | 'webhook.test'
      | 'punchout.cart'
      | 'flow.stored'
      | 'company.network_problem'
      | '*';
    WebhookCreate: {
      /** @description https URL (sandbox: also http://127.0.0.1 or localhost when the service allows loopback). */
      url: string;
      events: components['schemas']['WebhookEventFilter'][];
      /** @description Generated when omitted: `whsec_` + base64 of 32 random bytes, whose decoded bytes are the HMAC key. A chosen `whsec_<base64>` secret signs with its decoded bytes too, any other with its UTF-8 bytes. */
      secret?: string;
      /** @description Only this company's events. */
      companyId?: string;
    };
    WebhookUpdate: {
      url?: string;
      events?: components['schemas']['WebhookEventFilter'][];
      /**
       * @description `active` re-enables a paused webhook.
       * @enum {string}
       */
      status?: 'active' | 'paused';
      /** @description true replaces the secret and returns the new one once. */
      rotateSecret?: boolean;
    };
    Webhook: {
      id: string;
      url: string;
      events: components['schemas']['WebhookEventFilter'][];
      /** @enum {string} */
      status: 'active' | 'paused';
      companyId: string | null;
      livemode: boolean;
      /** @description Failed attempts since the last successful one. */
      failureCount: number;
      /** Format: date-time */
      lastDeliveredAt: string | null;
      /**
       * Format: date-time
       * @description Owner notice - when the service paused the webhook after 8 failed attempts.
       */
      pausedAt: string | null;
      /** @description Owner notice - which delivery failed and its last error. */
      pausedReason: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    WebhookWithSecret: components['schemas']['Webhook'] & {
      /** @description The signing secret (`whsec_` + base64 of the key bytes), shown only on creation and rotation. */
      secret: string;
    };
    /** @description A webhook after a change; with its new `secret` only when the change rotated it. */
    WebhookUpdated: components['schemas']['Webhook'] & {
      /** @description The new signing secret (`whsec_` + base64 of the key bytes); only when `rotateSecret` was true. */
      secret?: string;
    };
    WebhookDeliveryAttempt: {
      attempt: number;
      /**
       * @description null while the attempt runs.
       * @enum {string|null}
       */
      outcome: 'succeeded' | 'failed' | null;
      statusCode: number | null;
      durationMs: number | null;
      error: string | null;
      /** Format: date-time */
      startedAt: string;
      /** Format: date-time */
      finishedAt: string | null;
    };
    WebhookDelivery: {
      id: string;
      webhookId: string;
      eventId: string;
      eventType: components['schemas']['EventType'];
      replay: boolean;
      /** @enum {string} */
      status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
      attemptCount: number;
      /**
       * Format: date-time
       * @description In the company's (virtual) time for sandbox deliveries.
       */
      nextAttemptAt: string | null;
      /** Format: date-time */
      completedAt: string | null;
      /** Format: date-time */
      createdAt: string;
      attempts: components['schemas']['WebhookDeliveryAttempt'][];
    };
    /** @description An event of the catalog; `type` tells which `data` it carries. Fields may be added to `data`. */
    Event:
      | components['schemas']['DocumentReceivedEvent']
      | components['schemas']['DocumentSentEvent']
      | components['schemas']['DocumentDeliveredEvent']
      | components['schemas']['DocumentFailedEvent']
      | components['schemas']['DocumentUpdatedEvent']
      | components['schemas']['LifecycleUpdatedEvent']
      | components['schemas']['CompanySmpRegisteredEvent']
      | components['schemas']['ComplianceReportedEvent']
      | components['schemas']['WebhookPausedEvent']
      | components['schemas']['WebhookTestEvent']
      | components['schemas']['PunchoutCartEvent']
      | components['schemas']['FlowStoredEvent']
      | components['schemas']['CompanyNetworkProblemEvent'];
    DocumentReceivedEvent: {
      id: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'document.received';
      /** Format: date-time */
      createdAt: string;
      livemode: boolean;
      companyId: string | null;
      data: components['schemas']['DocumentEventData'];
    };
    DocumentSentEvent: {
      id: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'document.sent';
      /** Format: date-time */
      createdAt: string;
      livemode: boolean;
      companyId: string | null;
      data: components['schemas']['DocumentSentData'];
    };
    DocumentDeliveredEvent: {
      id: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'document.delivered';
      /** Format: date-time */
      createdAt: string;
      livemode: boolean;
      companyId: string | null;
      data: components['schemas']['DocumentDeliveredData'];
    };
    DocumentFailedEvent: {
      id: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'document.failed';
      /** Format: date-time */
      createdAt: string;
      livemode: boolean;
      companyId: string | null;
      data: components['schemas']['DocumentFailedData'];
    };
    DocumentUpdatedEvent: {
      id: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'document.updated';
      /** Format: date-time */
      createdAt: string;
      livemode: boolean;
      companyId: string | null;
      data: components['schemas']['DocumentUpdatedData'];
    };
    LifecycleUpdatedEvent: {
      id: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'lifecycle.updated';
      /** Format: date-time */
      createdAt: string;
      livemode: boolean;
      companyId: string | null;
      data: components['schemas']['LifecycleUpdatedData'];
    };
    CompanySmpRegisteredEvent: {
      id: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'company.smp_registered';
      /** Format: date-time */
      createdAt: string;
      livemode: boolean;
      companyId: string | null;
      data: components['schemas']['CompanySmpRegisteredData'];
    };
    CompanyNetworkProblemEvent: {
      id: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'company.network_problem';
      /** Format: date-time */
      createdAt: string;
      livemode: boolean;
      companyId: string | null;
      data: components['schemas']['CompanyNetworkProblemData'];
    };
    ComplianceReportedEvent: {
      id: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'compliance.reported';
      /** Format: date-time */
      createdAt: string;
      livemode: boolean;
      companyId: string | null;
      data: components['schemas']['ComplianceReportedData'];
    };
    WebhookPausedEvent: {
      id: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'webhook.paused';
      /** Format: date-time */
      createdAt: string;
      livemode: boolean;
      companyId: string | null;
      data: components['schemas']['WebhookPausedData'];
    };
    PunchoutCartEvent: {
      id: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'punchout.cart';
      /** Format: date-time */
      createdAt: string;
      livemode: boolean;
      companyId: string | null;
      data: components['schemas']['PunchoutCartData'];
    };
    FlowStoredEvent: {
      id: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'flow.stored';
      /** Format: date-time */
      createdAt: string;
      livemode: boolean;
      companyId: string | null;
      data: components['schemas']['FlowStoredData'];
    };
    WebhookTestEvent: {
      id: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      type: 'webhook.test';
      /** Format: date-time */
      createdAt: string;
      livemode: boolean;
      companyId: string | null;
      data: components['schemas']['WebhookTestData'];
    };
    EventPartyRef: {
      peppolId?: string | null;
      name?: string | null;
    } | null;
    /** @description What every document event says about its document. Which fields each event type always carries is listed with that type's schema. */
    DocumentEventData: {
      documentId?: string;
      type?: components['schemas']['DocumentType'];
      number?: string | null;
      /** @enum {string} */
      direction?: 'incoming' | 'outgoing';
      sender?: components['schemas']['EventPartyRef'];
      receiver?: components['schemas']['EventPartyRef'];
    };
    DocumentSentData: components['schemas']['DocumentEventData'] & {
      /** Format: date-time */
      sentAt?: string;
    };
    DocumentDeliveredData: components['schemas']['DocumentEventData'] & {
      /** Format: date-time */
      deliveredAt?: string;
    };
    DocumentFailedData: components['schemas']['DocumentEventData'] & {
      /** @description The delivery failure, e.g. AP_REJECTED, TRANSPORT_FAILURE. */
      errorCode?: string;
      errorMessage?: string | null;
    };
    DocumentUpdatedData: {
      documentId?: string;
      /** @description The changed fields, each as {from, to}. */
      changes?: Record<string, never>;
    };
    LifecycleUpdatedData: components['schemas']['DocumentEventData'] & {
      previousStatus?: components['schemas']['LifecycleStatus'];
      currentStatus?: components['schemas']['LifecycleStatus'];
      source?: string;
      reasonCode?: string;
      reason?: string | null;
      /** @description Whether and where the change is reported (PPF, SDI). */
      compliance?: Record<string, never> | null;
    };
    CompanySmpRegisteredData: {
      companyId?: string;
      peppolId?: string | null;
    };
    /**
     * @example {
     *       "companyId": "comp_01JD0000000000000000000000",
     *       "peppolId": "0208:0123456789",
     *       "problem": "0208:0123456789 is registered in the SML by another provider's SMP (the SML points it to https://smp.other.example); nothing was published. To receive here, ask that provider for an SMP migration key and give it to POST /v1/companies/{company_id}/smp-migration with {\"action\": \"inbound\", \"migrationKey\": \"…\"}.",
     *       "network": {
     *         "smp": "conflict",
     *         "sml": "elsewhere",
     *         "directory": "unchecked",
     *         "checkedAt": "2026-11-29T10:40:00.000Z",
     *         "problem": "0208:0123456789 is registered in the SML by another provider's SMP …"
     *       }
     *     }
     */
    CompanyNetworkProblemData: {
      companyId?: string;
      peppolId?: string | null;
      /** @description What is wrong and what to do. */
      problem?: string;
      network?: components['schemas']['CompanyNetwork'];
    };
    ComplianceReportedData: {
      documentId?: string;
      reportId?: string;
      /** @description Where the report went: `SDI` for Italy; for France the partner approved platform (its name, as `platform`), or `PPF` once that platform has transmitted a status the tax administration receives. A report the company switched off fires no event (the move's `compliance.status` says `disabled`). */
      reportedTo?: string | null;
      /** @description The platform that took the report: `SDI`, or the French partner approved platform's name. */
      platform?: string;
      country?: string | null;
      lifecycleStatus?: string;
      status?: string;
      reason?: string | null;
      errorCode?: string | null;
      errorMessage?: string | null;
    };
    WebhookPausedData: {
      webhookId?: string;
      url?: string;
      /** Format: date-time */
      pausedAt?: string;
      reason?: string;
      deliveryId?: string | null;
      eventId?: string | null;
    };
    PunchoutCartData: {
      documentId?: string;
      /** @enum {string} */
      type?: 'purchase-order';
      number?: string | null;
      /** @enum {string} */
      direction?: 'incoming' | 'outgoing';
      partnerId?: string;
      currency?: string;
      grossAmount?: number;
      lineCount?: number;
      /** @description The thread of a v2 BuyerCookie (`<org_id>:<thread_id>:v2`), else null. */
      threadId?: string | null;
      /** @description The cXML payloadID of the cart. */
      payloadId?: string | null;
    };
    FlowStoredData: {
      /** @description The flowId. */
      documentId?: string;
      flowType?: string;
      flowSyntax?: string;
      /** @enum {string} */
      flowDirection?: 'In' | 'Out';
      name?: string | null;
      number?: string | null;
      linkedDocumentIds?: string[];
    };
    WebhookTestData: {
      webhookId?: string;
      reason?: string;
    };
    /** @description What a webhook delivery adds to the event. */
    WebhookApiVersion: {
      /** @description The date the event shape was fixed, e.g. 2026-11-21. */
      apiVersion: string;
    };
    EventAckRequest: {
      eventIds: string[];
    };
    EventAckResult: {
      acknowledged: number;
    };
    EventReplayResult: {
      replayed: number;
    };
    /** @enum {string} */
    Scope:
      | 'send'
      | 'receive'
      | 'documents.read'
      | 'documents.search'
      | 'documents.write'
      | 'companies.read'
      | 'companies.write'
      | 'directory'
      | 'partners'
      | 'payments'
      | 'lifecycle'
      | 'compliance'
      | 'stats'
      | 'platform'
      | '*';
    ApiKeyCreate: {
      name: string;
      /** @description Binds the key to one company. */
      companyId?: string;
      /** @description Defaults to ["*"]. */
      scopes?: components['schemas']['Scope'][];
      /**
       * Format: date-time
       * @description Must be in the future.
       */
      expiresAt?: string;
      /** @description Requests per minute; at most the creating key's own limit. */
      rateLimit?: number;
      /**
       * @description Only with a JWT; keys create keys of their own mode.
       * @enum {string}
       */
      mode?: 'live' | 'test';
    };
    ApiKey: {
      id: string;
      keyPrefix: string;
      name: string;
      /** @enum {string} */
      keyType: 'personal' | 'platform' | 'white_label';
      livemode: boolean;
      scopes: components['schemas']['Scope'][];
      companyId: string | null;
      rateLimit: number | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      expiresAt: string | null;
      /** Format: date-time */
      lastUsedAt: string | null;
    };
    ApiKeyWithSecret: components['schemas']['ApiKey'] & {
      /** @description The secret. Shown once; absent from idempotent replays. */
      key?: string;
    };
    Identity: {
      /** @enum {string} */
      authMethod: 'api_key' | 'jwt';
      userId: string | null;
      email: string | null;
      /** @enum {string} */
      keyType: 'personal' | 'platform' | 'white_label' | 'user';
      keyId?: string | null;
      organizationId: string;
      organizationIds: string[];
      organizations: {
        id: string;
        name: string;
        /** @description The organization's path segment in the web app (unique; where the PunchOut return leads). */
        slug: string;
        country: string | null;
        vatNumber: string | null;
      }[];
      scopes: string[];
      /** @description The company a key is bound to, or acts for through X-Service-Company. */
      companyId?: string | null;
      isTestMode: boolean;
    };
    RequestTrace: {
      id: string;
      method: string;
      path: string;
      operationId: string | null;
      status: number;
      durationMs: number;
      livemode: boolean;
      apiKeyId: string | null;
      userId: string | null;
      idempotencyKey: string | null;
      idempotentReplay: boolean;
      errorCode: string | null;
      userAgent: string | null;
      /** Format: date-time */
      createdAt: string;
    };
    /** @enum {string} */
    DocumentType: 'invoice' | 'credit-note' | 'debit-note' | 'purchase-order' | 'sales-order' | 'quote' | 'event';
    /** @description A decimal amount, as a JSON number or a decimal string ("12.50"). */
    Decimal: number | string;
    /** Format: date */
    Date: string;
    Address: {
      street?: string;
      additionalStreet?: string;
      city?: string;
      region?: string;
      postalCode?: string;
      country: string;
    };
    /** @description An identifier qualified by an ISO 6523 ICD scheme. */
    SchemedId: {
      /** @description ICD scheme, e.g. `0088` (GLN) or `0208` (Belgian enterprise number). */
      scheme?: string;
      value: string;
      /** @description Classification list version (classification only). */
      version?: string;
    };
    /** @description A period (BG-14, BG-26). A document read back carries each date under both names. */
    Period: {
      /** Format: date */
      startDate?: string;
      /** Format: date */
      endDate?: string;
      /**
       * Format: date
       * @deprecated
       * @description Alias of `startDate`; a request giving both must give the same date.
       */
      start?: string;
      /**
       * Format: date
       * @deprecated
       * @description Alias of `endDate`; a request giving both must give the same date.
       */
      end?: string;
    };
    /** @description A document-level (BG-20/BG-21) or line-level (BG-27/BG-28) allowance or charge; `amount`, or `percent` of `baseAmount`. */
    AllowanceCharge: {
      /** @description Derived from percent × baseAmount when omitted. */
      amount?: components['schemas']['Decimal'];
      percent?: components['schemas']['Decimal'];
      /** @description Base of the percentage; defaults to the sum of line nets (document level) or the line net. */
      baseAmount?: components['schemas']['Decimal'];
      reason?: string;
      /** @description UNCL 5189 for allowances, UNCL 7161 for charges. */
      reasonCode?: string;
      /** @description Document level only; defaults to the only category used by the lines. */
      vatCategory?: components['schemas']['VatCategory'];
      vatRate?: components['schemas']['Decimal'];
    };
    Party: {
      name?: string;
      legalName?: string;
      vatNumber?: string;
      /** @description <scheme>:<value> */
      peppolId?: string;
      /** @description Legal registration identifier (BT-30 / BT-47). */
      legalId?: components['schemas']['SchemedId'];
      /** @description Further identifiers (BT-29 / BT-46): GLN, DUNS, SIRET … */
      identifiers?: components['schemas']['SchemedId'][];
      /** @description Tax registration that is not a VAT number (BT-32). */
      taxRegistration?: string;
      /** @description Free legal information (BT-33). */
      legalForm?: string;
      address?: components['schemas']['Address'];
      contact?: {
        name?: string;
        email?: string;
        phone?: string;
      };
    };
    PaymentInfo: {
      /** @enum {string} */
      means?: 'credit_transfer' | 'direct_debit' | 'card' | 'cash' | 'cheque';
      iban?: string;
      bic?: string;
      reference?: string;
      /** @description Overrides the UNCL 4461 code that means implies. */
      meansCode?: string;
      accountName?: string;
      /** @description Direct debit mandate reference (BT-89). */
      mandateId?: string;
      debitedAccount?: string;
      /** @description SEPA creditor identifier (BT-90). */
      creditorId?: string;
      cardLast4?: string;
      cardHolder?: string;
      /** @description Payment terms as free text (BT-20). */
      terms?: string;
      discountTerms?: {
        percent: components['schemas']['Decimal'];
        days: number;
      }[];
    };
    InvoiceLine: {
      /** @description Line id (BT-126); defaults to the 1-based position. */
      id?: string;
      description?: string;
      /** @description Item name (BT-153); defaults to description. */
      name?: string;
      quantity: components['schemas']['Decimal'];
      /** @description UN/ECE Rec 20 unit code (default C62). */
      unit?: string;
      /** @description Net price per baseQuantity units. */
      unitPrice: components['schemas']['Decimal'];
      baseQuantity?: components['schemas']['Decimal'];
      /** @description Gross price before the price discount (BT-148). */
      grossPrice?: components['schemas']['Decimal'];
      vatRate?: number | string;
      vatCategory?: components['schemas']['VatCategory'];
      itemCode?: string;
      buyerItemCode?: string;
      standardItemId?: components['schemas']['SchemedId'];
      /** @description Commodity classification (BT-158); `scheme` is the UNCL 7143 list id, `version` the list version. */
      classification?: components['schemas']['SchemedId'];
      originCountry?: string;
      period?: components['schemas']['Period'];
      allowances?: components['schemas']['AllowanceCharge'][];
      charges?: components['schemas']['AllowanceCharge'][];
      orderLineReference?: string;
      note?: string;
      accountingCost?: string;
      /** @description Derived when omitted; a given value is rendered as is. */
      netAmount?: components['schemas']['Decimal'];
    };
    /**
     * @description UNCL 5305 VAT category allowed by EN 16931.
     * @enum {string}
     */
    VatCategory: 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M';
    Delivery: {
      /** Format: date */
      date?: string;
      locationId?: components['schemas']['SchemedId'];
      partyName?: string;
      address?: components['schemas']['Address'];
    };
    /** @description A supporting document (BG-24), embedded (`content`) or referenced (`url`). */
    Attachment: {
      /** @description Supporting document reference (BT-122). */
      id: string;
      description?: string;
      filename?: string;
      /** @description application/pdf, image/png, image/jpeg, text/csv, xlsx or ods. */
      mimeCode?: string;
      /** @description Base64 content embedded in the document. */
      content?: string;
      url?: string;
    };
    VatBreakdown: {
      category: components['schemas']['VatCategory'];
      rate?: components['schemas']['Decimal'];
      taxableAmount: components['schemas']['Decimal'];
      taxAmount: components['schemas']['Decimal'];
      exemptionReason?: string;
      exemptionReasonCode?: string;
    };
    /** @description Document totals (BG-22). A field given is rendered as given; the others are derived from the lines. */
    Totals: {
      lineTotal?: components['schemas']['Decimal'];
      allowanceTotal?: components['schemas']['Decimal'];
      chargeTotal?: components['schemas']['Decimal'];
      /** @description Total without VAT (BT-109). */
      netAmount?: components['schemas']['Decimal'];
      vatAmount?: components['schemas']['Decimal'];
      /** @description Total with VAT (BT-112). */
      grossAmount?: components['schemas']['Decimal'];
      prepaidAmount?: components['schemas']['Decimal'];
      roundingAmount?: components['schemas']['Decimal'];
      payableAmount?: components['schemas']['Decimal'];
      vatBreakdown?: components['schemas']['VatBreakdown'][];
      /** @description BT-111; derived from taxExchangeRate when omitted. */
      vatAmountInTaxCurrency?: components['schemas']['Decimal'];
    };
    /** @description The exemption reason of a VAT category the document uses (BT-120/BT-121); category E has no default. */
    VatExemption: {
      category: components['schemas']['VatCategory'];
      reason?: string;
      /** @description VATEX code, e.g. VATEX-EU-132-1A. */
      reasonCode?: string;
    };
    DocumentReference: {
      number: string;
      /** Format: date */
      issueDate?: string;
    };
    /** @description The structured body, rendered to UBL 2.1 (Peppol BIS 3.0) on send. */
    DocumentBody: {
      number: string;
      /** Format: date */
      issueDate: string;
      /** Format: date */
      dueDate?: string;
      /** @description ISO 4217. Default: the partner default currency, else EUR. */
      currency?: string;
      /** @description VAT accounting currency when it differs from currency (BT-6). */
      taxCurrency?: string;
      /** @description Units of taxCurrency per unit of currency. */
      taxExchangeRate?: components['schemas']['Decimal'];
      /** @description Overrides the UNCL 1001 type code the document type implies. */
      typeCode?: string;
      /** @description The reference the buyer asked to be quoted (BT-10). Peppol needs it or orderReference on an invoice, credit or debit note: with neither (after the partner's defaults), the document's number is quoted. */
      buyerReference?: string;
      orderReference?: string;
      salesOrderReference?: string;
      contractReference?: string;
      projectReference?: string;
      despatchReference?: string;
      receiptReference?: string;
      /** @description Preceding invoices (BG-3). */
      billingReferences?: components['schemas']['DocumentReference'][];
      quotationReference?: string;
      accountingCost?: string;
      note?: string;
      /** @description The seller; derived from the sending company, or from the recipient in a purchase order (which goes from its buyer to its seller). Given fields override the derived ones. */
      seller?: components['schemas']['Party'];
      /** @description The buyer; derived from the recipient, or from the sending company in a purchase order. Given fields override the derived ones. */
      buyer?: components['schemas']['Party'];
      payee?: components['schemas']['Party'];
      taxRepresentative?: components['schemas']['Party'];
      payment?: components['schemas']['PaymentInfo'];
      delivery?: components['schemas']['Delivery'];
      /** Format: date */
      taxPointDate?: string;
      /** Format: date */
      validUntil?: string;
      invoicePeriod?: components['schemas']['Period'];
      lines: components['schemas']['InvoiceLine'][];
      allowances?: components['schemas']['AllowanceCharge'][];
      charges?: components['schemas']['AllowanceCharge'][];
      attachments?: components['schemas']['Attachment'][];
      vatExemptions?: components['schemas']['VatExemption'][];
      totals?: components['schemas']['Totals'];
      /** @description sales-order only: UNCL 4343 response code (AP, RE, CA). */
      responseCode?: string;
    };
    SendFile: {
      /** @description Base64; at most 5 MiB decoded. */
      content: string;
      contentType?: string;
      filename?: string;
    };
    /** @description A DocumentBody as sent or validated: VAT numbers, Peppol ids, IBAN, BIC and currency must be well-formed. A received document's body keeps what its sender wrote. */
    CheckedDocumentBody: components['schemas']['DocumentBody'] & {
      /** Format: currency */
      currency?: string;
      seller?: components['schemas']['CheckedParty'];
      buyer?: components['schemas']['CheckedParty'];
      payee?: components['schemas']['CheckedParty'];
      taxRepresentative?: components['schemas']['CheckedParty'];
      payment?: {
        /** Format: iban */
        iban?: string;
        bic?: string;
      };
    };
    CheckedParty: {
      /** Format: vat-number */
      vatNumber?: string;
      peppolId?: string;
    };
    SendDocumentRequest: {
      type: components['schemas']['DocumentType'];
      /**
       * @default json
       * @enum {string}
       */
      format?: 'json' | 'ubl-xml' | 'cii-xml' | 'auto' | 'raw';
      /** @description Bare Peppol id, or peppol:, vat:, comp_… or org: forms. Defaults to the company the key acts for (a key bound to one company, or `X-Service-Company`), else to the organization's only company; an organization-wide key of several companies must give it (400 `MISSING_FIELD`). */
      from?: string;
      /** @description Peppol id, or vat:, siren:, siret:, duns:, gln:, lei:, eori:, email:, domain:, name:, org:, id: forms. Omitted for event. With UBL or CII (ubl-xml, cii-xml, auto), defaults to the recipient's electronic address in the document: the buyer's, the seller's in a purchase order. */
      to?: string;
      document?: components['schemas']['CheckedDocumentBody'];
      /** @description At most 5 MiB. */
      xml?: string;
      file?: {
        /** @description Base64; at most 5 MiB decoded. */
        content: string;
        contentType?: string;
        filename?: string;
      };
      metadata?: {
        [key: string]: string;
      };
      /**
       * @description Accept a second document of a number the sending company already sent (same type, not failed or rejected). Without it such a send is 409 `DOCUMENT_EXISTS` with the existing document in `details[0].existingId`.
       * @default false
       */
      allowDuplicateNumber?: boolean;
    };
    DocumentPartyRef: {
      peppolId: string | null;
      name: string | null;
      vatNumber?: string | null;
    } | null;
    Document: {
      id: string;
      type: components['schemas']['DocumentType'];
      /** @enum {string} */
      direction: 'incoming' | 'outgoing';
      companyId: string;
      number: string | null;
      /** Format: date */
      issueDate: string | null;
      /** Format: date */
      dueDate: string | null;
      currency: string | null;
      grossAmount: number | null;
      netAmount: number | null;
      vatAmount: number | null;
      sender: components['schemas']['DocumentPartyRef'];
      receiver: components['schemas']['DocumentPartyRef'];
      /** @enum {string} */
      status: 'draft' | 'sent' | 'delivered' | 'rejected';
      /** @enum {string} */
      deliveryStatus: 'pending' | 'delivered' | 'failed' | 'rejected' | 'stored';
      /** @enum {string} */
      lifecycleStatus: 'issued' | 'under_review' | 'approved' | 'partially_paid' | 'paid' | 'rejected' | 'disputed';
      /** @description The structured body; null for documents kept only as a file. */
      document?: components['schemas']['DocumentBody'] | null;
      xml?: string | null;
      metadata: Record<string, never>;
      errorCode?: string | null;
      errorMessage?: string | null;
      /** @description The receiving access point's Peppol Message Level Status for an outgoing live document, once it arrived: `AP` (accepted and delivered), `AB` (accepted, delivery not confirmed) or `RE` (rejected, with the reason; the document is then `rejected` with `errorCode` `AP_REJECTED`). Null until then, without one, and for sandbox and incoming documents. */
      mls?: null | {
        /** @enum {string} */
        code: 'AP' | 'AB' | 'RE';
        reason?: string;
        /** Format: date-time */
        receivedAt: string;
      };
      fileId?: string | null;
      storedFormat?: string | null;
      /** Format: date-time */
      receivedAt?: string | null;
      /** Format: date-time */
      sentAt?: string | null;
      /** Format: date-time */
      deliveredAt?: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /** @description Marked read (mark-read / mark-unread). */
      read?: boolean;
      archived?: boolean;
      tags?: string[];
      assignedUserId?: string | null;
      notes?: components['schemas']['DocumentNote'][];
      linkedDocumentIds?: string[];
    };
    StructuredDocument: {
      [key: string]: string | number | null;
    };
    SandboxClock: {
      companyId: string;
      /** Format: date-time */
      virtualNow: string;
      offsetMs: number;
      signaledWorkflows: number;
    };
    SandboxKeyRequest: {
      /** @default quickstart */
      label?: string;
      /** Format: email */
      email?: string;
      /**
       * @default personal
       * @enum {string}
       */
      keyType?: 'personal' | 'platform' | 'white_label';
    };
    SandboxKey: {
      key: string;
      keyId: string;
      keyPrefix: string;
      /** @enum {string} */
      keyType: 'personal' | 'platform' | 'white_label';
      /** @constant */
      livemode: false;
      label: string;
      organizationId: string;
      company: {
        id: string;
        name: string;
        vatNumber: string;
        country: string;
        peppolId: string;
      };
      /** Format: date-time */
      createdAt: string;
    };
    ErrorResponse: {
      error: {
        /**
         * @description Coarse category.
         * @example validation_error
         * @example invalid_request_error
         * @example authentication_error
         * @example permission_error
         * @example conflict
         * @example delivery_error
         * @example rate_limit_error
         * @example api_error
         * @example upstream_error
         */
        type: string;
        code: components['schemas']['ErrorCode'];
        message: string;
        details?: {
          field?: string;
          rule?: string;
          message?: string;
        }[];
        requestId: string;
        docUrl?: string;
      };
    };
    /**
     * @description Stable machine code from the catalog (api/errors.ts); /docs/errors explains each one. New codes may be added.
     * @enum {string}
     */
    ErrorCode:
      | 'INVALID_REQUEST'
      | 'MISSING_FIELD'
      | 'INVALID_ENUM'
      | 'INVALID_VAT_FORMAT'
      | 'INVALID_IBAN'
      | 'INVALID_CURRENCY'
      | 'INVALID_DATE'
      | 'MISSING_AUTH'
      | 'INVALID_TOKEN'
      | 'EXPIRED_TOKEN'
      | 'REVOKED_KEY'
      | 'INSUFFICIENT_SCOPE'
      | 'COMPANY_FORBIDDEN'
      | 'ORGANIZATION_FORBIDDEN'
      | 'KEY_TYPE_FORBIDDEN'
      | 'SANDBOX_ONLY'
      | 'RESOURCE_NOT_FOUND'
      | 'COMPANY_NOT_FOUND'
      | 'DOCUMENT_NOT_FOUND'
      | 'PARTNER_NOT_FOUND'
      | 'METHOD_NOT_ALLOWED'
      | 'COMPANY_EXISTS'
      | 'PARTICIPANT_REGISTERED_ELSEWHERE'
      | 'PARTNER_EXISTS'
      | 'DOMAIN_TAKEN'
      | 'DOCUMENT_EXISTS'
      | 'TAG_EXISTS'
      | 'IDEMPOTENCY_IN_PROGRESS'
      | 'IDEMPOTENCY_BODY_MISMATCH'
      | 'INVALID_TRANSITION'
      | 'PAYLOAD_TOO_LARGE'
      | 'UNSUPPORTED_MEDIA_TYPE'
      | 'VAT_NOT_FOUND'
      | 'PEPPOL_ID_REQUIRED'
      | 'COMPANY_INACTIVE'
      | 'VAT_INACTIVE'
      | 'RECIPIENT_NOT_FOUND'
      | 'RECIPIENT_CANNOT_RECEIVE'
      | 'UBL_VALIDATION_FAILED'
      | 'OVERPAYMENT'
      | 'AMOUNT_MISMATCH'
      | 'DOCUMENT_NOT_PAYABLE'
      | 'AMOUNT_OUT_OF_RANGE'
      | 'WEBHOOK_TEST_FAILED'
      | 'SMP_MIGRATION_FAILED'
      | 'RATE_LIMITED'
      | 'QUOTA_EXCEEDED'
      | 'INTERNAL_ERROR'
      | 'UPSTREAM_UNAVAILABLE'
      | 'UPSTREAM_TIMEOUT';
    Liveness: {
      /** @enum {string} */
      status: 'ok';
    };
    CircuitState: {
      /** @enum {string} */
      state: 'closed' | 'open' | 'half_open';
      failures: number;
    };
    /**
     * @description The workers polling one task queue the API feeds, as Temporal's DescribeTaskQueue reports them.
     *     A poller counts while it polled within the last 75 s (a long poll lasts up to a minute).
     */
    TaskQueuePollers: {
      /**
       * @description `ok`: at least one poller. `waiting`: none, for less than the bound so far (a worker
       *     restarting). `starved`: none for longer than the bound; readiness answers 503. `unknown`:
       *     Temporal did not answer the question.
       * @enum {string}
       */
      status: 'ok' | 'waiting' | 'starved' | 'unknown';
      /** @description Distinct worker identities polling workflow or activity tasks. */
      pollers: number;
      /**
       * Format: date-time
       * @description When this API process last saw a poller on the queue; absent when it never has.
       */
      lastPollerSeenAt?: string;
    };
    Readiness: {
      /** @enum {string} */
      status: 'ok' | 'unavailable';
      circuits: {
        [key: string]: components['schemas']['CircuitState'];
      };
      /** @description One entry per task queue the API starts work on; absent while Temporal is unreachable. */
      taskQueues?: {
        [key: string]: components['schemas']['TaskQueuePollers'];
      };
    };
    Contracts: {
      /** @enum {string} */
      status: 'ok' | 'failing';
      /** Format: date-time */
      checkedAt: string;
      contracts: {
        [key: string]: {
          /** @enum {string} */
          status: 'ok' | 'failed';
          latencyMs: number;
          detail?: string;
          error?: string;
        };
      };
    };
    Capabilities: {
      send: components['schemas']['DocumentType'][];
      receive: components['schemas']['DocumentType'][];
    };
    AdditionalIdentifier: {
      /** @description GLN, DUNS, SIRET, a 4-digit ICD ... */
      scheme: string;
      value: string;
    };
    /** @description Sending preferences, `defaultCurrency`, auto-reporting toggles. */
    CompanySettings: {
      /** Format: currency */
      defaultCurrency?: string;
      /** @description false switches compliance reporting (PPF, SDI) off for the company, whatever `compliance` says. Default true. */
      autoReporting?: boolean;
    };
    /** @description Per-country compliance overrides, e.g. `{FR: {platform: PPF, autoReport: false}}`: `autoReport` false stops reporting to that country's platform. */
    ComplianceOverrides: {
      [key: string]: {
        platform?: string;
        autoReport?: boolean;
      };
    };
    /** @description At most 40 keys, values at most 500 characters. */
    CompanyMetadata: {
      [key: string]: string;
    };
    CompanyCreate: {
      /** Format: vat-number */
      vatNumber: string;
      /** @description Defaults to the registry's legal name. */
      name?: string;
      address?: components['schemas']['Address'];
      additionalIdentifiers?: components['schemas']['AdditionalIdentifier'][];
      capabilities?: components['schemas']['Capabilities'];
      settings?: components['schemas']['CompanySettings'];
      compliance?: components['schemas']['ComplianceOverrides'];
      metadata?: components['schemas']['CompanyMetadata'];
      /** @description Live, additive: the participant is registered with another provider's SMP, which started an outbound SMP migration and gave this key. The participant is taken over (phoss-smp inbound migration) before the company's services are published here; a wrong or expired key is a 422 `SMP_MIGRATION_FAILED` and nothing is stored. */
      smpMigrationKey?: string;
    };
    /** @description Read-only fields are listed so that sending one gets a 400 naming it; any other field is refused too. */
    CompanyUpdate: {
      readonly id?: unknown;
      readonly vatNumber?: unknown;
      readonly country?: unknown;
      readonly legalName?: unknown;
      readonly peppolId?: unknown;
      readonly status?: unknown;
      readonly smpRegistered?: unknown;
      readonly smpRegisteredAt?: unknown;
      readonly network?: unknown;
      readonly stats?: unknown;
      readonly createdAt?: unknown;
      readonly updatedAt?: unknown;
      readonly livemode?: unknown;
      readonly legalAddressId?: unknown;
      name?: string;
      address?: components['schemas']['Address'] | null;
      additionalIdentifiers?: components['schemas']['AdditionalIdentifier'][];
      capabilities?: components['schemas']['Capabilities'];
      settings?: components['schemas']['CompanySettings'];
      compliance?: components['schemas']['ComplianceOverrides'];
      metadata?: {
        [key: string]: string | null;
      };
    };
    Company: {
      id: string;
      name: string;
      legalName: string;
      vatNumber: string;
      country: string;
      peppolId: string | null;
      additionalIdentifiers: components['schemas']['AdditionalIdentifier'][];
      address: components['schemas']['Address'] | null;
      capabilities: components['schemas']['Capabilities'];
      /** @enum {string} */
      status: 'active' | 'inactive' | 'suspended';
      smpRegistered: boolean;
      /** Format: date-time */
      smpRegisteredAt: string | null;
      network?: components['schemas']['CompanyNetwork'];
      compliance: Record<string, never>;
      settings: Record<string, never>;
      stats: {
        sent: number;
        received: number;
      };
      metadata: {
        [key: string]: string;
      };
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    /**
     * @description Whether the company is present on the Peppol network, as the last check found it. After each SMP publication a check runs with backoff until the SML points the participant to our SMP, the SMP publishes our access point's endpoint and certificate for it, and the Peppol Directory lists its business card (or until its bound, about a day). A live company's `smpRegistered` turns true, and `company.smp_registered` fires, when the participant resolves (SML and SMP); a problem someone must act on, and whatever is still wrong at the bound, is a `company.network_problem` event. `problem` says what is wrong and what to do. Before any check `sml` and `directory` are `unchecked`; sandbox companies are checked against the sandbox SMP and Directory, never against the live network.
     * @example {
     *       "smp": "published",
     *       "sml": "resolves",
     *       "directory": "absent",
     *       "checkedAt": "2026-11-29T10:40:00.000Z",
     *       "problem": "The Peppol Directory does not list the business card yet; it is checked again."
     *     }
     */
    CompanyNetwork: {
      /**
       * @description `conflict`: the SML holds the participant for another provider; nothing was published.
       * @enum {string}
       */
      smp: 'not_registered' | 'pending' | 'published' | 'conflict';
      /** @enum {string} */
      sml: 'unchecked' | 'resolves' | 'elsewhere' | 'absent';
      /** @enum {string} */
      directory: 'unchecked' | 'listed' | 'absent';
      /** Format: date-time */
      checkedAt: string | null;
      problem: string | null;
    };
    /**
     * @description `inbound` takes the participant over from another provider's SMP with the `migrationKey` it issued; `outbound_start` lets another provider take it (the answer holds the key to give them), `outbound_cancel` withdraws that, and `outbound_finalize`, once the other provider has taken it, removes it from our SMP.
     * @example {
     *       "action": "outbound_start"
     *     }
     */
    SmpMigrationRequest: {
      /** @enum {string} */
      action: 'inbound' | 'outbound_start' | 'outbound_cancel' | 'outbound_finalize';
      /** @description Required for `inbound`. */
      migrationKey?: string;
    };
    /**
     * @example {
     *       "companyId": "comp_7Gh2Jk4Lm6Np8Qr0St2V",
     *       "peppolId": "0208:0888888895",
     *       "action": "outbound_start",
     *       "migrationKey": "Mk4x9q2Lp7@A1"
     *     }
     */
    SmpMigrationResult: {
      companyId: string;
      peppolId: string;
      /** @enum {string} */
      action: 'inbound' | 'outbound_start' | 'outbound_cancel' | 'outbound_finalize';
      /** @description The key to give the new provider (`outbound_start`); null otherwise. */
      migrationKey: string | null;
    };
    CompanyRow: {
      id: string;
      name: string;
      vatNumber: string;
      country: string;
      peppolId: string | null;
      /** @enum {string} */
      status: 'active' | 'inactive' | 'suspended';
      /** @description With include_address=true (default). */
      address?: components['schemas']['Address'] | null;
      /** @description With include_address=false; opaque id of the legal address. */
      legalAddressId?: string | null;
    };
    CompanySearchHit: {
      /** @description Null for registry matches the organization does not manage. */
      id: string | null;
      name: string;
      vatNumber: string;
      country: string;
      peppolId: string | null;
      /** @enum {string} */
      source: 'managed' | 'registry';
    };
    JoinRequest: {
      id: string;
      /** @constant */
      object: 'join_request';
      companyId: string;
      /** @enum {string} */
      status: 'pending' | 'accepted' | 'rejected';
      /**
       * @description Seen from the caller's organization.
       * @enum {string}
       */
      direction: 'incoming' | 'outgoing';
      requesterOrganizationId: string;
      requesterUserId: string | null;
      requesterApiKeyId: string | null;
      /** @description `user:<id>` or `key:<id>`. */
      decidedBy: string | null;
      /** Format: date-time */
      decidedAt: string | null;
      /** Format: date-time */
      createdAt: string;
    };
    DocumentCounters: {
      /** @description Outgoing documents created in the period. */
      sent: number;
      /** @description Incoming documents received in the period. */
      received: number;
      /** @description Outgoing documents of the period now delivered. */
      delivered: number;
      /** @description Outgoing documents of the period whose delivery failed or was rejected. */
      failed: number;
    };
    Stats: {
      /** @description The calendar period in UTC, `start` included, `end` excluded. */
      period: {
        /** Format: date-time */
        start: string;
        /** Format: date-time */
        end: string;
      };
      /** @description The company the figures are narrowed to, if any. */
      companyId: string | null;
      /** @description The organization's documents of the current calendar month. `limit` and `remaining` are null when the plan is unlimited and in the sandbox, which has no quota. */
      quota: {
        limit: number | null;
        used: number;
        remaining: number | null;
      };
      rateLimit: {
        /** @description The calling key's requests per minute. */
        perMinute: number;
      };
      documents: components['schemas']['DocumentCounters'];
      /** @description Documents of the period (both directions) per document type. */
      byType: {
        [key: string]: number;
      };
      /** @description Documents of the period per country of the organization's company on them. */
      byCountry: {
        [key: string]: number;
      };
      partners: {
        /** @description Trading partners of the organization. */
        total: number;
        /** @description Partners with a document in the period. */
        active: number;
      };
    };
    TenantKeyCreate: {
      name: string;
      /** @description A managed company (`comp_…`, `vat:…`, `peppol:…`): the key is a personal key bound to it. Without it, the key is of the caller's own type (platform or white-label). */
      companyId?: string;
      /** @description Defaults to the caller's scopes; none beyond them. */
      scopes?: components['schemas']['Scope'][];
      /**
       * Format: date-time
       * @description Must be in the future.
       */
      expiresAt?: string;
      rateLimit?: {
        /** @description At most the plan's limit. */
        perMinute: number;
      };
    };
    PlatformCompanyCreate: {
      /** Format: vat-number */
      vatNumber: string;
      /** @description Defaults to the registry's legal name. */
      name?: string;
      address?: components['schemas']['Address'];
      metadata?: components['schemas']['CompanyMetadata'];
      /** @description Over the platform's `defaults.settings` (`GET /v1/platform/settings`). */
      settings?: components['schemas']['CompanySettings'];
      /**
       * @description true: registered with the SMP to receive every document type; false: send-only, no SMP record (capabilities.receive is empty).
       * @default true
       */
      receiveDocuments?: boolean;
      /**
       * @description Every company is verified against its national registry at creation; `false` is refused (400).
       * @default true
       */
      autoVerify?: boolean;
      webhook?: components['schemas']['WebhookCreate'];
      /** @description A tenant key bound to the new company (a personal key), never with a scope the caller lacks. */
      apiKey?: {
        name: string;
        scopes?: components['schemas']['Scope'][];
      };
    };
    PlatformCompanyCreated: {
      company: components['schemas']['Company'];
      /** @description The tenant key; `key`, its secret, is shown this once (idempotent replays leave it out). Null without `apiKey` in the request. */
      apiKey: {
        id: string;
        key?: string;
        keyPrefix: string;
      } | null;
      /** @description The webhook, scoped to the new company; `secret` (given or generated) is shown this once. Null without `webhook` in the request. */
      webhook: {
        id: string;
        /** @enum {string} */
        status: 'active' | 'paused';
        secret?: string;
      } | null;
    };
    UsageCounters: {
      /** @description Outgoing documents created in the period. */
      sent: number;
      /** @description Incoming documents received in the period. */
      received: number;
      /** @description Outgoing documents of the period now delivered. */
      delivered: number;
      /** @description Outgoing documents of the period whose delivery failed or was rejected. */
      failed: number;
      /** @description Requests to the API in the period (refused ones included); null in groups by type, which requests do not have. */
      apiRequests: number | null;
    };
    PlatformUsage: {
      period: {
        name: string;
        /** Format: date-time */
        start: string;
        /**
         * Format: date-time
         * @description Excluded.
         */
        end: string;
      };
      /** @enum {string} */
      groupBy: 'company' | 'country' | 'type';
      totals: components['schemas']['UsageCounters'];
      /** @description One row per company id, country or document type with documents (or, except by type, requests) in the period, sorted by key. Requests made for no company count in the totals only. */
      groups: ({
        key: string;
      } & components['schemas']['UsageCounters'])[];
    };
    PlatformEvent: {
      type: 'PlatformEvent';
    } & (Omit<components['schemas']['Event'], 'type'> & {
      /**
       * Format: date-time
       * @description When the tenant acknowledged it in its own queue; the platform's stream keeps it.
       */
      acknowledgedAt: string | null;
    });
    Branding: {
      /** @description The name the tenants see (PDF header, reference page). */
      displayName?: string;
      /** @description A base64 `data:` URL of a PNG or SVG image, at most 256 KiB decoded; the bytes must be that image. */
      logo?: string;
      /** @description `#rrggbb`: titles and rules of the PDF, the reference page header. */
      primaryColor?: string;
      /** Format: email */
      supportEmail?: string;
    };
    /** @description A field set to null is removed. */
    BrandingUpdate: {
      displayName?: string | null;
      logo?: string | null;
      primaryColor?: string | null;
      /** Format: email */
      supportEmail?: string | null;
    };
    /** @description A webhook created for each new company, scoped to it, with its own generated secret. */
    DefaultWebhook: {
      url: string;
      events: components['schemas']['WebhookEventFilter'][];
    };
    /** @description Applied to every company the platform creates with `POST /v1/platform/companies`; what the request gives wins, and each company can change its own later. */
    PlatformDefaults: {
      capabilities?: components['schemas']['Capabilities'];
      settings?: components['schemas']['CompanySettings'];
      webhook?: components['schemas']['DefaultWebhook'];
    };
    /** @description A field set to null is removed. */
    PlatformDefaultsUpdate: {
      capabilities?: components['schemas']['Capabilities'] | null;
      settings?: components['schemas']['CompanySettings'] | null;
      webhook?: components['schemas']['DefaultWebhook'] | null;
    };
    /** @description Limits of each managed company's own keys (white-label only); absent, a limit does not apply. */
    TenantQuotas: {
      /** @description Documents each company may send per calendar month (UTC); live only, as the sandbox has no quotas. */
      documentsPerMonth?: number;
      /** @description Requests per minute of each company, over all its keys (sandbox too). */
      requestsPerMinute?: number;
    };
    /** @description A field set to null is removed. */
    TenantQuotasUpdate: {
      documentsPerMonth?: number | null;
      requestsPerMinute?: number | null;
    };
    CustomDomain: {
      domain: string;
      /** @enum {string} */
      status: 'pending' | 'verified';
      /** @description The DNS record to publish. */
      verification: {
        /** @constant */
        type: 'TXT';
        /** @description `_docex-verify.<domain>` */
        name: string;
        value: string;
      };
      /** Format: date-time */
      checkedAt: string | null;
      /** Format: date-time */
      verifiedAt: string | null;
      /** @description What the last check found instead of the token. */
      failureReason: string | null;
    };
    PlatformSettings: {
      branding: components['schemas']['Branding'];
      defaults: components['schemas']['PlatformDefaults'];
      customDomain: components['schemas']['CustomDomain'] | null;
      /** @description Null for platform (non-white-label) keys. */
      quotas: components['schemas']['TenantQuotas'] | null;
      /**
       * Format: date-time
       * @description Null before the first change.
       */
      updatedAt: string | null;
    };
    PlatformSettingsUpdate: {
      branding?: components['schemas']['BrandingUpdate'];
      defaults?: components['schemas']['PlatformDefaultsUpdate'];
      /** @description A host name such as `docs.acme.example` (stored in lower case); null removes it. */
      customDomain?: string | null;
      quotas?: components['schemas']['TenantQuotasUpdate'];
    };
    /** @description Unique in its group (or among the ungrouped tags), case-insensitive. */
    TagName: string;
    TagGroupCreate: {
      /** @description Unique in the organization and mode (case-insensitive). */
      name: string;
      description?: string | null;
      /**
       * @description At most one tag of the group per object.
       * @default false
       */
      exclusive?: boolean;
    };
    TagCreate: {
      name: components['schemas']['TagName'];
      /** @description A hex colour such as `#1f6feb`. */
      color?: string | null;
      description?: string | null;
    };
    Tag: {
      id: string;
      /** @description null for an ungrouped tag. */
      groupId: string | null;
      name: string;
      color: string | null;
      description: string | null;
      /** Format: date-time */
      createdAt: string;
    };
    ObjectTag: {
      id: string;
      groupId: string | null;
      name: string;
      color: string | null;
      description: string | null;
      /** Format: date-time */
      createdAt: string;
      /**
       * Format: date-time
       * @description When the tag was put on the object.
       */
      assignedAt: string;
    };
    TagGroup: {
      id: string;
      name: string;
      description: string | null;
      exclusive: boolean;
      /** @description The group's tags (at most 200), oldest first. */
      tags: components['schemas']['Tag'][];
      /** Format: date-time */
      createdAt: string;
    };
    /** @enum {string} */
    TaggedObjectType: 'document' | 'partner' | 'company';
    ObjectTagAssign: {
      tagId: string;
      objectType: components['schemas']['TaggedObjectType'];
    };
    TagRecommendRequest: {
      objectId: string;
      objectType: components['schemas']['TaggedObjectType'];
      /** @description Free text that adds to what the object says (a note, an email subject). */
      context?: string;
      /** @default 5 */
      limit?: number;
      /**
       * @description Leave out suggestions below this confidence.
       * @default 0
       */
      minConfidence?: number;
    };
    TagSuggestion: {
      tagId: string;
      name: string;
      groupId: string | null;
      /** @description Calibrated probability that the object should carry the tag. */
      confidence: number;
    };
  };
  responses: {
    /** @description An HTML page naming the error (message, code and request id as in the envelope), for the buyer's browser. */
    PunchOutError: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example <!DOCTYPE html>
         *     <html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
         *     <title>Request not accepted</title></head>
         *     <body><h1>Request not accepted</h1><p>The cXML SharedSecret matches no PunchOut partner of this organization.</p>
         *     <p><code>INVALID_TOKEN</code> · <code>req_4fQ2mZ8kLr0aXc1VbN7t</code></p></body></html>
         */
        'text/html': string;
      };
    };
    /** @description An error in the standard envelope. */
    Error: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": {
         *         "type": "invalid_request_error",
         *         "code": "RESOURCE_NOT_FOUND",
         *         "message": "No route GET /v1/nope.",
         *         "requestId": "req_4fQ2mZ8kLr0aXc1VbN7t",
         *         "docUrl": "https://docs.docex.example/errors#RESOURCE_NOT_FOUND"
         *       }
         *     }
         */
        'application/json': components['schemas']['ErrorResponse'];
      };
    };
  };
  parameters: {
    /** @description `comp_…`, `vat:<VAT number>` or `peppol:<scheme>:<value>`. */
    CompanyRef: string;
    JoinRequestId: string;
    /** @description Makes a POST safe to retry for 24 hours. */
    IdempotencyKey: string;
    /**
     * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
     *     company that granted the organization access: the request is then scoped to that company as a
     *     key bound to it would be. Platform and white-label keys use it to act for the companies they
     *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
     *     `COMPANY_NOT_FOUND`.
     */
    ServiceCompany: string;
    /** @description With a JWT, selects one of the organizations the token grants. API keys ignore it. */
    OrganizationHeader: string;
    /** @description Alias of X-Service-Organization-Id. */
    OrganizationHeaderAlias: string;
    /** @description A document (`doc_…`), partner (`part_…`) or company (`comp_…`) id. */
    TaggedObjectId: string;
    DocumentId: string;
    Limit: number;
    /** @description Opaque; the `cursor` of the previous page. Any other value is 400 `INVALID_REQUEST` (rule `cursor`). */
    Cursor: string;
    /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the webhook secret>`. */
    XServiceSignature: string;
    XServiceEvent: components['schemas']['EventType'];
    XServiceEventId: string;
    XServiceDelivery: string;
    XServiceAttempt: number;
    /** @description Standard Webhooks; the event id. */
    WebhookId: string;
    /** @description Standard Webhooks; unix seconds. */
    WebhookTimestamp: string;
    /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`. */
    WebhookSignature: string;
  };
  requestBodies: never;
  headers: {
    /** @description Requests allowed in the window. */
    'X-RateLimit-Limit': number;
    /** @description Requests left in the window. */
    'X-RateLimit-Remaining': number;
    /** @description Unix time (seconds) when a slot frees. */
    'X-RateLimit-Reset': number;
    /** @description Seconds to wait before retrying. */
    'Retry-After': number;
    /** @description The request's id (`req_…`), on every answer; equals `requestId` of an error. Quote it when asking for help. */
    'X-Request-Id': string;
    /** @description `true` when the answer is the stored one of an earlier request with the same `Idempotency-Key`, not a new execution. */
    'Idempotent-Replayed': 'true';
    /** @description With `Idempotent-Replayed`, the id of the request whose answer is replayed. */
    'Original-Request-Id': string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getLiveness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The API process answers. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "status": "ok"
           *     }
           */
          'application/json': components['schemas']['Liveness'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getReadiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Ready to serve. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "status": "ok",
           *       "circuits": {
           *         "postgres": {
           *           "state": "closed",
           *           "failures": 0
           *         },
           *         "temporal": {
           *           "state": "closed",
           *           "failures": 0
           *         }
           *       },
           *       "taskQueues": {
           *         "documents": {
           *           "status": "ok",
           *           "pollers": 2,
           *           "lastPollerSeenAt": "2026-11-29T10:00:00.000Z"
           *         },
           *         "companies": {
           *           "status": "ok",
           *           "pollers": 2,
           *           "lastPollerSeenAt": "2026-11-29T10:00:00.000Z"
           *         },
           *         "webhooks": {
           *           "status": "ok",
           *           "pollers": 2,
           *           "lastPollerSeenAt": "2026-11-29T10:00:00.000Z"
           *         },
           *         "system": {
           *           "status": "ok",
           *           "pollers": 2,
           *           "lastPollerSeenAt": "2026-11-29T10:00:00.000Z"
           *         }
           *       }
           *     }
           */
          'application/json': components['schemas']['Readiness'];
        };
      };
      /** @description A dependency is down, or a task queue has had no worker for longer than the bound. */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "status": "unavailable",
           *       "circuits": {
           *         "postgres": {
           *           "state": "closed",
           *           "failures": 0
           *         },
           *         "temporal": {
           *           "state": "closed",
           *           "failures": 0
           *         }
           *       },
           *       "taskQueues": {
           *         "documents": {
           *           "status": "starved",
           *           "pollers": 0,
           *           "lastPollerSeenAt": "2026-11-29T09:58:12.000Z"
           *         },
           *         "companies": {
           *           "status": "ok",
           *           "pollers": 1,
           *           "lastPollerSeenAt": "2026-11-29T10:00:00.000Z"
           *         },
           *         "webhooks": {
           *           "status": "ok",
           *           "pollers": 1,
           *           "lastPollerSeenAt": "2026-11-29T10:00:00.000Z"
           *         },
           *         "system": {
           *           "status": "ok",
           *           "pollers": 1,
           *           "lastPollerSeenAt": "2026-11-29T10:00:00.000Z"
           *         }
           *       }
           *     }
           */
          'application/json': components['schemas']['Readiness'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getContracts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every upstream honoured its contract. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "status": "ok",
           *       "checkedAt": "2026-11-21T10:00:00.000Z",
           *       "contracts": {
           *         "postgres": {
           *           "status": "ok",
           *           "latencyMs": 2
           *         },
           *         "temporal": {
           *           "status": "ok",
           *           "latencyMs": 48,
           *           "detail": "probe:probe_3Xb9 recorded"
           *         }
           *       }
           *     }
           */
          'application/json': components['schemas']['Contracts'];
        };
      };
      /** @description At least one upstream failed its probe. */
      503: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Contracts'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getJwks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The JWK Set. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "keys": [
           *         {
           *           "kty": "OKP",
           *           "crv": "Ed25519",
           *           "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo",
           *           "kid": "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k",
           *           "alg": "EdDSA",
           *           "use": "sig"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            keys: {
              /** @enum {string} */
              kty: 'OKP';
              /** @enum {string} */
              crv: 'Ed25519';
              x: string;
              kid: string;
              alg?: string;
              use?: string;
            }[];
          };
        };
      };
      default: components['responses']['Error'];
    };
  };
  getIdentity: {
    parameters: {
      query?: never;
      header?: {
        /** @description With a JWT, selects one of the organizations the token grants. API keys ignore it. */
        'X-Service-Organization-Id'?: components['parameters']['OrganizationHeader'];
        /** @description Alias of X-Service-Organization-Id. */
        'Organization-Id'?: components['parameters']['OrganizationHeaderAlias'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The caller's identity. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "authMethod": "api_key",
           *       "userId": null,
           *       "email": null,
           *       "keyType": "personal",
           *       "keyId": "key_8Jk2LmN4pQ6rS8tU0vW2",
           *       "organizationId": "org_3Fh7Kd9Lm2Np4Qr6St8V",
           *       "organizationIds": [
           *         "org_3Fh7Kd9Lm2Np4Qr6St8V"
           *       ],
           *       "organizations": [
           *         {
           *           "id": "org_3Fh7Kd9Lm2Np4Qr6St8V",
           *           "name": "Sandbox: quickstart",
           *           "slug": "sandbox-quickstart",
           *           "country": "BE",
           *           "vatNumber": null
           *         }
           *       ],
           *       "scopes": [
           *         "*"
           *       ],
           *       "companyId": null,
           *       "isTestMode": true
           *     }
           */
          'application/json': components['schemas']['Identity'];
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getRequestTrace: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        request_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The request's trace. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "req_4fQ2mZ8kLr0aXc1VbN7t",
           *       "method": "POST",
           *       "path": "/v1/api-keys",
           *       "operationId": "createApiKey",
           *       "status": 201,
           *       "durationMs": 14,
           *       "livemode": false,
           *       "apiKeyId": "key_8Jk2LmN4pQ6rS8tU0vW2",
           *       "userId": null,
           *       "idempotencyKey": "2c1f-create-ci-key",
           *       "idempotentReplay": false,
           *       "errorCode": null,
           *       "userAgent": "curl/8.5.0",
           *       "createdAt": "2026-11-21T10:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['RequestTrace'];
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  listApiKeys: {
    parameters: {
      query?: {
        limit?: components['parameters']['Limit'];
        /** @description Opaque; the `cursor` of the previous page. Any other value is 400 `INVALID_REQUEST` (rule `cursor`). */
        cursor?: components['parameters']['Cursor'];
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of keys. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['ApiKey'][];
            hasMore: boolean;
            cursor: string | null;
          };
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  createApiKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "CI pipeline",
         *       "scopes": [
         *         "send",
         *         "documents.read"
         *       ],
         *       "expiresAt": "2027-12-31T00:00:00Z",
         *       "rateLimit": 30
         *     }
         */
        'application/json': components['schemas']['ApiKeyCreate'];
      };
    };
    responses: {
      /** @description The key, with its secret shown this once. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "key_8Jk2LmN4pQ6rS8tU0vW2",
           *       "key": "svc_test_Ab3xQ9zR7yT5wV3uS1qP0oN8mL6kJ4iH2gF0eD8c",
           *       "keyPrefix": "svc_test_Ab3xQ9",
           *       "name": "CI pipeline",
           *       "keyType": "personal",
           *       "livemode": false,
           *       "scopes": [
           *         "send",
           *         "documents.read"
           *       ],
           *       "companyId": null,
           *       "rateLimit": 30,
           *       "createdAt": "2026-11-21T10:00:00.000Z",
           *       "expiresAt": "2027-12-31T00:00:00.000Z",
           *       "lastUsedAt": null
           *     }
           */
          'application/json': components['schemas']['ApiKeyWithSecret'];
        };
      };
      /** @description `INVALID_DATE`, `INVALID_ENUM`, `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  revokeApiKey: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        key_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Revoked. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  bootstrapSandboxKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "label": "my-integration",
         *       "email": "dev@example.com",
         *       "keyType": "personal"
         *     }
         */
        'application/json': components['schemas']['SandboxKeyRequest'];
      };
    };
    responses: {
      /** @description The sandbox organization, company and key. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "key": "svc_test_Ab3xQ9zR7yT5wV3uS1qP0oN8mL6kJ4iH2gF0eD8c",
           *       "keyId": "key_8Jk2LmN4pQ6rS8tU0vW2",
           *       "keyPrefix": "svc_test_Ab3xQ9",
           *       "keyType": "personal",
           *       "livemode": false,
           *       "label": "my-integration",
           *       "organizationId": "org_3Fh7Kd9Lm2Np4Qr6St8V",
           *       "company": {
           *         "id": "comp_7Gh2Jk4Lm6Np8Qr0St2V",
           *         "name": "my-integration BV",
           *         "vatNumber": "BE0200000158",
           *         "country": "BE",
           *         "peppolId": "0208:0200000158"
           *       },
           *       "createdAt": "2026-11-21T10:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['SandboxKey'];
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  advanceSandboxClock: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "by": "12h"
         *     }
         */
        'application/json': {
          /** @description comp_…, vat:…, peppol:… or a Peppol id; defaults to the only company (above). */
          companyId?: string;
          /** @description A count and a unit: min (minutes), h, d, w, m or mo (calendar months), y. */
          by: string;
        };
      };
    };
    responses: {
      /** @description The company's clock after the move. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "companyId": "comp_7Gh2Jk4Lm6Np8Qr0St2V",
           *       "virtualNow": "2026-11-21T22:00:00.000Z",
           *       "offsetMs": 43200000,
           *       "signaledWorkflows": 2
           *     }
           */
          'application/json': components['schemas']['SandboxClock'];
        };
      };
      /** @description `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE`, `SANDBOX_ONLY` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  resetSandboxClock: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        /** @example {} */
        'application/json': {
          /** @description comp_…, vat:…, peppol:… or a Peppol id; defaults to the only company (above). */
          companyId?: string;
        };
      };
    };
    responses: {
      /** @description The company's clock, now wall-clock time. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "companyId": "comp_7Gh2Jk4Lm6Np8Qr0St2V",
           *       "virtualNow": "2026-11-21T10:00:00.000Z",
           *       "offsetMs": 0,
           *       "signaledWorkflows": 0
           *     }
           */
          'application/json': components['schemas']['SandboxClock'];
        };
      };
      /** @description `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE`, `SANDBOX_ONLY` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  forceSandboxRateLimit: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "durationSeconds": 30
         *     }
         */
        'application/json': {
          /** @default 60 */
          durationSeconds?: number;
        };
      };
    };
    responses: {
      /** @description When the forced limit lapses. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "rateLimitedUntil": "2026-11-21T10:00:30.000Z",
           *       "durationSeconds": 30
           *     }
           */
          'application/json': {
            /** Format: date-time */
            rateLimitedUntil: string;
            durationSeconds: number;
          };
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE`, `SANDBOX_ONLY` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  flushSandboxIdempotency: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description How many cached outcomes were dropped. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "flushed": 3
           *     }
           */
          'application/json': {
            flushed: number;
          };
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE`, `SANDBOX_ONLY` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  resetSandbox: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "confirm": "yes",
         *       "scope": "events"
         *     }
         */
        'application/json': {
          /** @enum {string} */
          confirm: 'yes';
          /**
           * @default all
           * @enum {string}
           */
          scope?: 'all' | 'documents' | 'events' | 'idempotency';
        };
      };
    };
    responses: {
      /** @description What was wiped. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "scope": "all",
           *       "deleted": {
           *         "documents": 4,
           *         "files": 1,
           *         "events": 12,
           *         "idempotencyKeys": 2
           *       },
           *       "cancelledWorkflows": 3,
           *       "terminatedWorkflows": 2
           *     }
           */
          'application/json': {
            scope: string;
            deleted: {
              /** @description Sandbox documents deleted (scopes documents and all). */
              documents?: number;
              /** @description Their stored files. */
              files?: number;
              /** @description Events deleted: those about the documents, or every sandbox event with scope events or all. */
              events?: number;
              idempotencyKeys?: number;
            } & {
              [key: string]: number;
            };
            /** @description Event fan-outs and webhook deliveries cancelled. */
            cancelledWorkflows: number;
            /** @description Runs of the deleted documents that were terminated. */
            terminatedWorkflows?: number;
          };
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE`, `SANDBOX_ONLY` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  listWebhooks: {
    parameters: {
      query?: {
        /** @description Only webhooks scoped to this company. */
        companyId?: string;
        limit?: components['parameters']['Limit'];
        /** @description Opaque; the `cursor` of the previous page. Any other value is 400 `INVALID_REQUEST` (rule `cursor`). */
        cursor?: components['parameters']['Cursor'];
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of webhooks. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "wh_5Tz8Qa2Lm4Np6Rs8Uv0X",
           *           "url": "https://erp.example.com/hooks/docex",
           *           "events": [
           *             "*"
           *           ],
           *           "status": "active",
           *           "companyId": null,
           *           "livemode": true,
           *           "failureCount": 0,
           *           "lastDeliveredAt": "2026-11-21T10:05:00.000Z",
           *           "pausedAt": null,
           *           "pausedReason": null,
           *           "createdAt": "2026-11-21T10:00:00.000Z",
           *           "updatedAt": "2026-11-21T10:00:00.000Z"
           *         }
           *       ],
           *       "hasMore": false,
           *       "cursor": null
           *     }
           */
          'application/json': {
            data: components['schemas']['Webhook'][];
            hasMore: boolean;
            cursor: string | null;
          };
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://erp.webhook.test/hooks/docex",
         *       "events": [
         *         "document.received",
         *         "document.delivered"
         *       ]
         *     }
         */
        'application/json': components['schemas']['WebhookCreate'];
      };
    };
    responses: {
      /** @description The webhook, with its signing secret shown this once (an idempotent replay, `Idempotent-Replayed`, leaves it out). */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "wh_5Tz8Qa2Lm4Np6Rs8Uv0X",
           *       "url": "https://erp.webhook.test/hooks/docex",
           *       "events": [
           *         "document.received",
           *         "document.delivered"
           *       ],
           *       "status": "active",
           *       "companyId": null,
           *       "livemode": false,
           *       "failureCount": 0,
           *       "lastDeliveredAt": null,
           *       "pausedAt": null,
           *       "pausedReason": null,
           *       "createdAt": "2026-11-21T10:00:00.000Z",
           *       "updatedAt": "2026-11-21T10:00:00.000Z",
           *       "secret": "whsec_uqr4A/eGsh2sV+M2RuPWC4qaCFOu+BeKlGzTRxzDSyY="
           *     }
           */
          'application/json': components['schemas']['WebhookWithSecret'];
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getWebhook: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        webhook_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The webhook. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "wh_5Tz8Qa2Lm4Np6Rs8Uv0X",
           *       "url": "https://erp.example.com/hooks/docex",
           *       "events": [
           *         "*"
           *       ],
           *       "status": "paused",
           *       "companyId": null,
           *       "livemode": true,
           *       "failureCount": 8,
           *       "lastDeliveredAt": "2026-11-20T09:00:00.000Z",
           *       "pausedAt": "2026-11-21T10:00:00.000Z",
           *       "pausedReason": "Paused after 8 failed attempts of delivery dlv_2Hk4Mn6Pq8Rs0Tu2Vw4X (event evt_9Ab1Cd3Ef5Gh7Ij9Kl1M, document.received); last error: HTTP 500. Fix the endpoint, then set status to active.",
           *       "createdAt": "2026-11-01T10:00:00.000Z",
           *       "updatedAt": "2026-11-21T10:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Webhook'];
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        webhook_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  updateWebhook: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        webhook_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "status": "active",
         *       "rotateSecret": true
         *     }
         */
        'application/json': components['schemas']['WebhookUpdate'];
      };
    };
    responses: {
      /** @description The updated webhook; with `secret` only when it was rotated. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "wh_5Tz8Qa2Lm4Np6Rs8Uv0X",
           *       "url": "https://erp.example.com/hooks/docex",
           *       "events": [
           *         "*"
           *       ],
           *       "status": "active",
           *       "companyId": null,
           *       "livemode": true,
           *       "failureCount": 0,
           *       "lastDeliveredAt": "2026-11-20T09:00:00.000Z",
           *       "pausedAt": null,
           *       "pausedReason": null,
           *       "createdAt": "2026-11-01T10:00:00.000Z",
           *       "updatedAt": "2026-11-21T11:00:00.000Z",
           *       "secret": "whsec_eE7xthK2WsSq0Yu6lYB1v4U6bYb6MCh0FR2fX+EMc00="
           *     }
           */
          'application/json': components['schemas']['WebhookUpdated'];
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `WEBHOOK_TEST_FAILED` */
      422: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        status?: 'pending' | 'succeeded' | 'failed' | 'cancelled';
        limit?: components['parameters']['Limit'];
        /** @description Opaque; the `cursor` of the previous page. Any other value is 400 `INVALID_REQUEST` (rule `cursor`). */
        cursor?: components['parameters']['Cursor'];
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        webhook_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of deliveries. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "dlv_2Hk4Mn6Pq8Rs0Tu2Vw4X",
           *           "webhookId": "wh_5Tz8Qa2Lm4Np6Rs8Uv0X",
           *           "eventId": "evt_9Ab1Cd3Ef5Gh7Ij9Kl1M",
           *           "eventType": "document.received",
           *           "replay": false,
           *           "status": "succeeded",
           *           "attemptCount": 2,
           *           "nextAttemptAt": null,
           *           "completedAt": "2026-11-21T10:00:31.000Z",
           *           "createdAt": "2026-11-21T10:00:00.000Z",
           *           "attempts": [
           *             {
           *               "attempt": 1,
           *               "outcome": "failed",
           *               "statusCode": 503,
           *               "durationMs": 120,
           *               "error": "HTTP 503",
           *               "startedAt": "2026-11-21T10:00:00.100Z",
           *               "finishedAt": "2026-11-21T10:00:00.220Z"
           *             },
           *             {
           *               "attempt": 2,
           *               "outcome": "succeeded",
           *               "statusCode": 200,
           *               "durationMs": 80,
           *               "error": null,
           *               "startedAt": "2026-11-21T10:00:30.300Z",
           *               "finishedAt": "2026-11-21T10:00:30.380Z"
           *             }
           *           ]
           *         }
           *       ],
           *       "hasMore": false,
           *       "cursor": null
           *     }
           */
          'application/json': {
            data: components['schemas']['WebhookDelivery'][];
            hasMore: boolean;
            cursor: string | null;
          };
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  listEvents: {
    parameters: {
      query?: {
        type?: components['schemas']['EventType'];
        companyId?: string;
        limit?: components['parameters']['Limit'];
        /** @description Opaque; the `cursor` of the previous page. Any other value is 400 `INVALID_REQUEST` (rule `cursor`). */
        cursor?: components['parameters']['Cursor'];
        /**
         * @description An event id (`evt_…`) or a `cursor` of this list: lists the events created after that point,
         *     oldest first, so a receiver that was down replays exactly what it missed. An event id the
         *     caller cannot see answers 404 `RESOURCE_NOT_FOUND`; anything else that is not a cursor, 400
         *     `INVALID_REQUEST`.
         */
        after?: string;
        /** @description Also list acknowledged events (default false). */
        includeAcknowledged?: boolean;
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of events. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "evt_9Ab1Cd3Ef5Gh7Ij9Kl1M",
           *           "type": "document.received",
           *           "createdAt": "2026-11-21T10:00:00.000Z",
           *           "livemode": false,
           *           "companyId": "comp_7Gh2Jk4Lm6Np8Qr0St2V",
           *           "data": {
           *             "documentId": "doc_3Xy5Zw7Vu9Ts1Rq3Po5N",
           *             "type": "invoice",
           *             "number": "INV-2026-001",
           *             "direction": "incoming"
           *           }
           *         }
           *       ],
           *       "hasMore": false,
           *       "cursor": null
           *     }
           */
          'application/json': {
            data: components['schemas']['Event'][];
            hasMore: boolean;
            cursor: string | null;
          };
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  ackEvents: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "eventIds": [
         *         "evt_9Ab1Cd3Ef5Gh7Ij9Kl1M",
         *         "evt_1Bc3De5Fg7Hi9Jk1Lm3N"
         *       ]
         *     }
         */
        'application/json': components['schemas']['EventAckRequest'];
      };
    };
    responses: {
      /** @description How many events were acknowledged. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "acknowledged": 2
           *     }
           */
          'application/json': components['schemas']['EventAckResult'];
        };
      };
      /** @description `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  ackEvent: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        event_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Acknowledged. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  replayEvent: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        event_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description How many deliveries were scheduled. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "replayed": 2
           *     }
           */
          'application/json': components['schemas']['EventReplayResult'];
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  sendDocument: {
    parameters: {
      query?: {
        /** @description Raw-body mode: the document type. */
        type?: components['schemas']['DocumentType'];
        /** @description Raw-body mode: the sender. */
        from?: string;
        /** @description Raw-body mode: the recipient. Defaults, for UBL or CII bytes, to the recipient's electronic address in the document: the buyer's, the seller's in a purchase order. */
        to?: string;
        /** @description Raw-body mode: the payload media type. */
        contentType?: string;
        /** @description Raw-body mode: the stored file name. */
        filename?: string;
        /** @description Raw-body mode: as `allowDuplicateNumber` of the JSON body. */
        allowDuplicateNumber?: 'true' | 'false';
      };
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SendDocumentRequest'];
        'application/xml': string;
        'text/xml': string;
        'application/pdf': string;
        'application/octet-stream': string;
        'image/png': string;
        'image/jpeg': string;
        'text/plain': string;
      };
    };
    responses: {
      /** @description The accepted document. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "doc_9LmQ2rT5vX8zA1cE4gJ7",
           *       "type": "invoice",
           *       "direction": "outgoing",
           *       "companyId": "comp_4fQ2mZ8kLr0aXc1VbN7t",
           *       "number": "INV-2026-0042",
           *       "issueDate": "2026-11-21",
           *       "dueDate": "2026-12-21",
           *       "currency": "EUR",
           *       "grossAmount": 1149.5,
           *       "netAmount": 950,
           *       "vatAmount": 199.5,
           *       "sender": {
           *         "peppolId": "0208:0449568076",
           *         "name": "quickstart BV",
           *         "vatNumber": "BE0449568076"
           *       },
           *       "receiver": {
           *         "peppolId": "0208:0202239951",
           *         "name": "Proximus SA",
           *         "vatNumber": "BE0202239951"
           *       },
           *       "status": "sent",
           *       "deliveryStatus": "pending",
           *       "lifecycleStatus": "issued",
           *       "document": {
           *         "number": "INV-2026-0042",
           *         "issueDate": "2026-11-21",
           *         "dueDate": "2026-12-21",
           *         "currency": "EUR",
           *         "buyerReference": "PO-7781",
           *         "seller": {
           *           "name": "quickstart BV",
           *           "legalName": "quickstart BV",
           *           "vatNumber": "BE0449568076",
           *           "peppolId": "0208:0449568076",
           *           "legalId": {
           *             "scheme": "0208",
           *             "value": "0449568076"
           *           },
           *           "address": {
           *             "street": "Rue de la Loi 16",
           *             "city": "Brussels",
           *             "postalCode": "1000",
           *             "country": "BE"
           *           }
           *         },
           *         "buyer": {
           *           "name": "Proximus SA",
           *           "vatNumber": "BE0202239951",
           *           "peppolId": "0208:0202239951",
           *           "legalId": {
           *             "scheme": "0208",
           *             "value": "0202239951"
           *           },
           *           "address": {
           *             "street": "Boulevard du Roi Albert II 27",
           *             "city": "Brussels",
           *             "postalCode": "1030",
           *             "country": "BE"
           *           }
           *         },
           *         "payment": {
           *           "means": "credit_transfer",
           *           "iban": "BE68539007547034",
           *           "reference": "+++123/4567/89012+++"
           *         },
           *         "lines": [
           *           {
           *             "description": "Consulting",
           *             "quantity": 10,
           *             "unit": "HUR",
           *             "unitPrice": 95,
           *             "vatRate": 21,
           *             "vatCategory": "S"
           *           }
           *         ]
           *       },
           *       "xml": "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\">…</Invoice>",
           *       "metadata": {},
           *       "errorCode": null,
           *       "errorMessage": null,
           *       "mls": null,
           *       "fileId": null,
           *       "storedFormat": null,
           *       "receivedAt": null,
           *       "sentAt": null,
           *       "deliveredAt": null,
           *       "createdAt": "2026-11-21T09:30:00.000Z",
           *       "updatedAt": "2026-11-21T09:30:00.000Z",
           *       "read": false,
           *       "archived": false,
           *       "tags": [],
           *       "assignedUserId": null,
           *       "notes": [],
           *       "linkedDocumentIds": []
           *     }
           */
          'application/json': components['schemas']['Document'];
        };
      };
      /** @description `INVALID_CURRENCY`, `INVALID_DATE`, `INVALID_ENUM`, `INVALID_IBAN`, `INVALID_REQUEST`, `INVALID_VAT_FORMAT`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `DOCUMENT_EXISTS`, `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `AMOUNT_OUT_OF_RANGE`, `RECIPIENT_CANNOT_RECEIVE`, `RECIPIENT_NOT_FOUND`, `UBL_VALIDATION_FAILED` */
      422: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `QUOTA_EXCEEDED`, `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  listDocuments: {
    parameters: {
      query?: {
        direction?: 'incoming' | 'outgoing';
        type?: components['schemas']['DocumentType'];
        status?: string;
        /** @description Comma-separated tag ids (`tag_…`) or names (case-insensitive); a document must carry all of them. */
        tags?: string;
        deliveryStatus?: 'pending' | 'delivered' | 'failed' | 'rejected' | 'stored';
        from?: string;
        to?: string;
        amountMin?: number;
        amountMax?: number;
        companyId?: string;
        search?: string;
        /** @description true: archived documents only; false: none; omitted: all. */
        archived?: boolean;
        limit?: components['parameters']['Limit'];
        /** @description Opaque; the `cursor` of the previous page. Any other value is 400 `INVALID_REQUEST` (rule `cursor`). */
        cursor?: components['parameters']['Cursor'];
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of documents. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Document'][];
            hasMore: boolean;
            cursor: string | null;
          };
        };
      };
      /** @description `INVALID_DATE`, `INVALID_ENUM`, `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getDocument: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        document_id: components['parameters']['DocumentId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The document. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Document'];
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `DOCUMENT_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getDocumentXml: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        document_id: components['parameters']['DocumentId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /**
       * @description UBL XML, signed without touching the UBL (docs/documents.md): `Content-Digest` (RFC 9530) and an
       *     HTTP Message Signature (RFC 9421, Ed25519, label `docex`) over `"@path";req`, `content-digest`
       *     and `x-document-id`, verifiable with the keys of `/.well-known/jwks.json`.
       */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          /** @description `sha-256=:<base64>:` of the body. */
          'Content-Digest'?: string;
          /** @description The document the bytes belong to (signed). */
          'X-Document-Id'?: string;
          /** @description `docex=("@path";req "content-digest" "x-document-id");created=…;keyid="…";alg="ed25519"` */
          'Signature-Input'?: string;
          /** @description `docex=:<base64 Ed25519 signature>:` */
          Signature?: string;
          [name: string]: unknown;
        };
        content: {
          'application/xml': string;
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `DOCUMENT_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getDocumentStructured: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        document_id: components['parameters']['DocumentId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The flat view. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['StructuredDocument'];
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `DOCUMENT_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  listCompanies: {
    parameters: {
      query?: {
        country?: string;
        status?: 'active' | 'inactive' | 'suspended';
        search?: string;
        include_address?: boolean;
        limit?: components['parameters']['Limit'];
        /** @description Opaque; the `cursor` of the previous page. Any other value is 400 `INVALID_REQUEST` (rule `cursor`). */
        cursor?: components['parameters']['Cursor'];
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of company rows. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "comp_7Gh2Jk4Lm6Np8Qr0St2V",
           *           "name": "Office Supplies",
           *           "vatNumber": "BE0888888895",
           *           "country": "BE",
           *           "peppolId": "0208:0888888895",
           *           "status": "active",
           *           "address": {
           *             "street": "Rue Royale 120",
           *             "postalCode": "1000",
           *             "city": "Brussels",
           *             "country": "BE"
           *           }
           *         }
           *       ],
           *       "hasMore": false,
           *       "cursor": null
           *     }
           */
          'application/json': {
            data: components['schemas']['CompanyRow'][];
            hasMore: boolean;
            cursor: string | null;
          };
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  createCompany: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "vatNumber": "BE0888888895",
         *       "name": "Office Supplies",
         *       "metadata": {
         *         "crmId": "4711"
         *       }
         *     }
         */
        'application/json': components['schemas']['CompanyCreate'];
      };
    };
    responses: {
      /** @description The company, active and not yet registered with the SMP. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "comp_7Gh2Jk4Lm6Np8Qr0St2V",
           *       "name": "Office Supplies",
           *       "legalName": "Brussels Office Supplies BV",
           *       "vatNumber": "BE0888888895",
           *       "country": "BE",
           *       "peppolId": "0208:0888888895",
           *       "additionalIdentifiers": [],
           *       "address": {
           *         "street": "Rue Royale 120",
           *         "postalCode": "1000",
           *         "city": "Brussels",
           *         "country": "BE"
           *       },
           *       "capabilities": {
           *         "send": [
           *           "invoice",
           *           "credit-note",
           *           "debit-note",
           *           "purchase-order",
           *           "sales-order",
           *           "quote",
           *           "event"
           *         ],
           *         "receive": [
           *           "invoice",
           *           "credit-note",
           *           "debit-note",
           *           "purchase-order",
           *           "sales-order",
           *           "quote",
           *           "event"
           *         ]
           *       },
           *       "status": "active",
           *       "smpRegistered": false,
           *       "smpRegisteredAt": null,
           *       "compliance": {},
           *       "settings": {
           *         "defaultCurrency": "EUR"
           *       },
           *       "stats": {
           *         "sent": 0,
           *         "received": 0
           *       },
           *       "metadata": {
           *         "crmId": "4711"
           *       },
           *       "createdAt": "2026-11-21T10:00:00.000Z",
           *       "updatedAt": "2026-11-21T10:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Company'];
        };
      };
      /** @description `INVALID_CURRENCY`, `INVALID_ENUM`, `INVALID_REQUEST`, `INVALID_VAT_FORMAT`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `COMPANY_EXISTS`, `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS`, `PARTICIPANT_REGISTERED_ELSEWHERE` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PEPPOL_ID_REQUIRED`, `VAT_INACTIVE`, `VAT_NOT_FOUND` */
      422: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  resolveCompany: {
    parameters: {
      query: {
        countryCode: string;
        vatNumber?: string;
        registrationNumber?: string;
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The company (existing or just created). */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Company'];
        };
      };
      /** @description `INVALID_REQUEST`, `INVALID_VAT_FORMAT`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  searchCompanies: {
    parameters: {
      query: {
        q: string;
        countryCode?: string;
        limit?: number;
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Matches, managed companies first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example [
           *       {
           *         "id": "comp_7Gh2Jk4Lm6Np8Qr0St2V",
           *         "name": "Office Supplies",
           *         "vatNumber": "BE0888888895",
           *         "country": "BE",
           *         "peppolId": "0208:0888888895",
           *         "source": "managed"
           *       },
           *       {
           *         "id": null,
           *         "name": "Gent Logistics NV",
           *         "vatNumber": "BE0777777771",
           *         "country": "BE",
           *         "peppolId": "0208:0777777771",
           *         "source": "registry"
           *       }
           *     ]
           */
          'application/json': components['schemas']['CompanySearchHit'][];
        };
      };
      /** @description `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  listJoinRequests: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Pending join requests, newest first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JoinRequest'][];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getCompany: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        /** @description `comp_…`, `vat:<VAT number>` or `peppol:<scheme>:<value>`. */
        company_id: components['parameters']['CompanyRef'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The company. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Company'];
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `COMPANY_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  deleteCompany: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        /** @description `comp_…`, `vat:<VAT number>` or `peppol:<scheme>:<value>`. */
        company_id: components['parameters']['CompanyRef'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deregistered (or already inactive). */
      204: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `COMPANY_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  updateCompany: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        /** @description `comp_…`, `vat:<VAT number>` or `peppol:<scheme>:<value>`. */
        company_id: components['parameters']['CompanyRef'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "capabilities": {
         *         "send": [
         *           "invoice"
         *         ],
         *         "receive": [
         *           "invoice",
         *           "credit-note"
         *         ]
         *       },
         *       "metadata": {
         *         "crmId": null,
         *         "tier": "gold"
         *       }
         *     }
         */
        'application/json': components['schemas']['CompanyUpdate'];
      };
    };
    responses: {
      /** @description The updated company. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Company'];
        };
      };
      /** @description `INVALID_CURRENCY`, `INVALID_ENUM`, `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `COMPANY_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  migrateCompanySmp: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        /** @description `comp_…`, `vat:<VAT number>` or `peppol:<scheme>:<value>`. */
        company_id: components['parameters']['CompanyRef'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SmpMigrationRequest'];
      };
    };
    responses: {
      /** @description The SMP carried the migration step out. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "companyId": "comp_7Gh2Jk4Lm6Np8Qr0St2V",
           *       "peppolId": "0208:0888888895",
           *       "action": "outbound_start",
           *       "migrationKey": "Mk4x9q2Lp7@A1"
           *     }
           */
          'application/json': components['schemas']['SmpMigrationResult'];
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `COMPANY_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS`, `PARTICIPANT_REGISTERED_ELSEWHERE` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `SMP_MIGRATION_FAILED` */
      422: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  joinCompany: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        /** @description `comp_…`, `vat:<VAT number>` or `peppol:<scheme>:<value>`. */
        company_id: components['parameters']['CompanyRef'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The pending join request. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "jr_5Tg8Hj2Kl4Mn6Pq8Rs0U",
           *       "object": "join_request",
           *       "companyId": "comp_7Gh2Jk4Lm6Np8Qr0St2V",
           *       "status": "pending",
           *       "direction": "outgoing",
           *       "requesterOrganizationId": "org_3Fh7Kd9Lm2Np4Qr6St8V",
           *       "requesterUserId": null,
           *       "requesterApiKeyId": "key_8Jk2LmN4pQ6rS8tU0vW2",
           *       "decidedBy": null,
           *       "decidedAt": null,
           *       "createdAt": "2026-11-21T10:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['JoinRequest'];
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `COMPANY_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  acceptJoinRequest: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        /** @description `comp_…`, `vat:<VAT number>` or `peppol:<scheme>:<value>`. */
        company_id: components['parameters']['CompanyRef'];
        request_id: components['parameters']['JoinRequestId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The accepted request. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JoinRequest'];
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `COMPANY_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS`, `INVALID_TRANSITION` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  rejectJoinRequest: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        /** @description `comp_…`, `vat:<VAT number>` or `peppol:<scheme>:<value>`. */
        company_id: components['parameters']['CompanyRef'];
        request_id: components['parameters']['JoinRequestId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The rejected request. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JoinRequest'];
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `COMPANY_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  searchDirectory: {
    parameters: {
      query?: {
        q?: string;
        vatNumber?: string;
        country?: string;
        city?: string;
        postalCode?: string;
        /** @description NACE Rev. 2 codes (`62.01`); repeat the parameter for several. */
        naceCodes?: string[];
        /** @description Document types every returned participant can receive; repeat the parameter for several. */
        documentTypes?: components['schemas']['DocumentType'][];
        includeSubEntities?: boolean;
        detail?: 'basic' | 'full';
        limit?: components['parameters']['Limit'];
        /** @description Opaque; the `cursor` of the previous page. Any other value is 400 `INVALID_REQUEST` (rule `cursor`). */
        cursor?: components['parameters']['Cursor'];
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of directory rows. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "peppolId": "0208:0674229677",
           *           "name": "Alpine Electrical SRL",
           *           "country": "BE",
           *           "city": "Mechelen",
           *           "postalCode": "2800",
           *           "vatNumber": "BE0674229677",
           *           "documentTypes": [
           *             "invoice",
           *             "credit-note"
           *           ],
           *           "accessPoint": {
           *             "id": "PBE000214",
           *             "name": "Hermes Access Point"
           *           },
           *           "source": "directory"
           *         }
           *       ],
           *       "hasMore": true,
           *       "cursor": "WyJuIiwiQWxwaW5lIEVsZWN0cmljYWwgU1JMIiwiMDIwODowNjc0MjI5Njc3Il0"
           *     }
           */
          'application/json': {
            data: components['schemas']['DirectoryRow'][];
            hasMore: boolean;
            cursor: string | null;
          };
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST`, `INVALID_VAT_FORMAT` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  verifyRecipient: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "peppolId": "0208:0674229677",
         *       "documentType": "INVOICE"
         *     }
         */
        'application/json': components['schemas']['VerifyRequest'];
      };
    };
    responses: {
      /** @description The verification result. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "peppolId": "0208:0674229677",
           *       "exists": true,
           *       "canReceive": true,
           *       "recipientName": "Alpine Electrical SRL",
           *       "documentType": "INVOICE",
           *       "peppolDocumentTypeId": "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1",
           *       "accessPoint": {
           *         "id": "PBE000214",
           *         "name": "Hermes Access Point",
           *         "endpointUrl": "https://as4.hermes.example/as4",
           *         "transportProfile": "peppol-transport-as4-v2_0"
           *       }
           *     }
           */
          'application/json': components['schemas']['VerifyResponse'];
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getDirectoryParticipant: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        peppol_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The participant. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "peppolId": "0208:0674229677",
           *       "source": "directory",
           *       "businessCard": {
           *         "name": "Alpine Electrical SRL",
           *         "country": "BE",
           *         "street": "Bondgenotenlaan 121",
           *         "city": "Mechelen",
           *         "postalCode": "2800",
           *         "vatNumber": "BE0674229677",
           *         "identifiers": [
           *           {
           *             "scheme": "0208",
           *             "value": "0674229677"
           *           },
           *           {
           *             "scheme": "VAT",
           *             "value": "BE0674229677"
           *           }
           *         ],
           *         "naceCodes": [
           *           "43.21"
           *         ],
           *         "website": "https://www.alpine-electrical-0.example",
           *         "contactEmail": "invoices@alpine-electrical-0.example",
           *         "registeredAt": "2022-09-26T07:16:32.342Z"
           *       },
           *       "parentPeppolId": null,
           *       "documentTypes": [
           *         {
           *           "documentType": "invoice",
           *           "peppolDocumentTypeId": "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1",
           *           "processId": "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0"
           *         }
           *       ],
           *       "accessPoint": {
           *         "id": "PBE000214",
           *         "name": "Hermes Access Point",
           *         "country": "BE",
           *         "endpointUrl": "https://as4.hermes.example/as4",
           *         "transportProfile": "peppol-transport-as4-v2_0",
           *         "certificateSubject": "CN=PBE000214,OU=PEPPOL TEST AP,O=Hermes Access Point,C=BE"
           *       },
           *       "smp": {
           *         "hostname": "smp.hermes.example",
           *         "url": "https://smp.hermes.example"
           *       }
           *     }
           */
          'application/json': components['schemas']['DirectoryParticipant'];
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  listPartners: {
    parameters: {
      query?: {
        role?: 'supplier' | 'buyer' | 'both';
        search?: string;
        country?: string;
        /** @description Comma-separated tag ids or names, all required. */
        tags?: string;
        hasActivity?: boolean;
        peppolStatus?: components['schemas']['PeppolStatus'];
        sortBy?: 'name' | 'createdAt' | 'lastActivityAt';
        order?: 'asc' | 'desc';
        limit?: components['parameters']['Limit'];
        /** @description Opaque; the `cursor` of the previous page. Any other value is 400 `INVALID_REQUEST` (rule `cursor`). */
        cursor?: components['parameters']['Cursor'];
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of partners. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "part_4fQ2mZ8kLr0aXc1VbN7t",
           *           "peppolId": "0208:0674229677",
           *           "name": "Alpine Electrical SRL",
           *           "vatNumber": "BE0674229677",
           *           "country": "BE",
           *           "role": "supplier",
           *           "contactName": "Jan Peeters",
           *           "contactEmail": "jan@alpine.example",
           *           "peppolStatus": "registered",
           *           "defaults": {
           *             "currency": "EUR",
           *             "paymentTermsDays": 30,
           *             "note": "Thank you for your business",
           *             "orderReference": "PO-2026-001"
           *           },
           *           "tags": [
           *             "electrical",
           *             "preferred"
           *           ],
           *           "enrichment": {
           *             "naceCode": "43.21",
           *             "naceCodes": [
           *               "43.21"
           *             ],
           *             "city": "Mechelen",
           *             "postalCode": "2800",
           *             "documentTypes": [
           *               "invoice",
           *               "credit-note"
           *             ],
           *             "accessPoint": "Hermes Access Point",
           *             "source": "directory",
           *             "enrichedAt": "2026-11-21T10:00:00.000Z"
           *           },
           *           "stats": {
           *             "documentsSent": 0,
           *             "documentsReceived": 0,
           *             "lastActivityAt": null
           *           },
           *           "metadata": {
           *             "erpId": "SUP-0042"
           *           },
           *           "punchout": {
           *             "identity": "AN01000012345",
           *             "domain": "NetworkID",
           *             "sharedSecretSet": true
           *           },
           *           "createdAt": "2026-11-21T10:00:00.000Z",
           *           "updatedAt": "2026-11-21T10:00:00.000Z"
           *         }
           *       ],
           *       "hasMore": false,
           *       "cursor": null
           *     }
           */
          'application/json': {
            data: components['schemas']['Partner'][];
            hasMore: boolean;
            cursor: string | null;
          };
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  createPartner: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "peppolId": "0208:0674229677",
         *       "role": "supplier",
         *       "contactName": "Jan Peeters",
         *       "contactEmail": "jan@alpine.example",
         *       "defaults": {
         *         "currency": "EUR",
         *         "paymentTermsDays": 30,
         *         "note": "Thank you for your business",
         *         "orderReference": "PO-2026-001"
         *       },
         *       "tags": [
         *         "electrical",
         *         "preferred"
         *       ],
         *       "metadata": {
         *         "erpId": "SUP-0042"
         *       },
         *       "punchout": {
         *         "identity": "AN01000012345",
         *         "domain": "NetworkID",
         *         "sharedSecret": "alpine-punchout-2026"
         *       }
         *     }
         */
        'application/json': components['schemas']['PartnerCreate'];
      };
    };
    responses: {
      /** @description The partner. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "part_4fQ2mZ8kLr0aXc1VbN7t",
           *       "peppolId": "0208:0674229677",
           *       "name": "Alpine Electrical SRL",
           *       "vatNumber": "BE0674229677",
           *       "country": "BE",
           *       "role": "supplier",
           *       "contactName": "Jan Peeters",
           *       "contactEmail": "jan@alpine.example",
           *       "peppolStatus": "registered",
           *       "defaults": {
           *         "currency": "EUR",
           *         "paymentTermsDays": 30,
           *         "note": "Thank you for your business",
           *         "orderReference": "PO-2026-001"
           *       },
           *       "tags": [
           *         "electrical",
           *         "preferred"
           *       ],
           *       "enrichment": {
           *         "naceCode": "43.21",
           *         "naceCodes": [
           *           "43.21"
           *         ],
           *         "city": "Mechelen",
           *         "postalCode": "2800",
           *         "documentTypes": [
           *           "invoice",
           *           "credit-note"
           *         ],
           *         "accessPoint": "Hermes Access Point",
           *         "source": "directory",
           *         "enrichedAt": "2026-11-21T10:00:00.000Z"
           *       },
           *       "stats": {
           *         "documentsSent": 0,
           *         "documentsReceived": 0,
           *         "lastActivityAt": null
           *       },
           *       "metadata": {
           *         "erpId": "SUP-0042"
           *       },
           *       "punchout": {
           *         "identity": "AN01000012345",
           *         "domain": "NetworkID",
           *         "sharedSecretSet": true
           *       },
           *       "createdAt": "2026-11-21T10:00:00.000Z",
           *       "updatedAt": "2026-11-21T10:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Partner'];
        };
      };
      /** @description `INVALID_CURRENCY`, `INVALID_ENUM`, `INVALID_IBAN`, `INVALID_REQUEST`, `INVALID_VAT_FORMAT`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS`, `PARTNER_EXISTS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getPartner: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        /** @description `part_<id>`, `vat:<vat_number>` or `peppol:<peppol_id>`. */
        partner_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The partner. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "part_4fQ2mZ8kLr0aXc1VbN7t",
           *       "peppolId": "0208:0674229677",
           *       "name": "Alpine Electrical SRL",
           *       "vatNumber": "BE0674229677",
           *       "country": "BE",
           *       "role": "supplier",
           *       "contactName": "Jan Peeters",
           *       "contactEmail": "jan@alpine.example",
           *       "peppolStatus": "registered",
           *       "defaults": {
           *         "currency": "EUR",
           *         "paymentTermsDays": 30,
           *         "note": "Thank you for your business",
           *         "orderReference": "PO-2026-001"
           *       },
           *       "tags": [
           *         "electrical",
           *         "preferred"
           *       ],
           *       "enrichment": {
           *         "naceCode": "43.21",
           *         "naceCodes": [
           *           "43.21"
           *         ],
           *         "city": "Mechelen",
           *         "postalCode": "2800",
           *         "documentTypes": [
           *           "invoice",
           *           "credit-note"
           *         ],
           *         "accessPoint": "Hermes Access Point",
           *         "source": "directory",
           *         "enrichedAt": "2026-11-21T10:00:00.000Z"
           *       },
           *       "stats": {
           *         "documentsSent": 0,
           *         "documentsReceived": 0,
           *         "lastActivityAt": null
           *       },
           *       "metadata": {
           *         "erpId": "SUP-0042"
           *       },
           *       "punchout": {
           *         "identity": "AN01000012345",
           *         "domain": "NetworkID",
           *         "sharedSecretSet": true
           *       },
           *       "createdAt": "2026-11-21T10:00:00.000Z",
           *       "updatedAt": "2026-11-21T10:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Partner'];
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PARTNER_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  deletePartner: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        /** @description `part_<id>`, `vat:<vat_number>` or `peppol:<peppol_id>`. */
        partner_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PARTNER_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  updatePartner: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        /** @description `part_<id>`, `vat:<vat_number>` or `peppol:<peppol_id>`. */
        partner_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "role": "both",
         *       "defaults": {
         *         "currency": "EUR",
         *         "paymentTermsDays": 45
         *       },
         *       "metadata": {
         *         "erpId": null,
         *         "segment": "key-account"
         *       }
         *     }
         */
        'application/json': components['schemas']['PartnerUpdate'];
      };
    };
    responses: {
      /** @description The updated partner. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "part_4fQ2mZ8kLr0aXc1VbN7t",
           *       "peppolId": "0208:0674229677",
           *       "name": "Alpine Electrical SRL",
           *       "vatNumber": "BE0674229677",
           *       "country": "BE",
           *       "role": "supplier",
           *       "contactName": "Jan Peeters",
           *       "contactEmail": "jan@alpine.example",
           *       "peppolStatus": "registered",
           *       "defaults": {
           *         "currency": "EUR",
           *         "paymentTermsDays": 30,
           *         "note": "Thank you for your business",
           *         "orderReference": "PO-2026-001"
           *       },
           *       "tags": [
           *         "electrical",
           *         "preferred"
           *       ],
           *       "enrichment": {
           *         "naceCode": "43.21",
           *         "naceCodes": [
           *           "43.21"
           *         ],
           *         "city": "Mechelen",
           *         "postalCode": "2800",
           *         "documentTypes": [
           *           "invoice",
           *           "credit-note"
           *         ],
           *         "accessPoint": "Hermes Access Point",
           *         "source": "directory",
           *         "enrichedAt": "2026-11-21T10:00:00.000Z"
           *       },
           *       "stats": {
           *         "documentsSent": 0,
           *         "documentsReceived": 0,
           *         "lastActivityAt": null
           *       },
           *       "metadata": {
           *         "erpId": "SUP-0042"
           *       },
           *       "punchout": {
           *         "identity": "AN01000012345",
           *         "domain": "NetworkID",
           *         "sharedSecretSet": true
           *       },
           *       "createdAt": "2026-11-21T10:00:00.000Z",
           *       "updatedAt": "2026-11-21T10:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Partner'];
        };
      };
      /** @description `INVALID_CURRENCY`, `INVALID_ENUM`, `INVALID_IBAN`, `INVALID_REQUEST`, `INVALID_VAT_FORMAT`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PARTNER_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PARTNER_EXISTS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  receivePunchOutCart: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "cxml-urlencoded": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE cXML SYSTEM \"http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd\">\n<cXML payloadID=\"1732441200.4821@alpine.example\" timestamp=\"2026-11-24T10:00:00+01:00\" xml:lang=\"en-US\">\n  <Header>\n    <From><Credential domain=\"NetworkID\"><Identity>AN01000012345</Identity></Credential></From>\n    <To><Credential domain=\"NetworkID\"><Identity>AN01000099999</Identity></Credential></To>\n    <Sender>\n      <Credential domain=\"NetworkID\"><Identity>AN01000012345</Identity><SharedSecret>alpine-punchout-2026</SharedSecret></Credential>\n      <UserAgent>Alpine Electrical catalogue</UserAgent>\n    </Sender>\n  </Header>\n  <Message>\n    <PunchOutOrderMessage>\n      <BuyerCookie>org_3Fh7Kd9Lm2Np4Qr6St8V:thr_7Yk3Pq9Lm2:v2</BuyerCookie>\n      <PunchOutOrderMessageHeader operationAllowed=\"edit\">\n        <Total><Money currency=\"EUR\">149.50</Money></Total>\n      </PunchOutOrderMessageHeader>\n      <ItemIn quantity=\"10\" lineNumber=\"1\">\n        <ItemID><SupplierPartID>CBL-2.5-100</SupplierPartID><SupplierPartAuxiliaryID>cart-88;line-1</SupplierPartAuxiliaryID></ItemID>\n        <ItemDetail>\n          <UnitPrice><Money currency=\"EUR\">12.45</Money></UnitPrice>\n          <Description xml:lang=\"en\">Installation cable 2.5 mm², 100 m<ShortName>Cable 2.5 mm²</ShortName></Description>\n          <UnitOfMeasure>EA</UnitOfMeasure>\n          <Classification domain=\"UNSPSC\">26121609</Classification>\n        </ItemDetail>\n      </ItemIn>\n      <ItemIn quantity=\"1\" lineNumber=\"2\">\n        <ItemID><SupplierPartID>TOOL-STRIP</SupplierPartID></ItemID>\n        <ItemDetail>\n          <UnitPrice><Money currency=\"EUR\">25.00</Money></UnitPrice>\n          <Description xml:lang=\"en\">Wire stripper</Description>\n          <UnitOfMeasure>EA</UnitOfMeasure>\n          <Classification domain=\"UNSPSC\">27112100</Classification>\n        </ItemDetail>\n      </ItemIn>\n    </PunchOutOrderMessage>\n  </Message>\n</cXML>\n"
         *     }
         */
        'application/x-www-form-urlencoded': {
          /** @description The PunchOutOrderMessage as XML. */
          'cxml-urlencoded'?: string;
          /** @description The PunchOutOrderMessage, Base64-encoded. */
          'cxml-base64'?: string;
        };
        /**
         * @example <?xml version="1.0" encoding="UTF-8"?>
         *     <!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
         *     <cXML payloadID="1732441200.4821@alpine.example" timestamp="2026-11-24T10:00:00+01:00" xml:lang="en-US">
         *       <Header>
         *         <From><Credential domain="NetworkID"><Identity>AN01000012345</Identity></Credential></From>
         *         <To><Credential domain="NetworkID"><Identity>AN01000099999</Identity></Credential></To>
         *         <Sender>
         *           <Credential domain="NetworkID"><Identity>AN01000012345</Identity><SharedSecret>alpine-punchout-2026</SharedSecret></Credential>
         *           <UserAgent>Alpine Electrical catalogue</UserAgent>
         *         </Sender>
         *       </Header>
         *       <Message>
         *         <PunchOutOrderMessage>
         *           <BuyerCookie>org_3Fh7Kd9Lm2Np4Qr6St8V:thr_7Yk3Pq9Lm2:v2</BuyerCookie>
         *           <PunchOutOrderMessageHeader operationAllowed="edit">
         *             <Total><Money currency="EUR">149.50</Money></Total>
         *           </PunchOutOrderMessageHeader>
         *           <ItemIn quantity="10" lineNumber="1">
         *             <ItemID><SupplierPartID>CBL-2.5-100</SupplierPartID><SupplierPartAuxiliaryID>cart-88;line-1</SupplierPartAuxiliaryID></ItemID>
         *             <ItemDetail>
         *               <UnitPrice><Money currency="EUR">12.45</Money></UnitPrice>
         *               <Description xml:lang="en">Installation cable 2.5 mm², 100 m<ShortName>Cable 2.5 mm²</ShortName></Description>
         *               <UnitOfMeasure>EA</UnitOfMeasure>
         *               <Classification domain="UNSPSC">26121609</Classification>
         *             </ItemDetail>
         *           </ItemIn>
         *           <ItemIn quantity="1" lineNumber="2">
         *             <ItemID><SupplierPartID>TOOL-STRIP</SupplierPartID></ItemID>
         *             <ItemDetail>
         *               <UnitPrice><Money currency="EUR">25.00</Money></UnitPrice>
         *               <Description xml:lang="en">Wire stripper</Description>
         *               <UnitOfMeasure>EA</UnitOfMeasure>
         *               <Classification domain="UNSPSC">27112100</Classification>
         *             </ItemDetail>
         *           </ItemIn>
         *         </PunchOutOrderMessage>
         *       </Message>
         *     </cXML>
         */
        'application/xml': string;
        'text/xml': string;
      };
    };
    responses: {
      /** @description The cart is stored as a draft purchase order; the page sends the browser back to the web app. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example <!DOCTYPE html>
           *     <html lang="en"><head><meta charset="utf-8">
           *     <meta http-equiv="refresh" content="0; url=https://app.docex.example/sandbox-quickstart/ai/chat/thr_7Yk3Pq9Lm2">
           *     <title>Cart received</title></head>
           *     <body><p>Your cart is saved as draft purchase order doc_4Rt6Yu8Io0Pa2Sd4Fg6H.
           *     <a href="https://app.docex.example/sandbox-quickstart/ai/chat/thr_7Yk3Pq9Lm2">Continue</a></p></body></html>
           */
          'text/html': string;
        };
      };
      400: components['responses']['PunchOutError'];
      401: components['responses']['PunchOutError'];
      404: components['responses']['PunchOutError'];
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      415: components['responses']['PunchOutError'];
    };
  };
  searchDocuments: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "query": "proximus",
         *       "filters": {
         *         "and": [
         *           {
         *             "field": "direction",
         *             "op": "eq",
         *             "value": "outgoing"
         *           },
         *           {
         *             "or": [
         *               {
         *                 "field": "status",
         *                 "op": "in",
         *                 "value": [
         *                   "delivered",
         *                   "paid"
         *                 ]
         *               },
         *               {
         *                 "field": "grossAmount",
         *                 "op": "gte",
         *                 "value": 1000
         *               }
         *             ]
         *           },
         *           {
         *             "not": {
         *               "field": "tags",
         *               "op": "contains",
         *               "value": "disputed"
         *             }
         *           }
         *         ]
         *       },
         *       "sort": {
         *         "field": "issueDate",
         *         "order": "desc"
         *       },
         *       "limit": 20
         *     }
         */
        'application/json': components['schemas']['DocumentSearchRequest'];
      };
    };
    responses: {
      /** @description A page of matching documents. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocumentList'];
        };
      };
      /** @description `INVALID_DATE`, `INVALID_ENUM`, `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getDocumentPdf: {
    parameters: {
      query?: {
        /** @description `pdf` (the default) or `factur-x` (the PDF with the CII invoice embedded). */
        format?: 'pdf' | 'factur-x';
        /**
         * @description The language of the labels, with its number, date, country and unit name formats. Without it, the buyer's country's language where it has one of these (Belgium and Switzerland keep English), else English. A stored upload that is itself a PDF is returned as stored, whatever `lang`.
         * @example fr
         */
        lang?: 'en' | 'fr' | 'de' | 'nl' | 'it' | 'es' | 'pl';
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        document_id: components['parameters']['DocumentId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The PDF, with `Content-Disposition: inline; filename="<number>.pdf"`. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `DOCUMENT_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  applyDocumentAction: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        document_id: components['parameters']['DocumentId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "action": "tag",
         *       "tag": "disputed"
         *     }
         */
        'application/json': components['schemas']['DocumentActionRequest'];
      };
    };
    responses: {
      /** @description The updated document. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Document'];
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `DOCUMENT_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  sendDocumentBatch: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "documents": [
         *         {
         *           "type": "invoice",
         *           "from": "org:",
         *           "to": "0208:0202239951",
         *           "idempotencyKey": "inv-2026-0043",
         *           "document": {
         *             "number": "INV-2026-0043",
         *             "issueDate": "2026-11-21",
         *             "buyerReference": "PO-7781",
         *             "lines": [
         *               {
         *                 "description": "Consulting",
         *                 "quantity": 10,
         *                 "unit": "HUR",
         *                 "unitPrice": 95,
         *                 "vatRate": 21,
         *                 "vatCategory": "S"
         *               }
         *             ]
         *           }
         *         }
         *       ]
         *     }
         */
        'application/json': components['schemas']['SendBatchRequest'];
      };
    };
    responses: {
      /** @description One result per item, in input order. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "results": [
           *         {
           *           "ok": true,
           *           "id": "doc_7Hq2mZ8kLr0aXc1VbN7t",
           *           "status": "sent"
           *         },
           *         {
           *           "ok": false,
           *           "error": {
           *             "type": "delivery_error",
           *             "code": "RECIPIENT_NOT_FOUND",
           *             "message": "0208:0000000000 is not registered on the Peppol network.",
           *             "docUrl": "https://docs.docex.example/errors#RECIPIENT_NOT_FOUND"
           *           }
           *         },
           *         {
           *           "ok": false,
           *           "error": {
           *             "type": "validation_error",
           *             "code": "INVALID_CURRENCY",
           *             "message": "The request is invalid: document.currency must be an ISO 4217 currency code, such as EUR.",
           *             "details": [
           *               {
           *                 "field": "document.currency",
           *                 "rule": "format:currency",
           *                 "message": "must be an ISO 4217 currency code, such as EUR"
           *               }
           *             ],
           *             "docUrl": "https://docs.docex.example/errors#INVALID_CURRENCY"
           *           }
           *         }
           *       ],
           *       "sent": 1,
           *       "failed": 2
           *     }
           */
          'application/json': components['schemas']['SendBatchResponse'];
        };
      };
      /** @description `INVALID_CURRENCY`, `INVALID_ENUM`, `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `QUOTA_EXCEEDED`, `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  validateDocument: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ValidateDocumentRequest'];
      };
    };
    responses: {
      /** @description The validation outcome. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "valid": false,
           *       "errors": [
           *         {
           *           "rule": "BR-E-05",
           *           "message": "An exempt line must have a VAT rate of 0",
           *           "path": "/lines/0/vatRate"
           *         }
           *       ],
           *       "warnings": [],
           *       "recipientReachable": true
           *     }
           */
          'application/json': components['schemas']['ValidateDocumentResponse'];
        };
      };
      /** @description `INVALID_CURRENCY`, `INVALID_DATE`, `INVALID_ENUM`, `INVALID_IBAN`, `INVALID_REQUEST`, `INVALID_VAT_FORMAT`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `COMPANY_FORBIDDEN`, `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `COMPANY_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getDocumentLifecycle: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        document_id: components['parameters']['DocumentId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The history. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LifecycleHistory'];
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `DOCUMENT_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  updateDocumentLifecycle: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        document_id: components['parameters']['DocumentId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "status": "paid",
         *       "paymentDate": "2026-12-01",
         *       "paymentAmount": 1149.5,
         *       "paymentReference": "SEPA-2026-0042"
         *     }
         */
        'application/json': components['schemas']['LifecycleUpdate'];
      };
    };
    responses: {
      /** @description The move that was made. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "documentId": "doc_8fJ2kL0pQ7rS1tU3vW5x",
           *       "previousStatus": "approved",
           *       "currentStatus": "paid",
           *       "updatedAt": "2026-12-01T09:12:00.000Z",
           *       "compliance": {
           *         "reportedTo": [],
           *         "status": "not_required",
           *         "nextCheckAt": null
           *       },
           *       "allowedTransitions": []
           *     }
           */
          'application/json': components['schemas']['LifecycleUpdateResponse'];
        };
      };
      /** @description `INVALID_CURRENCY`, `INVALID_DATE`, `INVALID_ENUM`, `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `DOCUMENT_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS`, `INVALID_TRANSITION` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  batchUpdateDocumentLifecycle: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "updates": [
         *         {
         *           "documentId": "doc_8fJ2kL0pQ7rS1tU3vW5x",
         *           "status": "approved"
         *         },
         *         {
         *           "documentId": "doc_1aB2cD3eF4gH5iJ6kL7m",
         *           "status": "rejected",
         *           "reasonCode": "PRI",
         *           "reason": "Price differs from the order"
         *         }
         *       ]
         *     }
         */
        'application/json': {
          /** @description At most 500 entries, each a `LifecycleBatchUpdate`. An entry that does not match it fails in its place with the 400 error a single update would get; the others are applied. */
          updates: Record<string, never>[];
        };
      };
    };
    responses: {
      /** @description Per-item results in input order. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "results": [
           *         {
           *           "ok": true,
           *           "documentId": "doc_8fJ2kL0pQ7rS1tU3vW5x",
           *           "result": {
           *             "documentId": "doc_8fJ2kL0pQ7rS1tU3vW5x",
           *             "previousStatus": "under_review",
           *             "currentStatus": "approved",
           *             "updatedAt": "2026-12-01T09:12:00.000Z",
           *             "compliance": {
           *               "reportedTo": [],
           *               "status": "not_required",
           *               "nextCheckAt": null
           *             },
           *             "allowedTransitions": [
           *               "partially_paid",
           *               "paid",
           *               "rejected",
           *               "disputed"
           *             ]
           *           }
           *         },
           *         {
           *           "ok": false,
           *           "documentId": "doc_1aB2cD3eF4gH5iJ6kL7m",
           *           "error": {
           *             "type": "conflict",
           *             "code": "INVALID_TRANSITION",
           *             "message": "A paid document cannot move to rejected; it is final.",
           *             "allowedTransitions": [],
           *             "docUrl": "https://docs.docex.example/errors#INVALID_TRANSITION"
           *           }
           *         }
           *       ],
           *       "updated": 1,
           *       "failed": 1
           *     }
           */
          'application/json': {
            results: (
              | {
                  /** @constant */
                  ok: true;
                  documentId: string;
                  result: components['schemas']['LifecycleUpdateResponse'];
                }
              | {
                  /** @constant */
                  ok: false;
                  /** @description null when the entry has no valid documentId. */
                  documentId: string | null;
                  error: components['schemas']['BatchItemError'];
                }
            )[];
            updated: number;
            failed: number;
          };
        };
      };
      /** @description `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  simulateInboundDocument: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "from": "0208:0202239951",
         *       "type": "invoice",
         *       "document": {
         *         "number": "SUP-2026-118",
         *         "issueDate": "2026-11-21",
         *         "dueDate": "2026-12-21",
         *         "currency": "EUR",
         *         "buyerReference": "PO-7781",
         *         "payment": {
         *           "means": "credit_transfer",
         *           "iban": "BE68539007547034"
         *         },
         *         "lines": [
         *           {
         *             "description": "Fibre connection",
         *             "quantity": 1,
         *             "unit": "MON",
         *             "unitPrice": 120,
         *             "vatRate": 21,
         *             "vatCategory": "S"
         *           }
         *         ]
         *       }
         *     }
         */
        'application/json': components['schemas']['SandboxInboundRequest'];
      };
    };
    responses: {
      /** @description The message is being received; the document appears with this id. */
      202: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "documentId": "doc_4Rt6Yu8Io0Pa2Sd4Fg6H",
           *       "workflowId": "inbound:doc_4Rt6Yu8Io0Pa2Sd4Fg6H"
           *     }
           */
          'application/json': {
            documentId: string;
            workflowId: string;
          };
        };
      };
      /** @description `INVALID_CURRENCY`, `INVALID_DATE`, `INVALID_ENUM`, `INVALID_IBAN`, `INVALID_REQUEST`, `INVALID_VAT_FORMAT`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE`, `SANDBOX_ONLY` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RECIPIENT_CANNOT_RECEIVE`, `UBL_VALIDATION_FAILED` */
      422: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getDocumentPayment: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        document_id: components['parameters']['DocumentId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Payment info. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "documentId": "doc_8fJ2kL0pQ7rS1tU3vW5x",
           *       "amountDue": 1000,
           *       "amountPaid": 149.5,
           *       "currency": "EUR",
           *       "dueDate": "2026-12-21",
           *       "status": "partially_paid",
           *       "iban": "BE68539007547034",
           *       "reference": "+++090/9337/55493+++"
           *     }
           */
          'application/json': components['schemas']['DocumentPaymentInfo'];
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `DOCUMENT_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  recordDocumentPayment: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        document_id: components['parameters']['DocumentId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "amount": 149.5,
         *       "date": "2026-12-01",
         *       "reference": "SEPA-2026-0042"
         *     }
         */
        'application/json': {
          /** @description Below 10^16, at most 2 decimals. */
          amount: number;
          /** Format: date */
          date: string;
          reference?: string;
        };
      };
    };
    responses: {
      /** @description The payment info after the payment, and the lifecycle move it made. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            payment: components['schemas']['DocumentPaymentInfo'];
            lifecycle: components['schemas']['LifecycleUpdateResponse'];
          };
        };
      };
      /** @description `INVALID_DATE`, `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `DOCUMENT_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS`, `INVALID_TRANSITION` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `OVERPAYMENT` */
      422: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  exportSepaCreditTransfer: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "documentIds": [
         *         "doc_8fJ2kL0pQ7rS1tU3vW5x"
         *       ],
         *       "debtor": {
         *         "name": "Acme Buyer NV",
         *         "iban": "BE68539007547034",
         *         "bic": "GKCCBEBB"
         *       },
         *       "requestedExecutionDate": "2026-12-01"
         *     }
         */
        'application/json': {
          documentIds: string[];
          debtor: {
            name: string;
            /** Format: iban */
            iban: string;
            bic: string;
          };
          /** Format: date */
          requestedExecutionDate: string;
        };
      };
    };
    responses: {
      /** @description The pain.001.001.09 file. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          'X-Sepa-Message-Id'?: string;
          'X-Sepa-Number-Of-Transactions'?: number;
          'X-Sepa-Control-Sum'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/xml': string;
        };
      };
      /** @description `INVALID_DATE`, `INVALID_IBAN`, `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `DOCUMENT_NOT_PAYABLE` */
      422: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getComplianceStatus: {
    parameters: {
      query?: {
        companyId?: string;
        country?: string;
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The reporting state. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "companyId": null,
           *       "countries": [
           *         {
           *           "country": "FR",
           *           "platform": "PPF",
           *           "reportingRequired": true,
           *           "reports": {
           *             "pending": 0,
           *             "submitted": 1,
           *             "accepted": 12,
           *             "failed": 1
           *           },
           *           "lastReportedAt": "2026-11-22T10:00:00.000Z",
           *           "nextCheckAt": "2026-11-22T10:05:00.000Z"
           *         },
           *         {
           *           "country": "IT",
           *           "platform": "SDI",
           *           "reportingRequired": true,
           *           "reports": {
           *             "pending": 0,
           *             "submitted": 0,
           *             "accepted": 0,
           *             "failed": 0
           *           },
           *           "lastReportedAt": null,
           *           "nextCheckAt": null
           *         }
           *       ]
           *     }
           */
          'application/json': {
            companyId: string | null;
            countries: {
              country: string;
              /** @enum {string|null} */
              platform: 'PPF' | 'SDI' | null;
              reportingRequired: boolean;
              /** @description With `companyId` (or a key acting for a company) whose country this is: whether its lifecycle changes are reported, as its settings stand; null otherwise. */
              autoReport?: boolean | null;
              /**
               * @description Why (`company_settings`: `settings.autoReporting` false; `company_compliance`: `compliance.<country>.autoReport` false); null with `autoReport` null.
               * @enum {string|null}
               */
              decision?: 'default' | 'company_settings' | 'company_compliance' | null;
              reports: {
                pending: number;
                submitted: number;
                accepted: number;
                failed: number;
              };
              /** Format: date-time */
              lastReportedAt: string | null;
              /** Format: date-time */
              nextCheckAt: string | null;
            }[];
          };
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  listComplianceReports: {
    parameters: {
      query?: {
        companyId?: string;
        country?: string;
        status?: 'pending' | 'submitted' | 'accepted' | 'failed';
        from?: string;
        to?: string;
        limit?: components['parameters']['Limit'];
        /** @description Opaque; the `cursor` of the previous page. Any other value is 400 `INVALID_REQUEST` (rule `cursor`). */
        cursor?: components['parameters']['Cursor'];
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of reports. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['ComplianceReport'][];
            hasMore: boolean;
            cursor: string | null;
          };
        };
      };
      /** @description `INVALID_DATE`, `INVALID_ENUM`, `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getStats: {
    parameters: {
      query?: {
        period?: 'day' | 'week' | 'month' | 'year';
        /** @description `comp_…`, `vat:…` or `peppol:…`. */
        companyId?: string;
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The statistics. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "period": {
           *         "start": "2026-11-01T00:00:00.000Z",
           *         "end": "2026-12-01T00:00:00.000Z"
           *       },
           *       "companyId": null,
           *       "quota": {
           *         "limit": 5000,
           *         "used": 1243,
           *         "remaining": 3757
           *       },
           *       "rateLimit": {
           *         "perMinute": 300
           *       },
           *       "documents": {
           *         "sent": 1243,
           *         "received": 310,
           *         "delivered": 1198,
           *         "failed": 12
           *       },
           *       "byType": {
           *         "invoice": 1402,
           *         "credit-note": 98,
           *         "purchase-order": 53
           *       },
           *       "byCountry": {
           *         "BE": 1320,
           *         "FR": 233
           *       },
           *       "partners": {
           *         "total": 87,
           *         "active": 41
           *       }
           *     }
           */
          'application/json': components['schemas']['Stats'];
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `COMPANY_FORBIDDEN`, `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `COMPANY_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  listTenantKeys: {
    parameters: {
      query?: {
        companyId?: string;
        limit?: components['parameters']['Limit'];
        /** @description Opaque; the `cursor` of the previous page. Any other value is 400 `INVALID_REQUEST` (rule `cursor`). */
        cursor?: components['parameters']['Cursor'];
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of keys. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "key_9Lk2LmN4pQ6rS8tU0vW3",
           *           "keyPrefix": "svc_live_Ab3xQ9",
           *           "name": "Acme production",
           *           "keyType": "personal",
           *           "livemode": true,
           *           "scopes": [
           *             "send",
           *             "documents.read"
           *           ],
           *           "companyId": "comp_7Hq2LmN4pQ6rS8tU0vW2",
           *           "rateLimit": 120,
           *           "createdAt": "2026-11-24T10:00:00.000Z",
           *           "expiresAt": null,
           *           "lastUsedAt": null
           *         }
           *       ],
           *       "hasMore": false,
           *       "cursor": null
           *     }
           */
          'application/json': {
            data: components['schemas']['ApiKey'][];
            hasMore: boolean;
            cursor: string | null;
          };
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  createTenantKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Acme production",
         *       "companyId": "comp_7Hq2LmN4pQ6rS8tU0vW2",
         *       "scopes": [
         *         "send",
         *         "documents.read"
         *       ],
         *       "rateLimit": {
         *         "perMinute": 120
         *       }
         *     }
         */
        'application/json': components['schemas']['TenantKeyCreate'];
      };
    };
    responses: {
      /** @description The key, with its secret shown this once. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "key_9Lk2LmN4pQ6rS8tU0vW3",
           *       "key": "svc_live_Ab3xQ9zR7yT5wV3uS1qP0oN8mL6kJ4iH2gF0eD8c",
           *       "keyPrefix": "svc_live_Ab3xQ9",
           *       "name": "Acme production",
           *       "keyType": "personal",
           *       "livemode": true,
           *       "scopes": [
           *         "send",
           *         "documents.read"
           *       ],
           *       "companyId": "comp_7Hq2LmN4pQ6rS8tU0vW2",
           *       "rateLimit": 120,
           *       "createdAt": "2026-11-24T10:00:00.000Z",
           *       "expiresAt": null,
           *       "lastUsedAt": null
           *     }
           */
          'application/json': components['schemas']['ApiKeyWithSecret'];
        };
      };
      /** @description `INVALID_DATE`, `INVALID_ENUM`, `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE`, `KEY_TYPE_FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  revokeTenantKey: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        key_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Revoked. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  listPlatformCompanies: {
    parameters: {
      query?: {
        country?: string;
        status?: 'active' | 'inactive' | 'suspended';
        search?: string;
        limit?: components['parameters']['Limit'];
        /** @description Opaque; the `cursor` of the previous page. Any other value is 400 `INVALID_REQUEST` (rule `cursor`). */
        cursor?: components['parameters']['Cursor'];
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of companies. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "comp_7Hq2LmN4pQ6rS8tU0vW2",
           *           "name": "Acme",
           *           "legalName": "Acme BV",
           *           "vatNumber": "BE0403019261",
           *           "country": "BE",
           *           "peppolId": "0208:0403019261",
           *           "additionalIdentifiers": [],
           *           "address": {
           *             "city": "Brussels",
           *             "country": "BE"
           *           },
           *           "capabilities": {
           *             "send": [
           *               "invoice"
           *             ],
           *             "receive": [
           *               "invoice"
           *             ]
           *           },
           *           "status": "active",
           *           "smpRegistered": true,
           *           "smpRegisteredAt": "2026-11-24T10:00:05.000Z",
           *           "compliance": {},
           *           "settings": {
           *             "defaultCurrency": "EUR"
           *           },
           *           "stats": {
           *             "sent": 12,
           *             "received": 3
           *           },
           *           "metadata": {
           *             "tenant": "acme-42"
           *           },
           *           "createdAt": "2026-11-24T10:00:00.000Z",
           *           "updatedAt": "2026-11-24T10:00:05.000Z"
           *         }
           *       ],
           *       "hasMore": false,
           *       "cursor": null
           *     }
           */
          'application/json': {
            data: components['schemas']['Company'][];
            hasMore: boolean;
            cursor: string | null;
          };
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  createPlatformCompany: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "vatNumber": "BE0403019261",
         *       "name": "Acme",
         *       "metadata": {
         *         "tenant": "acme-42"
         *       },
         *       "receiveDocuments": true,
         *       "webhook": {
         *         "url": "https://acme.webhook.test/docex",
         *         "events": [
         *           "document.received",
         *           "document.failed"
         *         ]
         *       },
         *       "apiKey": {
         *         "name": "Acme production",
         *         "scopes": [
         *           "send",
         *           "documents.read"
         *         ]
         *       }
         *     }
         */
        'application/json': components['schemas']['PlatformCompanyCreate'];
      };
    };
    responses: {
      /** @description The company, its tenant key (secret shown once) and its webhook. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          /** @description The company, under /v1/companies. */
          Location?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "company": {
           *         "id": "comp_7Hq2LmN4pQ6rS8tU0vW2",
           *         "name": "Acme",
           *         "legalName": "Acme BV",
           *         "vatNumber": "BE0403019261",
           *         "country": "BE",
           *         "peppolId": "0208:0403019261",
           *         "additionalIdentifiers": [],
           *         "address": {
           *           "street": "Rue de la Loi 16",
           *           "city": "Brussels",
           *           "postalCode": "1000",
           *           "country": "BE"
           *         },
           *         "capabilities": {
           *           "send": [
           *             "invoice",
           *             "credit-note",
           *             "debit-note",
           *             "purchase-order",
           *             "sales-order",
           *             "quote",
           *             "event"
           *           ],
           *           "receive": [
           *             "invoice",
           *             "credit-note",
           *             "debit-note",
           *             "purchase-order",
           *             "sales-order",
           *             "quote",
           *             "event"
           *           ]
           *         },
           *         "status": "active",
           *         "smpRegistered": false,
           *         "smpRegisteredAt": null,
           *         "compliance": {},
           *         "settings": {
           *           "defaultCurrency": "EUR"
           *         },
           *         "stats": {
           *           "sent": 0,
           *           "received": 0
           *         },
           *         "metadata": {
           *           "tenant": "acme-42"
           *         },
           *         "createdAt": "2026-11-24T10:00:00.000Z",
           *         "updatedAt": "2026-11-24T10:00:00.000Z"
           *       },
           *       "apiKey": {
           *         "id": "key_9Lk2LmN4pQ6rS8tU0vW3",
           *         "key": "svc_live_Ab3xQ9zR7yT5wV3uS1qP0oN8mL6kJ4iH2gF0eD8c",
           *         "keyPrefix": "svc_live_Ab3xQ9"
           *       },
           *       "webhook": {
           *         "id": "wh_3Fd8KsP1qR5tV7xZ9bC2",
           *         "status": "active",
           *         "secret": "whsec_E97dvNtUHXyxHO6zN08nmmXhyIazAX+HBiuaxkLlPh4="
           *       }
           *     }
           */
          'application/json': components['schemas']['PlatformCompanyCreated'];
        };
      };
      /** @description `INVALID_CURRENCY`, `INVALID_ENUM`, `INVALID_REQUEST`, `INVALID_VAT_FORMAT`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `COMPANY_FORBIDDEN`, `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `COMPANY_EXISTS`, `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `VAT_NOT_FOUND` */
      422: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getPlatformUsage: {
    parameters: {
      query?: {
        /** @example 2026-11 */
        period?: string;
        groupBy?: 'company' | 'country' | 'type';
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The usage. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "period": {
           *         "name": "2026-11",
           *         "start": "2026-11-01T00:00:00.000Z",
           *         "end": "2026-12-01T00:00:00.000Z"
           *       },
           *       "groupBy": "company",
           *       "totals": {
           *         "sent": 1520,
           *         "received": 402,
           *         "delivered": 1490,
           *         "failed": 12,
           *         "apiRequests": 20412
           *       },
           *       "groups": [
           *         {
           *           "key": "comp_7Hq2LmN4pQ6rS8tU0vW2",
           *           "sent": 1200,
           *           "received": 380,
           *           "delivered": 1180,
           *           "failed": 10,
           *           "apiRequests": 15001
           *         },
           *         {
           *           "key": "comp_9Jr4NpQ6sT8vX0zB2dF4",
           *           "sent": 320,
           *           "received": 22,
           *           "delivered": 310,
           *           "failed": 2,
           *           "apiRequests": 5211
           *         }
           *       ]
           *     }
           */
          'application/json': components['schemas']['PlatformUsage'];
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  listPlatformEvents: {
    parameters: {
      query?: {
        type?: components['schemas']['EventType'];
        companyId?: string;
        limit?: components['parameters']['Limit'];
        /** @description Opaque; the `cursor` of the previous page. Any other value is 400 `INVALID_REQUEST` (rule `cursor`). */
        cursor?: components['parameters']['Cursor'];
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of events. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "evt_2Nf7KqR9sT1vX3zB5dF7",
           *           "type": "document.received",
           *           "createdAt": "2026-11-24T10:00:00.000Z",
           *           "livemode": true,
           *           "companyId": "comp_7Hq2LmN4pQ6rS8tU0vW2",
           *           "data": {
           *             "documentId": "doc_8Hs3LmP5qR7tV9xZ1bD3",
           *             "type": "invoice"
           *           },
           *           "acknowledgedAt": null
           *         }
           *       ],
           *       "hasMore": false,
           *       "cursor": null
           *     }
           */
          'application/json': {
            data: components['schemas']['PlatformEvent'][];
            hasMore: boolean;
            cursor: string | null;
          };
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  getPlatformSettings: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The settings. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "branding": {
           *         "displayName": "Acme Invoicing",
           *         "primaryColor": "#0a7d55",
           *         "supportEmail": "help@acme.example"
           *       },
           *       "defaults": {
           *         "capabilities": {
           *           "send": [
           *             "invoice",
           *             "credit-note"
           *           ],
           *           "receive": [
           *             "invoice",
           *             "credit-note"
           *           ]
           *         },
           *         "settings": {
           *           "defaultCurrency": "EUR"
           *         },
           *         "webhook": {
           *           "url": "https://hooks.acme.example/docex",
           *           "events": [
           *             "document.received",
           *             "document.failed"
           *           ]
           *         }
           *       },
           *       "customDomain": {
           *         "domain": "docs.acme.example",
           *         "status": "pending",
           *         "verification": {
           *           "type": "TXT",
           *           "name": "_docex-verify.docs.acme.example",
           *           "value": "docex-verify=Q3m9Lk2pR7sT1vX4zB6dF8hJ"
           *         },
           *         "checkedAt": null,
           *         "verifiedAt": null,
           *         "failureReason": null
           *       },
           *       "quotas": {
           *         "documentsPerMonth": 500,
           *         "requestsPerMinute": 120
           *       },
           *       "updatedAt": "2026-11-24T10:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['PlatformSettings'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  updatePlatformSettings: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "branding": {
         *         "displayName": "Acme Invoicing",
         *         "primaryColor": "#0a7d55",
         *         "supportEmail": "help@acme.example"
         *       },
         *       "defaults": {
         *         "settings": {
         *           "defaultCurrency": "EUR"
         *         },
         *         "webhook": {
         *           "url": "https://hooks.acme.webhook.test/docex",
         *           "events": [
         *             "document.received"
         *           ]
         *         }
         *       },
         *       "customDomain": "docs.acme.example",
         *       "quotas": {
         *         "documentsPerMonth": 500,
         *         "requestsPerMinute": 120
         *       }
         *     }
         */
        'application/json': components['schemas']['PlatformSettingsUpdate'];
      };
    };
    responses: {
      /** @description The settings after the change. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlatformSettings'];
        };
      };
      /** @description `INVALID_CURRENCY`, `INVALID_ENUM`, `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `COMPANY_FORBIDDEN`, `INSUFFICIENT_SCOPE`, `KEY_TYPE_FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  verifyCustomDomain: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The settings with the outcome of the check. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlatformSettings'];
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `DOMAIN_TAKEN`, `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  listTagGroups: {
    parameters: {
      query?: {
        limit?: components['parameters']['Limit'];
        /** @description Opaque; the `cursor` of the previous page. Any other value is 400 `INVALID_REQUEST` (rule `cursor`). */
        cursor?: components['parameters']['Cursor'];
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of tag groups. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "tgrp_4Hk8Lm2Np6Qr0St4Uv8W",
           *           "name": "Cost centre",
           *           "description": "Where the spend is booked.",
           *           "exclusive": true,
           *           "tags": [
           *             {
           *               "id": "tag_7Gh2Jk4Lm6Np8Qr0St2V",
           *               "groupId": "tgrp_4Hk8Lm2Np6Qr0St4Uv8W",
           *               "name": "IT",
           *               "color": "#1f6feb",
           *               "description": null,
           *               "createdAt": "2026-11-24T09:00:00.000Z"
           *             }
           *           ],
           *           "createdAt": "2026-11-24T08:59:00.000Z"
           *         }
           *       ],
           *       "hasMore": false,
           *       "cursor": null
           *     }
           */
          'application/json': {
            data: components['schemas']['TagGroup'][];
            hasMore: boolean;
            cursor: string | null;
          };
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  createTagGroup: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Cost centre",
         *       "description": "Where the spend is booked.",
         *       "exclusive": true
         *     }
         */
        'application/json': components['schemas']['TagGroupCreate'];
      };
    };
    responses: {
      /** @description The new group (without tags yet). */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TagGroup'];
        };
      };
      /** @description `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS`, `TAG_EXISTS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  listTags: {
    parameters: {
      query?: {
        limit?: components['parameters']['Limit'];
        /** @description Opaque; the `cursor` of the previous page. Any other value is 400 `INVALID_REQUEST` (rule `cursor`). */
        cursor?: components['parameters']['Cursor'];
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        /** @description A `tgrp_…` id, or `ungrouped` for the tags of no group. */
        group_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of tags. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Tag'][];
            hasMore: boolean;
            cursor: string | null;
          };
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  createTag: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        /** @description A `tgrp_…` id, or `ungrouped` for the tags of no group. */
        group_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Office supplies",
         *       "color": "#1f6feb",
         *       "description": "Paper, toner and small equipment."
         *     }
         */
        'application/json': components['schemas']['TagCreate'];
      };
    };
    responses: {
      /** @description The new tag. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "tag_9Kl3Mn5Pq7Rs9Tu1Vw3X",
           *       "groupId": "tgrp_4Hk8Lm2Np6Qr0St4Uv8W",
           *       "name": "Office supplies",
           *       "color": "#1f6feb",
           *       "description": "Paper, toner and small equipment.",
           *       "createdAt": "2026-11-24T09:00:00.000Z"
           *     }
           */
          'application/json': components['schemas']['Tag'];
        };
      };
      /** @description `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS`, `TAG_EXISTS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  listObjectTags: {
    parameters: {
      query?: {
        limit?: components['parameters']['Limit'];
        /** @description Opaque; the `cursor` of the previous page. Any other value is 400 `INVALID_REQUEST` (rule `cursor`). */
        cursor?: components['parameters']['Cursor'];
      };
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        /** @description A document (`doc_…`), partner (`part_…`) or company (`comp_…`) id. */
        object_id: components['parameters']['TaggedObjectId'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the object's tags. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['ObjectTag'][];
            hasMore: boolean;
            cursor: string | null;
          };
        };
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `COMPANY_NOT_FOUND`, `DOCUMENT_NOT_FOUND`, `PARTNER_NOT_FOUND`, `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  assignObjectTag: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        /** @description A document (`doc_…`), partner (`part_…`) or company (`comp_…`) id. */
        object_id: components['parameters']['TaggedObjectId'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "tagId": "tag_7Gh2Jk4Lm6Np8Qr0St2V",
         *       "objectType": "document"
         *     }
         */
        'application/json': components['schemas']['ObjectTagAssign'];
      };
    };
    responses: {
      /** @description The tag, now on the object. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ObjectTag'];
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  removeObjectTag: {
    parameters: {
      query?: never;
      header?: {
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path: {
        /** @description A document (`doc_…`), partner (`part_…`) or company (`comp_…`) id. */
        object_id: components['parameters']['TaggedObjectId'];
        tag_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description `INVALID_REQUEST` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RESOURCE_NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  recommendTags: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a POST safe to retry for 24 hours. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
        /**
         * @description Acts for one company of the organization (`comp_…`, `vat:…` or its Peppol id), or for a
         *     company that granted the organization access: the request is then scoped to that company as a
         *     key bound to it would be. Platform and white-label keys use it to act for the companies they
         *     manage; a key bound to another company gets 403 `COMPANY_FORBIDDEN`, an unknown company 404
         *     `COMPANY_NOT_FOUND`.
         */
        'X-Service-Company'?: components['parameters']['ServiceCompany'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "objectId": "doc_3Fg5Hj7Kl9Mn1Pq3Rs5T",
         *       "objectType": "document",
         *       "context": "toner cartridges for the Brussels office"
         *     }
         */
        'application/json': components['schemas']['TagRecommendRequest'];
      };
    };
    responses: {
      /** @description Suggestions, most likely first. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example [
           *       {
           *         "tagId": "tag_9Kl3Mn5Pq7Rs9Tu1Vw3X",
           *         "name": "Office supplies",
           *         "groupId": "tgrp_4Hk8Lm2Np6Qr0St4Uv8W",
           *         "confidence": 0.91
           *       },
           *       {
           *         "tagId": "tag_2Bc4De6Fg8Hj0Kl2Mn4P",
           *         "name": "Recurring",
           *         "groupId": null,
           *         "confidence": 0.42
           *       }
           *     ]
           */
          'application/json': components['schemas']['TagSuggestion'][];
        };
      };
      /** @description `INVALID_ENUM`, `INVALID_REQUEST`, `MISSING_FIELD` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `EXPIRED_TOKEN`, `INVALID_TOKEN`, `MISSING_AUTH`, `REVOKED_KEY` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `INSUFFICIENT_SCOPE` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `IDEMPOTENCY_BODY_MISMATCH`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          'Original-Request-Id': components['headers']['Original-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      default: components['responses']['Error'];
    };
  };
  webhook_document_received: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the webhook secret>`. */
        'X-Service-Signature': components['parameters']['XServiceSignature'];
        'X-Service-Event': components['parameters']['XServiceEvent'];
        'X-Service-Event-Id': components['parameters']['XServiceEventId'];
        'X-Service-Delivery': components['parameters']['XServiceDelivery'];
        'X-Service-Attempt': components['parameters']['XServiceAttempt'];
        /** @description Standard Webhooks; the event id. */
        'webhook-id': components['parameters']['WebhookId'];
        /** @description Standard Webhooks; unix seconds. */
        'webhook-timestamp': components['parameters']['WebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`. */
        'webhook-signature': components['parameters']['WebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DocumentReceivedEvent'] & components['schemas']['WebhookApiVersion'];
      };
    };
    responses: {
      /** @description Received: any 2xx within 20 s ends the delivery. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything else (or no answer in 20 s) is retried with backoff; 8 failures pause the webhook. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_document_sent: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the webhook secret>`. */
        'X-Service-Signature': components['parameters']['XServiceSignature'];
        'X-Service-Event': components['parameters']['XServiceEvent'];
        'X-Service-Event-Id': components['parameters']['XServiceEventId'];
        'X-Service-Delivery': components['parameters']['XServiceDelivery'];
        'X-Service-Attempt': components['parameters']['XServiceAttempt'];
        /** @description Standard Webhooks; the event id. */
        'webhook-id': components['parameters']['WebhookId'];
        /** @description Standard Webhooks; unix seconds. */
        'webhook-timestamp': components['parameters']['WebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`. */
        'webhook-signature': components['parameters']['WebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DocumentSentEvent'] & components['schemas']['WebhookApiVersion'];
      };
    };
    responses: {
      /** @description Received: any 2xx within 20 s ends the delivery. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything else (or no answer in 20 s) is retried with backoff; 8 failures pause the webhook. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_document_delivered: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the webhook secret>`. */
        'X-Service-Signature': components['parameters']['XServiceSignature'];
        'X-Service-Event': components['parameters']['XServiceEvent'];
        'X-Service-Event-Id': components['parameters']['XServiceEventId'];
        'X-Service-Delivery': components['parameters']['XServiceDelivery'];
        'X-Service-Attempt': components['parameters']['XServiceAttempt'];
        /** @description Standard Webhooks; the event id. */
        'webhook-id': components['parameters']['WebhookId'];
        /** @description Standard Webhooks; unix seconds. */
        'webhook-timestamp': components['parameters']['WebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`. */
        'webhook-signature': components['parameters']['WebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DocumentDeliveredEvent'] &
          components['schemas']['WebhookApiVersion'];
      };
    };
    responses: {
      /** @description Received: any 2xx within 20 s ends the delivery. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything else (or no answer in 20 s) is retried with backoff; 8 failures pause the webhook. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_document_failed: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the webhook secret>`. */
        'X-Service-Signature': components['parameters']['XServiceSignature'];
        'X-Service-Event': components['parameters']['XServiceEvent'];
        'X-Service-Event-Id': components['parameters']['XServiceEventId'];
        'X-Service-Delivery': components['parameters']['XServiceDelivery'];
        'X-Service-Attempt': components['parameters']['XServiceAttempt'];
        /** @description Standard Webhooks; the event id. */
        'webhook-id': components['parameters']['WebhookId'];
        /** @description Standard Webhooks; unix seconds. */
        'webhook-timestamp': components['parameters']['WebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`. */
        'webhook-signature': components['parameters']['WebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DocumentFailedEvent'] & components['schemas']['WebhookApiVersion'];
      };
    };
    responses: {
      /** @description Received: any 2xx within 20 s ends the delivery. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything else (or no answer in 20 s) is retried with backoff; 8 failures pause the webhook. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_document_updated: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the webhook secret>`. */
        'X-Service-Signature': components['parameters']['XServiceSignature'];
        'X-Service-Event': components['parameters']['XServiceEvent'];
        'X-Service-Event-Id': components['parameters']['XServiceEventId'];
        'X-Service-Delivery': components['parameters']['XServiceDelivery'];
        'X-Service-Attempt': components['parameters']['XServiceAttempt'];
        /** @description Standard Webhooks; the event id. */
        'webhook-id': components['parameters']['WebhookId'];
        /** @description Standard Webhooks; unix seconds. */
        'webhook-timestamp': components['parameters']['WebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`. */
        'webhook-signature': components['parameters']['WebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DocumentUpdatedEvent'] & components['schemas']['WebhookApiVersion'];
      };
    };
    responses: {
      /** @description Received: any 2xx within 20 s ends the delivery. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything else (or no answer in 20 s) is retried with backoff; 8 failures pause the webhook. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_lifecycle_updated: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the webhook secret>`. */
        'X-Service-Signature': components['parameters']['XServiceSignature'];
        'X-Service-Event': components['parameters']['XServiceEvent'];
        'X-Service-Event-Id': components['parameters']['XServiceEventId'];
        'X-Service-Delivery': components['parameters']['XServiceDelivery'];
        'X-Service-Attempt': components['parameters']['XServiceAttempt'];
        /** @description Standard Webhooks; the event id. */
        'webhook-id': components['parameters']['WebhookId'];
        /** @description Standard Webhooks; unix seconds. */
        'webhook-timestamp': components['parameters']['WebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`. */
        'webhook-signature': components['parameters']['WebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['LifecycleUpdatedEvent'] & components['schemas']['WebhookApiVersion'];
      };
    };
    responses: {
      /** @description Received: any 2xx within 20 s ends the delivery. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything else (or no answer in 20 s) is retried with backoff; 8 failures pause the webhook. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_company_smp_registered: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the webhook secret>`. */
        'X-Service-Signature': components['parameters']['XServiceSignature'];
        'X-Service-Event': components['parameters']['XServiceEvent'];
        'X-Service-Event-Id': components['parameters']['XServiceEventId'];
        'X-Service-Delivery': components['parameters']['XServiceDelivery'];
        'X-Service-Attempt': components['parameters']['XServiceAttempt'];
        /** @description Standard Webhooks; the event id. */
        'webhook-id': components['parameters']['WebhookId'];
        /** @description Standard Webhooks; unix seconds. */
        'webhook-timestamp': components['parameters']['WebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`. */
        'webhook-signature': components['parameters']['WebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CompanySmpRegisteredEvent'] &
          components['schemas']['WebhookApiVersion'];
      };
    };
    responses: {
      /** @description Received: any 2xx within 20 s ends the delivery. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything else (or no answer in 20 s) is retried with backoff; 8 failures pause the webhook. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_company_network_problem: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the webhook secret>`. */
        'X-Service-Signature': components['parameters']['XServiceSignature'];
        'X-Service-Event': components['parameters']['XServiceEvent'];
        'X-Service-Event-Id': components['parameters']['XServiceEventId'];
        'X-Service-Delivery': components['parameters']['XServiceDelivery'];
        'X-Service-Attempt': components['parameters']['XServiceAttempt'];
        /** @description Standard Webhooks; the event id. */
        'webhook-id': components['parameters']['WebhookId'];
        /** @description Standard Webhooks; unix seconds. */
        'webhook-timestamp': components['parameters']['WebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`. */
        'webhook-signature': components['parameters']['WebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CompanyNetworkProblemEvent'] &
          components['schemas']['WebhookApiVersion'];
      };
    };
    responses: {
      /** @description Received: any 2xx within 20 s ends the delivery. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything else (or no answer in 20 s) is retried with backoff; 8 failures pause the webhook. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_compliance_reported: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the webhook secret>`. */
        'X-Service-Signature': components['parameters']['XServiceSignature'];
        'X-Service-Event': components['parameters']['XServiceEvent'];
        'X-Service-Event-Id': components['parameters']['XServiceEventId'];
        'X-Service-Delivery': components['parameters']['XServiceDelivery'];
        'X-Service-Attempt': components['parameters']['XServiceAttempt'];
        /** @description Standard Webhooks; the event id. */
        'webhook-id': components['parameters']['WebhookId'];
        /** @description Standard Webhooks; unix seconds. */
        'webhook-timestamp': components['parameters']['WebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`. */
        'webhook-signature': components['parameters']['WebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ComplianceReportedEvent'] &
          components['schemas']['WebhookApiVersion'];
      };
    };
    responses: {
      /** @description Received: any 2xx within 20 s ends the delivery. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything else (or no answer in 20 s) is retried with backoff; 8 failures pause the webhook. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_webhook_paused: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the webhook secret>`. */
        'X-Service-Signature': components['parameters']['XServiceSignature'];
        'X-Service-Event': components['parameters']['XServiceEvent'];
        'X-Service-Event-Id': components['parameters']['XServiceEventId'];
        'X-Service-Delivery': components['parameters']['XServiceDelivery'];
        'X-Service-Attempt': components['parameters']['XServiceAttempt'];
        /** @description Standard Webhooks; the event id. */
        'webhook-id': components['parameters']['WebhookId'];
        /** @description Standard Webhooks; unix seconds. */
        'webhook-timestamp': components['parameters']['WebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`. */
        'webhook-signature': components['parameters']['WebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookPausedEvent'] & components['schemas']['WebhookApiVersion'];
      };
    };
    responses: {
      /** @description Received: any 2xx within 20 s ends the delivery. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything else (or no answer in 20 s) is retried with backoff; 8 failures pause the webhook. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_punchout_cart: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the webhook secret>`. */
        'X-Service-Signature': components['parameters']['XServiceSignature'];
        'X-Service-Event': components['parameters']['XServiceEvent'];
        'X-Service-Event-Id': components['parameters']['XServiceEventId'];
        'X-Service-Delivery': components['parameters']['XServiceDelivery'];
        'X-Service-Attempt': components['parameters']['XServiceAttempt'];
        /** @description Standard Webhooks; the event id. */
        'webhook-id': components['parameters']['WebhookId'];
        /** @description Standard Webhooks; unix seconds. */
        'webhook-timestamp': components['parameters']['WebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`. */
        'webhook-signature': components['parameters']['WebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PunchoutCartEvent'] & components['schemas']['WebhookApiVersion'];
      };
    };
    responses: {
      /** @description Received: any 2xx within 20 s ends the delivery. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything else (or no answer in 20 s) is retried with backoff; 8 failures pause the webhook. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_flow_stored: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the webhook secret>`. */
        'X-Service-Signature': components['parameters']['XServiceSignature'];
        'X-Service-Event': components['parameters']['XServiceEvent'];
        'X-Service-Event-Id': components['parameters']['XServiceEventId'];
        'X-Service-Delivery': components['parameters']['XServiceDelivery'];
        'X-Service-Attempt': components['parameters']['XServiceAttempt'];
        /** @description Standard Webhooks; the event id. */
        'webhook-id': components['parameters']['WebhookId'];
        /** @description Standard Webhooks; unix seconds. */
        'webhook-timestamp': components['parameters']['WebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`. */
        'webhook-signature': components['parameters']['WebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['FlowStoredEvent'] & components['schemas']['WebhookApiVersion'];
      };
    };
    responses: {
      /** @description Received: any 2xx within 20 s ends the delivery. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything else (or no answer in 20 s) is retried with backoff; 8 failures pause the webhook. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_webhook_test: {
    parameters: {
      query?: never;
      header: {
        /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the webhook secret>`. */
        'X-Service-Signature': components['parameters']['XServiceSignature'];
        'X-Service-Event': components['parameters']['XServiceEvent'];
        'X-Service-Event-Id': components['parameters']['XServiceEventId'];
        'X-Service-Delivery': components['parameters']['XServiceDelivery'];
        'X-Service-Attempt': components['parameters']['XServiceAttempt'];
        /** @description Standard Webhooks; the event id. */
        'webhook-id': components['parameters']['WebhookId'];
        /** @description Standard Webhooks; unix seconds. */
        'webhook-timestamp': components['parameters']['WebhookTimestamp'];
        /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`. */
        'webhook-signature': components['parameters']['WebhookSignature'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookTestEvent'] & components['schemas']['WebhookApiVersion'];
      };
    };
    responses: {
      /** @description Received: any 2xx within 20 s ends the delivery. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Anything else (or no answer in 20 s) is retried with backoff; 8 failures pause the webhook. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
