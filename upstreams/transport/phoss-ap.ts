import { failure } from '../../core/failures.ts';
import type { HandOff, HandOffResult, PeppolTransport, TransmissionState } from './types.ts';

export interface PhossApTransportOptions {
  /** The access point's base URL (phoss-ap, or the project's own `gateway/`). */
  baseUrl: string;
  /** The `X-Token` its `/api/**` requires (phoss-ap `phase4.api.requiredtoken`). */
  token: string | undefined;
  timeoutMs: number;
}

/** phoss-ap's OutboundTransactionResponse, the fields read here. */
interface OutboundTransaction {
  sbdhInstanceID?: string;
  status?: 'pending' | 'rejected' | 'sending' | 'sent' | 'failed' | 'permanently_failed';
  errorDetails?: string | null;
  /** Set while phoss-ap itself will try a failed transmission again. */
  nextRetryDT?: string | null;
  mlsStatus?: 'pending' | 'received_ap' | 'received_ab' | 'received_re' | 'not_applicable' | null;
  /** The project's gateway also says why an MLS rejected the message. */
  mlsReason?: string | null;
}

/** phase4's Phase4PeppolSendingReport as JSON: the fields that tell a permanent failure from a temporary one. */
interface SendingReport {
  sbdhParsingException?: { message?: string };
  lookupError?: string;
  lookupException?: { class?: string; message?: string };
  c3EndpointUrl?: string;
  as4ResponseError?: boolean;
  as4ResponseErrors?: Array<{
    errorCode?: string;
    shortDescription?: string;
    description?: string;
    errorDetails?: string;
  }>;
  sendingResult?: string;
  sendingError?: string;
  sendingException?: { message?: string };
  overallSuccess?: boolean;
  /** The project's gateway says whether trying again can help, and why not. */
  permanent?: boolean;
  errorDetails?: string;
}

const parseJson = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Why a submission failed, as the workflow needs it: permanent when the message itself or its
 * recipient is at fault (re-sending cannot help), temporary otherwise — the access point keeps
 * retrying such a transmission itself and the workflow asks for it again.
 */
export function judgeSendingReport(report: SendingReport | undefined, status: number): ReturnType<typeof failure> {
  if (report?.sbdhParsingException)
    return failure(
      'SBDH_ERROR',
      `the access point could not read the envelope: ${report.sbdhParsingException.message ?? 'unknown error'}`,
    );
  const lookup = report?.lookupError ?? report?.lookupException?.message;
  if (lookup && !report?.c3EndpointUrl) {
    // The SML/SMP answered that the participant or its document type is not registered; an SMP
    // that cannot be reached is a temporary failure like any other.
    const notRegistered = /not ?found|no such|not registered|no endpoint|unknown participant|404/i.test(
      `${lookup} ${report?.lookupException?.class ?? ''}`,
    );
    return notRegistered
      ? failure('RECIPIENT_NOT_FOUND', `the recipient is not registered on the Peppol network: ${lookup}`)
      : failure('TRANSPORT_FAILURE', `the recipient's SMP could not be read: ${lookup}`);
  }
  if (report?.permanent === false)
    return failure(
      'TRANSPORT_FAILURE',
      `the access point could not send the message yet: ${report.errorDetails ?? status}`,
    );
  const errors = report?.as4ResponseErrors ?? [];
  if (report?.as4ResponseError && errors.length > 0) {
    const text = errors
      .map((e) => [e.errorCode, e.shortDescription, e.errorDetails ?? e.description].filter(Boolean).join(' '))
      .join('; ');
    return failure('AP_REJECTED', `the recipient's access point refused the message: ${text}`);
  }
  const cause = report?.sendingError ?? report?.sendingException?.message ?? report?.sendingResult;
  return failure(
    'TRANSPORT_FAILURE',
    cause ? `the access point could not send the message: ${cause}` : `the access point answered ${status}`,
  );
}

/**
 * The REST contract of phoss-ap (github phax/phoss-ap, `OutboundController`), which the project's
 * own access point in `gateway/` serves too: `POST /api/outbound/submit-sbd` with the complete SBD
 * sends it over AS4 and answers once the receiving access point's receipt is in (200), or 422 with
 * phase4's sending report while the access point keeps retrying; `GET /api/outbound/status/{id}`
 * tells a transmission's state and its Message Level Status, by the SBDH InstanceIdentifier.
 *
 * Every hand-off asks for the transmission first: one the access point already sent, or will
 * retry itself, is not submitted again.
 */
