import type { Agent } from 'node:https';
import { failure } from '../../../core/failures.ts';
import { SDI_RECIPIENT_OUTCOMES } from '../../../core/compliance-reporting.ts';
import { renderFatturaPA } from '../../../peppol/fatturapa/index.ts';
import type { DocumentBody, DocumentType } from '../../../peppol/types.ts';
import type { ComplianceAnswer, CompliancePlatform, ComplianceSubmission } from '../types.ts';
import { SDICOOP_NS, SOAP_ACTIONS, soapEnvelope } from './soap.ts';
import { sdiAgent, soapCall, type SdiTls } from './transport.ts';

export interface SdiCoopOptions {
  /** SdIRiceviFile endpoint (production `https://servizi.fatturapa.it/ricevi_file`). */
  riceviFileUrl: string;
  /** SdIRiceviNotifica endpoint (production `https://servizi.fatturapa.it/ricevi_notifica`). */
  riceviNotificaUrl: string;
  /** IdTrasmittente: country and codice fiscale of the accredited channel; default the seller's VAT number. */
  transmitter?: { country: string; code: string } | undefined;
  tls?: SdiTls | undefined;
  timeoutMs: number;
}

/**
 * EI01 empty file and EI03 user not enabled are final; EI02 service unavailable is temporary
 * (TrasmissioneTypes_v1.0.xsd, `erroreInvio_Type`).
 */
export const RICEVI_FILE_ERRORS: Record<string, { retryable: boolean; message: string }> = {
  EI01: { retryable: false, message: 'the SdI received an empty file (FILE VUOTO)' },
  EI02: { retryable: true, message: 'the SdI service is unavailable (SERVIZIO NON DISPONIBILE)' },
  EI03: { retryable: false, message: 'the channel is not enabled to transmit (UTENTE NON ABILITATO)' },
};

export { SDI_RECIPIENT_OUTCOMES };

/**
 * ProgressivoInvio of a report: its insertion number in base 36, 5 characters, so the file name
 * `IT<code>_<progressivo>.xml` is the same on every transmission of the report and names it back
 * when the SdI's notifications arrive. (60 million reports before the names wrap.)
 */
export function progressivoOf(seq: string | number): string {
  return (BigInt(seq) % 36n ** 5n).toString(36).toUpperCase().padStart(5, '0');
}

export function seqOfProgressivo(progressivo: string): bigint | null {
  if (!/^[0-9A-Z]{5}$/i.test(progressivo)) return null;
  return BigInt(parseInt(progressivo, 36));
}

/** The SdI file name's parts: `IT01234567890_0002A.xml` (also `.xml.p7m`). */
export function parseSdiFileName(name: string): { country: string; code: string; progressivo: string } | null {
  const m = /^([A-Z]{2})([A-Za-z0-9]{11,16})_([A-Za-z0-9]{5})(?:_[A-Z]{2}_\d{3})?\.xml(?:\.p7m)?$/.exec(name);
  return m ? { country: m[1], code: m[2], progressivo: m[3] } : null;
}

const failed = (code: string, message: string, response: Record<string, unknown>): ComplianceAnswer => ({
  submissionId: '',
  status: 'failed',
  errorCode: code,
  errorMessage: message,
  platformResponse: response,
});

/**
 * Italy through SDICoop. An outgoing invoice or note is transmitted at its `issued` report with
 * `SdIRiceviFile` (the FatturaPA rendered from the stored body): the answer's IdentificativoSdI is the
 * submission id, and the report stays `submitted` until the SdI's notification reaches the
 * TrasmissioneFatture endpoint (RC, MC, AT accepted; NS failed with its code). SDICoop has no status
 * query, so `status` only says the report is still waiting. An incoming invoice's acceptance or
 * refusal is its recipient's outcome (EC01 / EC02) sent with `SdIRiceviNotifica`.
 */
