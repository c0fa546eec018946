import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the stand-in's next sending of a transmission to a receiver ends. */
export type StubOutcome = 'sent' | 'transport-error' | 'unknown-receiver' | 'smp-down' | 'as4-error';

export interface StubTransaction {
  sbdhInstanceID: string;
  receiverID: string;
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'permanently_failed';
  attemptCount: number;
  errorDetails: string | null;
  nextRetryDT: string | null;
  mlsStatus: 'pending' | 'received_ap' | 'received_ab' | 'received_re' | 'not_applicable';
  mlsReason?: string;
}

export interface PhossApStub {
  url: string;
  token: string;
  /** Every submitted body, in order (phoss-ap keeps each submission as a transaction of its own). */
  submissions: string[];
  transactions: Map<string, StubTransaction>;
  /** The outcome of sending to a receiver; `sent` when none is set. */
  outcomes: Map<string, StubOutcome>;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
};

/**
 * A stand-in for phoss-ap's REST API, written from its source (github phax/phoss-ap):
 * `ApiTokenFilter` (X-Token on /api/**, 401 `{"error":"Invalid or missing API token"}`),
 * `OutboundController` (`POST /api/outbound/submit-sbd`: 400 a JSON string when the SBD cannot be
 * read, 200 or 422 with phase4's `Phase4PeppolSendingReport` as JSON; `GET /api/outbound/status/{id}`:
 * an `OutboundTransactionResponse`, 404 when unknown). Like phoss-ap it does not refuse a second
 * submission of the same InstanceIdentifier.
 */
export async function startPhossApStub(token = 'phoss-ap-test-token'): Promise<PhossApStub> {
  const submissions: string[] = [];
  const transactions = new Map<string, StubTransaction>();
  const outcomes = new Map<string, StubOutcome>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      if (url.pathname.startsWith('/api/') && req.headers['x-token'] !== token)
        return json(res, 401, { error: 'Invalid or missing API token' });
      const status = /^\/api\/outbound\/status\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && status) {
        const found = transactions.get(decodeURIComponent(status[1]));
        if (!found) {
          res.statusCode = 404;
          return res.end();
        }
        return json(res, 200, { id: `tx-${found.sbdhInstanceID}`, transactionType: 'business_document', ...found });
      }
      if (req.method === 'POST' && url.pathname === '/api/outbound/submit-sbd') {
        submissions.push(body);
        const instanceId = /<(?:\w+:)?InstanceIdentifier>([^<]+)</.exec(body)?.[1];
        const receiver = /<(?:\w+:)?Receiver>\s*<(?:\w+:)?Identifier[^>]*>([^<]+)</.exec(body)?.[1];
        if (!body.includes('StandardBusinessDocumentHeader') || !instanceId || !receiver)
          return json(res, 400, 'Failed to submit outbound SBD transaction');
        const outcome = outcomes.get(receiver) ?? 'sent';
        const previous = transactions.get(instanceId);
        const tx: StubTransaction = {
          sbdhInstanceID: instanceId,
          receiverID: `iso6523-actorid-upis::${receiver}`,
          status: 'sending',
          attemptCount: (previous?.attemptCount ?? 0) + 1,
          errorDetails: null,
          nextRetryDT: null,
          mlsStatus: 'pending',
        };
        transactions.set(instanceId, tx);
        const report = { sbdhInstanceIdentifier: instanceId, receiverId: tx.receiverID, phase4Version: '4.4.1' };
        switch (outcome) {
          case 'sent':
            tx.status = 'sent';
            return json(res, 200, { ...report, sendingResult: 'SUCCESS', sendingSuccess: true, overallSuccess: true });
          case 'transport-error':
            tx.status = 'failed';
            // phoss-ap's RetryScheduler takes it from here.
            tx.nextRetryDT = new Date(Date.now() + 60_000).toISOString();
            tx.errorDetails = 'Connect to 127.0.0.1:9 failed: Connection refused';
            return json(res, 422, {
              ...report,
              c3EndpointUrl: 'https://ap.example/as4',
              sendingResult: 'TRANSPORT_ERROR',
              sendingError: tx.errorDetails,
              sendingSuccess: false,
              overallSuccess: false,
            });
          case 'unknown-receiver':
            tx.status = 'permanently_failed';
            tx.errorDetails = 'Failed to resolve SMP endpoint';
            return json(res, 422, {
              ...report,
              lookupError: `The participant ${receiver} is not found in the SML`,
              lookupException: {
                class: 'com.helger.smpclient.exception.SMPClientNotFoundException',
                message: 'Not Found',
              },
              overallSuccess: false,
            });
          case 'smp-down':
            tx.status = 'failed';
            tx.nextRetryDT = new Date(Date.now() + 60_000).toISOString();
            return json(res, 422, {
              ...report,
              lookupError: 'Failed to query SMP',
              lookupException: { class: 'java.net.ConnectException', message: 'Connection timed out' },
              overallSuccess: false,
            });
          case 'as4-error':
            tx.status = 'permanently_failed';
            return json(res, 422, {
              ...report,
              c3EndpointUrl: 'https://ap.example/as4',
              as4ResponseError: true,
              as4ResponseErrors: [
                {
                  errorCode: 'EBMS:0004',
                  severity: 'failure',
                  shortDescription: 'Other',
                  errorDetails: 'PEPPOL:NOT_SERVICED',
                },
              ],
              sendingResult: 'SUCCESS',
              overallSuccess: false,
            });
        }
      }
      res.statusCode = 404;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    submissions,
    transactions,
    outcomes,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
