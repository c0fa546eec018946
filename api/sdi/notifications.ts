import type { Client } from '@temporalio/client';
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import type { EventDispatcher } from '../../core/event-dispatcher.ts';
import { log } from '../../core/log.ts';
import { countComplianceReport } from '../../core/metrics.ts';
import { workflowIds } from '../../core/temporal.ts';
import type { Db } from '../../db/database.ts';
import { findSdiTransmissionForUpdate, setComplianceReport, type ComplianceReportRow } from '../../db/compliance.ts';
import { insertEvent } from '../../db/events.ts';
import { parseSdiFileName, seqOfProgressivo } from '../../upstreams/compliance/sdi/index.ts';
import type { SoapBody } from '../../upstreams/compliance/sdi/soap.ts';
import { complianceNotifiedSignal } from '../../workflows/compliance/report.ts';

/** The SdI's notifications to a transmitter (TrasmissioneFatture_v1.1), by SOAP body element. */
export const SDI_NOTIFICATIONS = {
  ricevutaConsegna: { type: 'RC', message: 'RicevutaConsegna' },
  notificaMancataConsegna: { type: 'MC', message: 'NotificaMancataConsegna' },
  notificaScarto: { type: 'NS', message: 'NotificaScarto' },
  notificaEsito: { type: 'NE', message: 'NotificaEsito' },
  notificaDecorrenzaTermini: { type: 'DT', message: 'NotificaDecorrenzaTermini' },
  attestazioneTrasmissioneFattura: { type: 'AT', message: 'AttestazioneTrasmissioneFattura' },
} as const;
export type SdiNotificationType = (typeof SDI_NOTIFICATIONS)[keyof typeof SDI_NOTIFICATIONS]['type'];

/** Duplicate codes: 00404 invoice already received, 00002 file name already received. */
const DUPLICATE_CODES = new Set(['00404', '00002']);

/** Where a notification leaves the invoice's delivery, and whether it decides the transmission report. */
export const NOTIFICATION_OUTCOMES: Record<
  SdiNotificationType,
  { delivery: string; decides: 'accepted' | 'failed' | null }
> = {
  // Delivered to the recipient: the invoice is issued.
  RC: { delivery: 'delivered', decides: 'accepted' },
  // Not delivered, but the SdI made it available in the recipient's reserved area: issued all the same.
  MC: { delivery: 'available_to_recipient', decides: 'accepted' },
  // Public administration, undeliverable: the SdI attests the transmission, the invoice is issued.
  AT: { delivery: 'transmission_attested', decides: 'accepted' },
  // Discarded by the SdI's checks: the invoice does not exist for tax purposes.
  NS: { delivery: 'discarded', decides: 'failed' },
  // The public administration's outcome (EC01/EC02) and the lapse of its 15 days come after delivery.
  NE: { delivery: 'delivered', decides: null },
  DT: { delivery: 'delivered', decides: null },
};

export interface SdiNotification {
  type: SdiNotificationType;
  /** Of the notification file itself (IT…_RC_001.xml). */
  fileName: string;
  identificativoSdI: string;
  /** The transmitted invoice file the notification is about. */
  invoiceFileName: string;
  errors: Array<{ code: string; description: string }>;
  /** NE: EC01 accepted / EC02 refused by the public administration. */
  esito?: string | undefined;
  description?: string | undefined;
  receivedAt: string | undefined;
}

export class SdiMessageError extends Error {}

const children = (node: XmlElement, name: string): XmlElement[] => {
  const out: XmlElement[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling)
    if (c.nodeType === 1 && (c as XmlElement).localName === name) out.push(c as XmlElement);
  return out;
};
const text = (node: XmlElement | undefined, name: string) =>
  node ? children(node, name)[0]?.textContent?.trim() || undefined : undefined;

/** Reads a TrasmissioneFatture call: the SOAP body element (fileSdI_Type) and the message file it carries. */
export function readSdiNotification(body: SoapBody): SdiNotification {
  const kind = SDI_NOTIFICATIONS[body.name as keyof typeof SDI_NOTIFICATIONS];
  if (!kind) throw new SdiMessageError(`unknown TrasmissioneFatture operation element ${body.name}`);
  const { IdentificativoSdI: id, NomeFile: fileName, File: file } = body.fields;
  if (!id || !/^\d{1,12}$/.test(id) || !fileName || !file)
    throw new SdiMessageError(`${body.name} needs IdentificativoSdI, NomeFile and File`);
  const xml = Buffer.from(file, 'base64').toString('utf8');
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, m) => void (level !== 'warning' && errors.push(m)) }).parseFromString(
    xml,
    'text/xml',
  );
  const root = doc.documentElement;
  if (errors.length > 0 || !root) throw new SdiMessageError(`the ${kind.type} file is not XML`);
  if (root.localName !== kind.message || root.namespaceURI !== 'http://www.fatturapa.gov.it/sdi/messaggi/v1.0')
    throw new SdiMessageError(`${body.name} must carry a ${kind.message}, not ${root.localName}`);
  const inner = text(root, 'IdentificativoSdI');
  const invoiceFileName = text(root, 'NomeFile');
  if (!inner || !invoiceFileName) throw new SdiMessageError(`the ${kind.type} names no IdentificativoSdI or NomeFile`);
  const lista = children(root, 'ListaErrori')[0];
  const esito = children(root, 'EsitoCommittente')[0];
  return {
    type: kind.type,
    fileName,
    identificativoSdI: inner,
    invoiceFileName,
    errors: lista
      ? children(lista, 'Errore').map((e) => ({
          code: text(e, 'Codice') ?? '',
          description: text(e, 'Descrizione') ?? '',
        }))
      : [],
    esito: text(esito, 'Esito'),
    description: text(esito, 'Descrizione'),
    receivedAt: text(root, 'DataOraRicezione') ?? text(root, 'DataOraConsegna'),
  };
}