export function createSdiCoopPlatform(options: SdiCoopOptions): CompliancePlatform {
  let agent: Agent | undefined;
  const agentFor = () => (options.tls ? (agent ??= sdiAgent(options.tls)) : undefined);

  const transmit = async (s: ComplianceSubmission): Promise<ComplianceAnswer> => {
    if (!s.body) return failed('NO_BODY', 'the document has no structured body to render as FatturaPA', {});
    const rendered = renderFatturaPA(s.documentType as DocumentType, s.body as unknown as DocumentBody, {
      progressivoInvio: progressivoOf(s.reportSeq ?? '0'),
      ...(options.transmitter ? { transmitter: options.transmitter } : {}),
    });
    if (!rendered.xml || !rendered.fileName) {
      const first = rendered.errors[0];
      return failed(first?.rule ?? 'FPA', first ? `${first.path ?? ''} ${first.message}`.trim() : 'not renderable', {
        errors: rendered.errors,
      });
    }
    const answer = await soapCall({
      url: options.riceviFileUrl,
      soapAction: SOAP_ACTIONS.riceviFile,
      envelope: soapEnvelope(SDICOOP_NS.riceviFile, 'fileSdIAccoglienza', [
        { name: 'NomeFile', text: rendered.fileName },
        { name: 'File', text: Buffer.from(rendered.xml, 'utf8').toString('base64') },
      ]),
      timeoutMs: options.timeoutMs,
      tls: options.tls,
      agent: agentFor(),
    }).catch((err: unknown) => {
      if ((err as { type?: string }).type === 'INVALID_INPUT') return { fault: (err as Error).message } as const;
      throw err;
    });
    const sent = { nomeFile: rendered.fileName, format: rendered.format, transmissions: s.attempt ?? 1 };
    if (!answer) throw failure('UPSTREAM_UNAVAILABLE', 'SdIRiceviFile answered without a body');
    if ('fault' in answer) return failed('SOAP_FAULT', answer.fault, sent);
    if (answer.name !== 'rispostaSdIRiceviFile')
      throw failure('UPSTREAM_UNAVAILABLE', `SdIRiceviFile answered ${answer.name}`);
    const { IdentificativoSdI: id, DataOraRicezione: at, Errore: error } = answer.fields;
    const response = { ...sent, identificativoSdI: id ?? null, dataOraRicezione: at ?? null, errore: error ?? null };
    if (error) {
      const known = RICEVI_FILE_ERRORS[error];
      if (!known || known.retryable)
        throw failure('UPSTREAM_UNAVAILABLE', `SdIRiceviFile: ${error} ${known?.message ?? 'unknown error'}`);
      return { ...failed(error, known.message, response), submissionId: id ?? '' };
    }
    if (!id || !/^\d{1,12}$/.test(id))
      throw failure('UPSTREAM_UNAVAILABLE', 'SdIRiceviFile answered without an IdentificativoSdI');
    return { submissionId: id, status: 'submitted', platformResponse: response };
  };

  const notifyOutcome = async (s: ComplianceSubmission, esito: 'EC01' | 'EC02'): Promise<ComplianceAnswer> => {
    const received = s.sdi;
    if (!received?.identificativoSdI || !received.nomeFile)
      return failed('NOT_FROM_SDI', 'the invoice did not come through the SdI: there is no outcome to send', {});
    const file = parseSdiFileName(received.nomeFile);
    const progressivo = progressivoOf(s.reportSeq ?? '0');
    const nomeFile = `${file ? `${file.country}${file.code}_${file.progressivo}` : received.nomeFile.replace(/\.xml.*$/, '')}_EC_${progressivo.slice(-3).replace(/[A-Z]/g, '0')}.xml`;
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?>` +
      `<types:NotificaEsitoCommittente xmlns:types="http://www.fatturapa.gov.it/sdi/messaggi/v1.0" versione="1.0">` +
      `<IdentificativoSdI>${received.identificativoSdI}</IdentificativoSdI>` +
      `<Esito>${esito}</Esito>` +
      (esito === 'EC02' && s.reason ? `<Descrizione>${escape(s.reason.slice(0, 255))}</Descrizione>` : '') +
      `<MessageIdCommittente>${s.reportId.slice(-14)}</MessageIdCommittente>` +
      `</types:NotificaEsitoCommittente>`;
    const answer = await soapCall({
      url: options.riceviNotificaUrl,
      soapAction: SOAP_ACTIONS.notificaEsito,
      envelope: soapEnvelope(SDICOOP_NS.ricezione, 'fileSdI', [
        { name: 'IdentificativoSdI', text: received.identificativoSdI },
        { name: 'NomeFile', text: nomeFile },
        { name: 'File', text: Buffer.from(xml, 'utf8').toString('base64') },
      ]),
      timeoutMs: options.timeoutMs,
      tls: options.tls,
      agent: agentFor(),
    });
    if (!answer || answer.name !== 'rispostaSdINotificaEsito')
      throw failure('UPSTREAM_UNAVAILABLE', 'SdIRiceviNotifica answered without rispostaSdINotificaEsito');
    const result = answer.fields.Esito;
    const response = { nomeFile, esito, esitoNotifica: result ?? null };
    // ES00 not accepted (ScartoEsito says why), ES01 accepted, ES02 service unavailable.
    if (result === 'ES01') return { submissionId: nomeFile, status: 'accepted', platformResponse: response };
    if (result === 'ES02') throw failure('UPSTREAM_UNAVAILABLE', 'SdIRiceviNotifica: ES02 service unavailable');
    return { ...failed('ES00', 'the SdI did not accept the outcome notification', response), submissionId: nomeFile };
  };

  return {
    name: 'SDI',
    async submit(s) {
      if (s.direction === 'incoming') {
        const esito = SDI_RECIPIENT_OUTCOMES[s.lifecycleStatus];
        if (esito) return notifyOutcome(s, esito);
      } else if (s.lifecycleStatus === 'issued') {
        return transmit(s);
      }
      return failed('NOT_AN_SDI_MESSAGE', `the SdI takes no message for a move to ${s.lifecycleStatus}`, {});
    },
    async status(submissionId) {
      return {
        submissionId,
        status: 'submitted',
        platformResponse: { identificativoSdI: submissionId, awaiting: 'notification' },
      };
    },
  };
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
