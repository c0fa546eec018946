import type { Db } from '../../db/database.ts';
import {
  countSandboxParticipants,
  deleteSandboxParticipant,
  findSandboxParticipantDocumentTypes,
  upsertSandboxParticipant,
} from '../../db/sandbox-smp.ts';
import type { SmpRegistrar } from './types.ts';

/**
 * The sandbox SMP: registrations are rows of `sandbox_smp_participants`, so every process (API,
 * workers, the sandbox SMP lookup) sees the same registry. It answers at once; the "goes live after
 * a while" of the sandbox is the registration workflow's wait on the company's virtual clock.
 */
export function createSmpSimulator(db: Db): SmpRegistrar {
  const registeredDocumentTypes = (participantId: string): Promise<string[] | undefined> =>
    findSandboxParticipantDocumentTypes(db, participantId);
  return {
    name: 'smp-simulator',
    async register({ participantId, documentTypeIds, businessCard }) {
      const before = await registeredDocumentTypes(participantId);
      await upsertSandboxParticipant(db, participantId, documentTypeIds);
      return {
        created: before === undefined,
        written: documentTypeIds.filter((id) => !before?.includes(id)),
        removed: (before ?? []).filter((id) => !documentTypeIds.includes(id)),
        businessCard: Boolean(businessCard),
      };
    },
    async deregister(participantId) {
      await deleteSandboxParticipant(db, participantId);
    },
    registeredDocumentTypes,
    async probe() {
      return `simulator: ${await countSandboxParticipants(db)} sandbox participants`;
    },
  };
}