export interface SdiNotificationDeps {
  db: Db;
  temporal: Client;
  events: EventDispatcher;
}

/** The live `issued` report the notification is about: by IdentificativoSdI, else by our file name. */
async function findReport(db: Db, n: SdiNotification): Promise<ComplianceReportRow | undefined> {
  const byId = await findSdiTransmissionForUpdate(db, { identificativoSdI: n.identificativoSdI });
  if (byId) return byId;
  // A transmission whose answer was lost (a crash between the SdI's receipt and our write) is known
  // by the file name only: its progressivo is the report's insertion number.
  const name = parseSdiFileName(n.invoiceFileName);
  const seq = name ? seqOfProgressivo(name.progressivo) : null;
  if (seq === null) return undefined;
  const row = await findSdiTransmissionForUpdate(db, { seq: String(seq) });
  const sent = (row?.platform_response as { nomeFile?: string } | null)?.nomeFile;
  return row && (!sent || sent.replace(/\.xml.*$/, '') === n.invoiceFileName.replace(/\.xml.*$/, '')) ? row : undefined;
}

export interface SdiNotificationResult {
  reportId: string | null;
  decided: 'accepted' | 'failed' | null;
  duplicate: boolean;
}

/**
 * Records one SdI notification on the transmission report, at most once (the SdI delivers again
 * what it could not confirm): the notification list, the delivery state and, for the first decisive
 * one, the report's outcome and its `compliance.reported` event, in one transaction under the
 * report's row lock, so a notification delivered twice or raced by the workflow's own check is
 * never reported twice. The compliance workflow is then woken to move on.
 */
export async function receiveSdiNotification(
  deps: SdiNotificationDeps,
  n: SdiNotification,
): Promise<SdiNotificationResult> {
  const at = new Date();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const report = await findReport(trx, n);
    if (!report) return undefined;
    const previous = (report.platform_response ?? {}) as Record<string, unknown> & {
      notifications?: Array<{ type: string; fileName: string; identificativoSdI: string }>;
      transmissions?: number;
    };
    const seen = previous.notifications ?? [];
    const key = (x: { type: string; fileName: string; identificativoSdI: string }) =>
      `${x.type}|${x.identificativoSdI}|${x.fileName}`;
    if (seen.some((x) => key(x) === key(n))) return { report, decided: null, duplicate: true, event: undefined };
    const rule = NOTIFICATION_OUTCOMES[n.type];
    const undecided = report.status === 'pending' || report.status === 'submitted';
    // A duplicate discard of a file transmitted more than once (an attempt whose answer was lost) says
    // nothing of the first transmission: its own notification decides.
    const onlyDuplicate = n.errors.length > 0 && n.errors.every((e) => DUPLICATE_CODES.has(e.code));
    const retransmitted = (previous.transmissions ?? 1) > 1 || n.identificativoSdI !== report.submission_id;
    const decides = undecided && rule.decides && !(rule.decides === 'failed' && onlyDuplicate && retransmitted);
    const decided = decides ? rule.decides : null;
    const response = {
      ...previous,
      delivery: decided ? rule.delivery : (previous.delivery ?? null),
      ...(n.type === 'NE' ? { esitoCommittente: n.esito ?? null } : {}),
      notifications: [
        ...seen,
        {
          type: n.type,
          fileName: n.fileName,
          identificativoSdI: n.identificativoSdI,
          errors: n.errors,
          ...(n.esito ? { esito: n.esito } : {}),
          receivedAt: n.receivedAt ?? null,
          recordedAt: at.toISOString(),
        },
      ],
    };
    const first = decided ? n.errors[0] : undefined;
    await setComplianceReport(trx, report.id, {
      platform_response: JSON.stringify(response),
      updated_at: at,
      ...(decided
        ? {
            status: decided,
            submission_id: report.submission_id ?? n.identificativoSdI,
            error_code: decided === 'failed' ? (first?.code ?? 'NS') : null,
            error_message: decided === 'failed' ? (first?.description ?? 'discarded by the SdI') : null,
            next_check_at: null,
          }
        : {}),
    });
    const event = decided
      ? await insertEvent(trx, {
          organizationId: report.organization_id,
          livemode: report.livemode,
          companyId: report.company_id,
          type: 'compliance.reported',
          data: {
            documentId: report.document_id,
            reportId: report.id,
            reportedTo: report.platform,
            country: report.country,
            lifecycleStatus: report.lifecycle_status,
            status: decided,
            ...(decided === 'failed'
              ? { errorCode: first?.code ?? 'NS', errorMessage: first?.description ?? 'discarded by the SdI' }
              : {}),
          },
        })
      : undefined;
    return { report, decided, duplicate: false, event };
  });
  if (!outcome) {
    log.warn('SdI notification for no transmission of ours', {
      type: n.type,
      identificativoSdI: n.identificativoSdI,
      fileName: n.invoiceFileName,
    });
    return { reportId: null, decided: null, duplicate: false };
  }
  if (outcome.event) {
    await deps.events.dispatch([outcome.event]);
    countComplianceReport('SDI', outcome.decided!);
    await deps.temporal.workflow
      .getHandle(workflowIds.compliance(outcome.report.document_id, outcome.report.country))
      .signal(complianceNotifiedSignal)
      .catch(() => undefined); // No open run: the report is decided, a later run skips it.
  }
  return { reportId: outcome.report.id, decided: outcome.decided, duplicate: outcome.duplicate };
}
