import type { Db } from '../../db/database.ts';
import type { SmpRegistrar } from './types.ts';

/**
 * The sandbox SMP: registrations are rows of `sandbox_smp_participants`, so every process (API,
 * workers, the sandbox SMP lookup) sees the same registry. It answers at once; the "goes live after
 * a while" of the sandbox is the registration workflow's wait on the company's virtual clock.
 */
export function createSmpSimulator(db: Db): SmpRegistrar {
  async function registeredDocumentTypes(participantId: string): Promise<string[] | undefined> {
    const row = await db
      .selectFrom('sandbox_smp_participants')
      .select('document_types')
      .where('participant_id', '=', participantId)
      .executeTakeFirst();
    return row?.document_types;
  }
  return {
    name: 'smp-simulator',
    async register({ participantId, documentTypeIds, businessCard }) {
      const before = await registeredDocumentTypes(participantId);
      await db
        .insertInto('sandbox_smp_participants')
        .values({ participant_id: participantId, document_types: JSON.stringify(documentTypeIds) })
        .onConflict((oc) =>
          oc
            .column('participant_id')
            .doUpdateSet({ document_types: JSON.stringify(documentTypeIds), registered_at: new Date() }),
        )
        .execute();
      return {
        created: before === undefined,
        written: documentTypeIds.filter((id) => !before?.includes(id)),
        removed: (before ?? []).filter((id) => !documentTypeIds.includes(id)),
        businessCard: Boolean(businessCard),
      };
    },
    async deregister(participantId) {
      await db.deleteFrom('sandbox_smp_participants').where('participant_id', '=', participantId).execute();
    },
    registeredDocumentTypes,
    async probe() {
      const { count } = await db
        .selectFrom('sandbox_smp_participants')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return `simulator: ${count} sandbox participants`;
    },
  };
}
