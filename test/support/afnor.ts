import { readFileSync } from 'node:fs';
import type { Client } from '@temporalio/client';
import path from 'node:path';
import { PROJECT_ROOT } from '../../core/config.ts';
import { afnorApis } from '../../api/afnor/index.ts';
import { partnerRecipientDirectory } from '../../api/partners/recipients.ts';
import { startTestApp, type TestApp } from './app.ts';
import { testServers } from './servers.ts';
import { loopbackWebhookSenders, testUpstreams } from './upstreams.ts';

export const FLOWS = '/afnor/flow-service/v1';
export const DIRECTORY = '/afnor/directory-service/v1';

/**
 * The app with the AFNOR facade mounted as api/server.ts mounts it, response validation on; with
 * `temporal`, the app and the facade use that client (one that cannot reach its server, say).
 */
export async function startAfnorApp(options: { temporal?: Client } = {}): Promise<TestApp> {
  const { db } = testServers();
  const temporal = options.temporal ?? testServers().temporal;
  const upstreams = testUpstreams({}, db);
  return startTestApp({
    ...(options.temporal ? { temporal } : {}),
    apis: afnorApis({
      db,
      temporal,
      recipients: partnerRecipientDirectory(db, upstreams.directory),
      directory: upstreams.directory,
      // The facade's webhook tests deliver to a receiver on loopback.
      webhookSenders: loopbackWebhookSenders(),
    }),
  });
}

/** A multipart flow submission: `flowInfo` as JSON text and the file. */
export function flowForm(flowInfo: Record<string, unknown>, file: Buffer | string, filename = 'flow.xml'): FormData {
  const form = new FormData();
  form.append('flowInfo', JSON.stringify(flowInfo));
  form.append('file', new Blob([new Uint8Array(typeof file === 'string' ? Buffer.from(file) : file)]), filename);
  return form;
}

/**
 * A CII invoice that passes the Peppol BIS rules, from one of the official CII examples: the Peppol
 * context, and the seller's and buyer's electronic addresses set to the given participant ids.
 */
export function peppolCii(sellerPeppolId: string, buyerPeppolId: string): string {
  const uri = (id: string) =>
    `<ram:URIUniversalCommunication><ram:URIID schemeID="${id.slice(0, 4)}">${id.slice(5)}</ram:URIID></ram:URIUniversalCommunication>`;
  let seen = 0;
  return readFileSync(path.join(PROJECT_ROOT, 'test/data/peppol/cii/CII-BR-CO-10-RoundingIssue.xml'), 'utf8')
    .replace(
      /<rsm:ExchangedDocumentContext>[\s\S]*?<\/rsm:ExchangedDocumentContext>/,
      `<rsm:ExchangedDocumentContext>
        <ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>
        <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
      </rsm:ExchangedDocumentContext>`,
    )
    .replace(/<\/ram:PostalTradeAddress>/g, (match) => {
      seen += 1;
      if (seen === 1) return `${match}${uri(sellerPeppolId)}`;
      if (seen === 2) return `${match}${uri(buyerPeppolId)}`;
      return match;
    });
}
