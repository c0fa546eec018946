import type { DirectoryUpstream } from '../directory/types.ts';
import { PEPPOL_DOCUMENT_TYPE_IDS, peppolProcessId } from '../directory/document-types.ts';
import type { SmpLookup, SmpParticipant } from './types.ts';

/**
 * Sandbox SMP: a participant of the sandbox directory is registered, at its access point, for
 * exactly the document types its business card lists. Unknown participants are not registered.
 */
export function createSmpLookupSimulator(directory: DirectoryUpstream): SmpLookup {
  return {
    async lookup(peppolId, caller, options = {}): Promise<SmpParticipant | undefined> {
      const participant = await directory.participant(peppolId.replace(/^iso6523-actorid-upis::/i, ''), caller);
      if (!participant || !participant.smp || !participant.accessPoint) return undefined;
      const accessPoint = participant.accessPoint;
      const documentTypeIds = participant.documentTypes.map((t) => PEPPOL_DOCUMENT_TYPE_IDS[t]);
      // Invoice and debit note share one Peppol document type id: publish it once.
      const types = participant.documentTypes
        .filter((t, i, all) => all.findIndex((o) => PEPPOL_DOCUMENT_TYPE_IDS[o] === PEPPOL_DOCUMENT_TYPE_IDS[t]) === i)
        .filter((t) => !options.documentTypeIds || options.documentTypeIds.includes(PEPPOL_DOCUMENT_TYPE_IDS[t]));
      return {
        peppolId: participant.peppolId,
        smp: participant.smp,
        documentTypeIds: [...new Set(documentTypeIds)],
        documentTypes: types.map((type) => ({
          documentTypeId: PEPPOL_DOCUMENT_TYPE_IDS[type],
          processes: [
            {
              processId: peppolProcessId(type),
              endpoints: [
                {
                  transportProfile: accessPoint.transportProfile,
                  endpointUrl: accessPoint.endpointUrl,
                  certificate: null,
                  serviceDescription: accessPoint.name,
                  technicalContactUrl: `mailto:support@${new URL(accessPoint.endpointUrl).hostname}`,
                  activationDate: participant.registeredAt,
                  expirationDate: null,
                },
              ],
            },
          ],
        })),
      };
    },
  };
}
