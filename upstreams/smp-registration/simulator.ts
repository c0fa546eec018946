import type { Db } from '../../db/database.ts';
import type { SmpRegistrar } from './types.ts';

/**
 * The sandbox SMP: registrations are rows of `sandbox_smp_participants`, so every process (API,
 * workers, the sandbox SMP lookup) sees the same registry. It answers at once; the "goes live after
 * a while" of the sandbox is the registration workflow's wait on the company's virtual clock.
 */
export function createSmpSimulator(db: Db): SmpRegistrar {
  return {
    name: 'smp-simulator',
    async register({ participantId, documentTypeIds }) {
      await db
        .insertInto('sandbox_smp_participants')
        .values({ participant_id: participantId, document_types: JSON.stringify(documentTypeIds) })
        .onConflict((oc) =>
          oc
            .column('participant_id')
            .doUpdateSet({ document_types: JSON.stringify(documentTypeIds), registered_at: new Date() }),
        )
        .execute();
    },
    async deregister(participantId) {
      await db.deleteFrom('sandbox_smp_participants').where('participant_id', '=', participantId).execute();
    },
    async registeredDocumentTypes(participantId) {
      const row = await db
        .selectFrom('sandbox_smp_participants')
        .select('document_types')
        .where('participant_id', '=', participantId)
        .executeTakeFirst();
      return row?.document_types;
    },
    async probe() {
      const { count } = await db
        .selectFrom('sandbox_smp_participants')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return `simulator: ${count} sandbox participants`;
    },
  };
}
