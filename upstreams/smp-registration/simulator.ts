import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import {
  countSandboxParticipants,
  deleteSandboxParticipant,
  findSandboxParticipantDocumentTypes,
  upsertSandboxParticipant,
} from '../../db/sandbox-smp.ts';
import type { SmpRegistrar } from './types.ts';

/**
 * A sandbox migration key as the SML issues them (letters, digits and a special character): derived
 * from the participant, so the same participant always gets the same key.
 */
function sandboxMigrationKey(participantId: string): string {
  const digest = createHash('sha256').update(`sandbox-migration:${participantId}`).digest('base64url');
  return `Sb${digest.replace(/[-_]/g, '').slice(0, 8)}@${digest.length % 10}`;
}

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
    // The sandbox has no other providers: every step of a migration succeeds, so an integration can
    // rehearse it; a finalized outbound withdraws the participant as the other provider's takeover would.
    migrations: {
      async startOutbound(participantId) {
        return { migrationKey: sandboxMigrationKey(participantId) };
      },
      async cancelOutbound() {},
      async finalizeOutbound(participantId) {
        await deleteSandboxParticipant(db, participantId);
      },
      async inbound() {},
    },
  };
}
