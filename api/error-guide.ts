import type { ErrorCode } from './errors.ts';

export interface ErrorExplanation {
  /** What the code means. */
  meaning: string;
  /** The usual reason a caller meets it. */
  cause: string;
  /** What to change before sending again. */
  fix: string;
  /** Whether the same request may succeed later unchanged. */
  retry: 'no' | 'after Retry-After' | 'with backoff' | 'after the first request ends';
}

/**
 * The reader's side of the catalog in errors.ts, rendered at /docs/errors (where every `docUrl`
 * points). Typed by ErrorCode, so a new code without an explanation does not compile.
 */
export const ERROR_GUIDE: Record<ErrorCode, ErrorExplanation> = {
  INVALID_REQUEST: {
    meaning:
      'The request does not match the contract: malformed JSON, an unknown or mistyped field, a value out of range.',
    cause: 'A typo in a field name, a number sent as a string, a missing body or a wrong Content-Type.',
    fix: '`details` names each field and rule that failed; correct them (the reference shows every field).',
    retry: 'no',
  },
  MISSING_FIELD: {
    meaning: 'A field the operation requires is absent or empty.',
    cause: 'Leaving out `to`, `document.lines`, a reason for a rejection, a payment date …',
    fix: 'Add the field that `details[].field` names.',
    retry: 'no',
  },
  INVALID_ENUM: {
    meaning: 'A field holds a value outside its allowed list.',
    cause: 'A misspelled document type, status or event name.',
    fix: 'Use one of the values the reference lists for that field.',
    retry: 'no',
  },
  INVALID_VAT_FORMAT: {
    meaning: 'A VAT number is not well-formed.',
    cause: 'Spaces or dots, a missing country prefix, or a wrong length for the country.',
    fix: 'Send the VAT number as the country prefix followed by its digits, e.g. `BE0449568076`.',
    retry: 'no',
  },
  INVALID_IBAN: {
    meaning: 'An IBAN fails its format or checksum.',
    cause: 'A typo, spaces kept inside, or an account number that is not an IBAN.',
    fix: 'Send the IBAN without spaces and check its digits.',
    retry: 'no',
  },
  INVALID_CURRENCY: {
    meaning: 'A currency is not an ISO 4217 code.',
    cause: 'A symbol (`€`) or a lowercase or retired code.',
    fix: 'Send the three-letter code, e.g. `EUR`.',
    retry: 'no',
  },
  INVALID_DATE: {
    meaning: 'A date is not a calendar date in `YYYY-MM-DD`, or a date range is reversed.',
    cause: 'A local format (`21/11/2026`), a timestamp where a date is expected, or `from` after `to`.',
    fix: 'Send ISO 8601 dates (`2026-11-21`).',
    retry: 'no',
  },
  MISSING_AUTH: {
    meaning: 'The request carries no credentials.',
    cause: 'No `Authorization` header, or one without the `Bearer ` prefix.',
    fix: 'Send `Authorization: Bearer <API key>`; a sandbox key comes from `POST /v1/sandbox/keys`.',
    retry: 'no',
  },
  INVALID_TOKEN: {
    meaning: 'The key or token is not one the service issued.',
    cause: 'A truncated or mistyped key, or a JWT signed by another issuer or for another audience.',
    fix: 'Copy the key again; check the JWT issuer and audience.',
    retry: 'no',
  },
  EXPIRED_TOKEN: {
    meaning: 'The JWT or key has expired.',
    cause: 'A token past its `exp`, or a key past its expiry date.',
    fix: 'Obtain a fresh token, or create a new key.',
    retry: 'no',
  },
  REVOKED_KEY: {
    meaning: 'The API key has been revoked.',
    cause: 'Someone in the organization revoked it, or it was rotated.',
    fix: 'Use a current key of the organization.',
    retry: 'no',
  },
  INSUFFICIENT_SCOPE: {
    meaning: 'The key lacks the scope this operation needs.',
    cause: 'A key created with a narrow list of scopes (the reference shows `x-scope` per operation).',
    fix: 'Create a key with the scope, or with `*`.',
    retry: 'no',
  },
  COMPANY_FORBIDDEN: {
    meaning: 'The caller may not act for this company.',
    cause: 'A key bound to another company, or a company of another organization.',
    fix: 'Use a key of the company, or one of the organization without a company binding.',
    retry: 'no',
  },
  ORGANIZATION_FORBIDDEN: {
    meaning: 'The token does not grant the organization it names.',
    cause: 'A JWT with `X-Service-Organization-Id` set to an organization it has no grant for.',
    fix: 'Pick one of the organizations the token grants (`GET /v1/me`).',
    retry: 'no',
  },
  KEY_TYPE_FORBIDDEN: {
    meaning: 'This kind of key may not call this operation.',
    cause: 'A tenant key on a platform operation, or the other way round.',
    fix: 'Call with the key type the operation is for (platform, white-label or company key).',
    retry: 'no',
  },
  SANDBOX_ONLY: {
    meaning: 'A sandbox helper was called with live credentials.',
    cause: 'Using a `svc_live_` key on `/v1/sandbox/*`.',
    fix: 'Call sandbox helpers with a `svc_test_` key.',
    retry: 'no',
  },
  RESOURCE_NOT_FOUND: {
    meaning: 'No such route or object, or it is not visible to the caller.',
    cause: 'A misspelled path or id, or an object of another organization or mode (live vs. sandbox).',
    fix: 'Check the path and id, and that the key is of the same mode as the object.',
    retry: 'no',
  },
  COMPANY_NOT_FOUND: {
    meaning: 'The company named (by id, `vat:` or `peppol:`) does not exist for the caller.',
    cause: 'A company of another organization or mode, or a sender that is not onboarded.',
    fix: 'List your companies (`GET /v1/companies`) and use one of them.',
    retry: 'no',
  },
  DOCUMENT_NOT_FOUND: {
    meaning: 'No such document for the caller.',
    cause: 'A wrong id, or a document of another organization or mode.',
    fix: 'Check the id (`GET /v1/documents`).',
    retry: 'no',
  },
  PARTNER_NOT_FOUND: {
    meaning: 'No such trading partner.',
    cause: 'A wrong id or a partner of another company.',
    fix: 'List the partners (`GET /v1/partners`).',
    retry: 'no',
  },
  METHOD_NOT_ALLOWED: {
    meaning: 'The path exists but not with this HTTP method.',
    cause: 'A GET on a POST-only operation, or the other way round.',
    fix: 'Use one of the methods in the `Allow` header.',
    retry: 'no',
  },
  COMPANY_EXISTS: {
    meaning: 'A company with this VAT number or Peppol id already exists.',
    cause: 'Creating the same company twice.',
    fix: '`details` holds the existing company id; use it, or ask to join it.',
    retry: 'no',
  },
  PARTICIPANT_REGISTERED_ELSEWHERE: {
    meaning: "The company's Peppol participant id is registered in the SML by another provider's SMP.",
    cause:
      'The company already receives Peppol documents through another provider; a participant has one SMP at a time.',
    fix: 'Ask that provider to start an SMP migration; give its migration key as `smpMigrationKey` on create, or to `POST /v1/companies/{company_id}/smp-migration` with `{"action": "inbound"}`.',
    retry: 'no',
  },
  PARTNER_EXISTS: {
    meaning: 'This partner already exists for the company.',
    cause: 'Creating the same partner twice.',
    fix: 'Update the existing partner instead.',
    retry: 'no',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    meaning: 'A request with the same `Idempotency-Key` is still running.',
    cause: 'A retry sent before the first attempt answered.',
    fix: 'Wait and send the same request with the same key again: it answers what the first one did.',
    retry: 'after the first request ends',
  },
  IDEMPOTENCY_BODY_MISMATCH: {
    meaning: 'The `Idempotency-Key` was used with a different body.',
    cause: 'Reusing a key for a new request.',
    fix: 'Use a fresh key per distinct request; reuse a key only to retry the same request.',
    retry: 'no',
  },
  INVALID_TRANSITION: {
    meaning: 'The lifecycle move is not allowed from the current status.',
    cause: 'Approving a paid invoice, rejecting a final one …',
    fix: '`allowedTransitions` lists the moves that are possible now.',
    retry: 'no',
  },
  PAYLOAD_TOO_LARGE: {
    meaning: 'The body exceeds the size limit.',
    cause: 'A file over 5 MiB, or a batch with too much content.',
    fix: 'Send smaller files, or split the batch.',
    retry: 'no',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    meaning: 'The Content-Type is not accepted here, or the file type is not supported.',
    cause: 'Posting form data, or a file type the operation does not read.',
    fix: 'Send `application/json`, or one of the document types the operation lists.',
    retry: 'no',
  },
  VAT_NOT_FOUND: {
    meaning: 'The VAT number is well-formed but unknown to the tax registry.',
    cause: 'A typo, or a number not yet registered.',
    fix: 'Check the number with the company.',
    retry: 'no',
  },
  PEPPOL_ID_REQUIRED: {
    meaning: "The company's tax number determines no Peppol participant id in its country.",
    cause:
      'An Icelandic VAT number (not the kennitala), a New Zealand GST number (not the NZBN), a Singapore GST number that is not a UEN, or a country the service does not serve.',
    fix: 'Give the identifier the message names in `additionalIdentifiers` (e.g. `{scheme: "0196", value: "<kennitala>"}`); docs/countries.md lists each country.',
    retry: 'no',
  },
  COMPANY_INACTIVE: {
    meaning: 'The company is not active and cannot send or receive.',
    cause: 'A company that is suspended or not yet verified.',
    fix: 'Complete the company onboarding, or reactivate it.',
    retry: 'no',
  },
  VAT_INACTIVE: {
    meaning: 'The registry reports the VAT number as inactive.',
    cause: 'A deregistered company.',
    fix: 'Check the VAT number with the company.',
    retry: 'no',
  },
  RECIPIENT_NOT_FOUND: {
    meaning: 'The recipient is not on the Peppol network.',
    cause: 'A wrong Peppol id, or a company that is not registered with any access point.',
    fix: 'Verify the recipient first (`POST /v1/directory/verify`), or deliver another way.',
    retry: 'no',
  },
  RECIPIENT_CANNOT_RECEIVE: {
    meaning: 'The recipient is on Peppol but does not accept this document type.',
    cause: 'Sending an order to a recipient registered for invoices only.',
    fix: 'Check what the recipient accepts (`GET /v1/directory/participants/{id}`).',
    retry: 'no',
  },
  UBL_VALIDATION_FAILED: {
    meaning: 'The document breaks Peppol BIS or EN 16931 rules.',
    cause: 'Totals that do not add up, a missing buyer reference, a VAT category without its rate …',
    fix: '`details` lists every failed rule with its path; `POST /v1/documents/validate` checks without sending.',
    retry: 'no',
  },
  OVERPAYMENT: {
    meaning: 'The payment would exceed the amount due.',
    cause: 'Recording a payment twice, or a wrong amount.',
    fix: 'Record at most the outstanding amount (see the document payment info).',
    retry: 'no',
  },
  AMOUNT_MISMATCH: {
    meaning: 'An amount does not match the document.',
    cause: 'A final payment whose amount differs from the amount due.',
    fix: 'Send the amount due, or record a partial payment.',
    retry: 'no',
  },
  DOCUMENT_NOT_PAYABLE: {
    meaning: 'Payments cannot be recorded for this document.',
    cause: 'A credit note, an outgoing document, or one that is rejected.',
    fix: 'Record payments on incoming invoices that are not final.',
    retry: 'no',
  },
  WEBHOOK_TEST_FAILED: {
    meaning: 'The test event sent to the webhook was not accepted.',
    cause: 'The endpoint is down, slow (over 20 s), or answers a non-2xx status.',
    fix: 'Fix the endpoint (the response holds the status it answered), then re-activate again.',
    retry: 'no',
  },
  SMP_MIGRATION_FAILED: {
    meaning: 'The SMP refused the participant migration.',
    cause:
      'The migration key is wrong or expired, no outbound migration was started, or the participant is already here.',
    fix: 'Check the key with the other provider (it is valid for a limited time), or start the outbound migration first.',
    retry: 'no',
  },
  RATE_LIMITED: {
    meaning: 'Too many requests in the key’s 60-second window.',
    cause: 'Bursts above the plan’s rate, or loops without backoff.',
    fix: 'Wait `Retry-After` seconds; spread requests out (`X-RateLimit-Remaining` tells how many are left).',
    retry: 'after Retry-After',
  },
  QUOTA_EXCEEDED: {
    meaning: 'The monthly document quota of the plan is spent.',
    cause: 'More documents this month than the plan includes.',
    fix: 'Upgrade the plan, or wait for the next month (`Retry-After`).',
    retry: 'after Retry-After',
  },
  INTERNAL_ERROR: {
    meaning: 'The service failed unexpectedly.',
    cause: 'A defect on our side.',
    fix: 'Retry with backoff and the same `Idempotency-Key`; if it persists, send us the `requestId`.',
    retry: 'with backoff',
  },
  UPSTREAM_UNAVAILABLE: {
    meaning: 'A system the service depends on is unavailable (its circuit breaker may be open).',
    cause: 'A registry, directory, database or workflow engine outage.',
    fix: 'Retry after `Retry-After`, with the same `Idempotency-Key`.',
    retry: 'after Retry-After',
  },
  UPSTREAM_TIMEOUT: {
    meaning: 'A system the service depends on did not answer in time.',
    cause: 'A slow registry or directory.',
    fix: 'Retry with backoff and the same `Idempotency-Key`.',
    retry: 'with backoff',
  },
  DOMAIN_TAKEN: {
    meaning: 'Another platform has already verified this custom domain.',
    cause: 'Setting a domain that another platform of the service uses for its reference page.',
    fix: 'Use a domain (or sub-domain) of your own, set it with PATCH /v1/platform/settings and verify it.',
    retry: 'no',
  },
  DOCUMENT_EXISTS: {
    meaning: 'The sending company already sent a live document of this type with this number.',
    cause: 'Sending the same invoice twice without an Idempotency-Key, or reusing a number.',
    fix: '`details[0].existingId` names the document already sent; use it, or send with `allowDuplicateNumber: true` if a second document of the number is meant.',
    retry: 'no',
  },
  TAG_EXISTS: {
    meaning: 'A tag group (in the organization) or a tag (in its group) already has this name.',
    cause: 'Creating the same tag or group twice; names compare ignoring case.',
    fix: "Use the existing tag (list the group's tags) or choose another name.",
    retry: 'no',
  },
  AMOUNT_OUT_OF_RANGE: {
    meaning: 'A total the document adds up to is too large to be stored (10^16 or more).',
    cause: 'A quantity or price with too many digits, usually a unit mistake.',
    fix: 'Check the lines that `details[].field` points to; totals must stay below 10,000,000,000,000,000.',
    retry: 'no',
  },
};
