import { readFileSync } from 'node:fs';
import type { Config } from '../../../core/config.ts';
import type { CompliancePlatform } from '../types.ts';
import { createSdiCoopPlatform } from './client.ts';

export {
  createSdiCoopPlatform,
  parseSdiFileName,
  progressivoOf,
  seqOfProgressivo,
  RICEVI_FILE_ERRORS,
  SDI_RECIPIENT_OUTCOMES,
  type SdiCoopOptions,
} from './client.ts';
export { readSoapBody, soapEnvelope, soapFault, SDICOOP_NS, SOAP_ACTIONS, SOAP_ENV, SoapError } from './soap.ts';
export { sdiAgent, soapCall, type SdiTls } from './transport.ts';

/**
 * The live SDICoop adapter from configuration. The certificate files are read once, here: a path
 * that does not exist stops the start-up rather than every transmission.
 */
export function sdiCoopFromConfig(
  config: Pick<
    Config,
    'sdiBaseUrl' | 'sdiTlsCert' | 'sdiTlsKey' | 'sdiTlsCa' | 'sdiTransmitterId' | 'complianceTimeoutMs'
  >,
): CompliancePlatform {
  const transmitter = config.sdiTransmitterId
    ? { country: config.sdiTransmitterId.slice(0, 2), code: config.sdiTransmitterId.slice(2) }
    : undefined;
  const tls =
    config.sdiTlsCert && config.sdiTlsKey
      ? {
          cert: readFileSync(config.sdiTlsCert),
          key: readFileSync(config.sdiTlsKey),
          ca: config.sdiTlsCa ? readFileSync(config.sdiTlsCa) : undefined,
        }
      : undefined;
  return createSdiCoopPlatform({
    riceviFileUrl: `${config.sdiBaseUrl}/ricevi_file`,
    riceviNotificaUrl: `${config.sdiBaseUrl}/ricevi_notifica`,
    transmitter,
    tls,
    timeoutMs: config.complianceTimeoutMs,
  });
}