export function createPhossApTransport(options: PhossApTransportOptions): PeppolTransport {
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    try {
      return await fetch(`${options.baseUrl}${path}`, {
        ...init,
        headers: {
          accept: 'application/json',
          ...(options.token ? { 'x-token': options.token } : {}),
          ...init.headers,
        },
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      throw failure('TRANSPORT_FAILURE', `access point unreachable: ${(err as Error).message}`);
    }
  };

  /** The access point's record of a transmission, or undefined when it has none. */
  const findTransmission = async (instanceId: string): Promise<OutboundTransaction | undefined> => {
    const res = await call(`/api/outbound/status/${encodeURIComponent(instanceId)}`);
    const text = await res.text();
    if (res.status === 404) return undefined;
    if (res.status === 401) throw failure('TRANSPORT_FAILURE', 'the access point refused ACCESS_POINT_TOKEN (401)');
    if (!res.ok) throw failure('TRANSPORT_FAILURE', `access point status answered ${res.status}`);
    const body = parseJson(text);
    if (!body || typeof body !== 'object')
      throw failure('TRANSPORT_FAILURE', 'access point status answered without a JSON transaction');
    return body;
  };

  return {
    async handOff(input: HandOff): Promise<HandOffResult> {
      // phoss-ap keeps every submission as a transmission of its own: a hand-off repeated after a lost
      // answer (or a failure on our side after it) must find the first one rather than send again.
      const known = await findTransmission(input.instanceId);
      if (known?.status === 'sent') return { messageId: input.instanceId };
      // phoss-ap schedules its own retries (`nextRetryDT`); an access point that schedules none (the
      // project's gateway, or one restarted mid-send) expects the transmission to be submitted again.
      if (known?.nextRetryDT && known.status !== 'permanently_failed' && known.status !== 'rejected')
        throw failure(
          'TRANSPORT_FAILURE',
          `the access point is still sending the message (${known.status}, next attempt ${known.nextRetryDT}${known.errorDetails ? `: ${known.errorDetails}` : ''})`,
        );
      // Unknown there, given up, or left to us: submitted (again) under the same InstanceIdentifier.
      const res = await call('/api/outbound/submit-sbd', {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: input.sbd,
      });
      const text = await res.text();
      if (res.ok) return { messageId: input.instanceId };
      const body = parseJson(text);
      switch (res.status) {
        case 400:
          // phoss-ap: "Failed to submit the outbound SBD transaction" — the envelope is at fault.
          throw failure(
            'SBDH_ERROR',
            `the access point refused the envelope: ${typeof body === 'string' ? body : text.slice(0, 500) || 'no reason given'}`,
          );
        case 401:
          throw failure('TRANSPORT_FAILURE', 'the access point refused ACCESS_POINT_TOKEN (401)');
        case 404:
          throw failure('TRANSPORT_FAILURE', 'the access point does not send (sending disabled, or not its API: 404)');
        case 422:
          throw judgeSendingReport(body as SendingReport | undefined, res.status);
        default:
          throw failure('TRANSPORT_FAILURE', `access point answered ${res.status}`);
      }
    },

    async transmission(messageId: string): Promise<TransmissionState> {
      const known = await findTransmission(messageId);
      switch (known?.mlsStatus) {
        case 'received_ap':
          return { mls: { code: 'AP' } };
        case 'received_ab':
          return { mls: { code: 'AB' } };
        case 'received_re':
          return { mls: { code: 'RE', reason: known.mlsReason ?? 'the receiving access point answered RE (MLS)' } };
        case 'not_applicable':
          return { mls: 'not_expected' };
        default:
          return { mls: 'pending' };
      }
    },

    async probe() {
      // An id no transmission has: 404 proves the API answers and takes the token (401 does not).
      const res = await call('/api/outbound/status/health-probe');
      await res.body?.cancel();
      if (res.status === 401) throw new Error('the access point refused ACCESS_POINT_TOKEN');
      if (res.status !== 404 && !res.ok) throw new Error(`access point status answered ${res.status}`);
      return 'access point answers';
    },
  };
}
