import type { Client } from '@temporalio/client';
import express, { Router } from 'express';
import { createEventDispatcher } from '../../core/event-dispatcher.ts';
import { log } from '../../core/log.ts';
import type { Db } from '../../db/database.ts';
import { readSoapBody, SoapError, soapFault } from '../../upstreams/compliance/sdi/soap.ts';
import { readSdiNotification, receiveSdiNotification, SdiMessageError } from './notifications.ts';

/** Where the SdI calls us (the endpoint registered with the SDICoop channel). */
export const SDI_TRASMISSIONE_FATTURE_PATH = '/sdicoop/TrasmissioneFatture';

/** A notification file is a few KiB; an SdI message is at most 5 MB. */
const SOAP_LIMIT = '6mb';

/**
 * The TrasmissioneFatture service (TrasmissioneFatture_v1.1.wsdl): the SdI's RC, NS, MC, NE, DT and AT
 * about the invoices we transmitted. One-way operations: an empty HTTP 200 says the notification is
 * recorded; a SOAP fault (Client: the message is at fault; Server: try again) says it is not. The
 * SdI's mutual TLS is terminated in front of the service, which routes only the SdI's calls here.
 */
export function sdiRoutes(deps: { db: Db; temporal: Client }): Router {
  const router = Router();
  const events = createEventDispatcher(deps.temporal, deps.db);
  router.post(
    SDI_TRASMISSIONE_FATTURE_PATH,
    express.text({ type: () => true, limit: SOAP_LIMIT }),
    async (req, res) => {
      const fault = (code: 'Client' | 'Server', status: number, message: string) =>
        res.status(status).type('text/xml; charset=utf-8').send(soapFault(code, message));
      let notification;
      try {
        notification = readSdiNotification(readSoapBody(String(req.body ?? '')));
      } catch (err) {
        if (err instanceof SoapError || err instanceof SdiMessageError) return fault('Client', 500, err.message);
        throw err;
      }
      try {
        const result = await receiveSdiNotification({ ...deps, events }, notification);
        log.info('SdI notification', { type: notification.type, ...result });
        res.status(200).end();
      } catch (err) {
        log.error('SdI notification not recorded', { error: (err as Error).message });
        fault('Server', 500, 'not recorded, deliver again');
      }
    },
  );
  return router;
}
