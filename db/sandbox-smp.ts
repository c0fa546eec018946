import type { Db } from './database.ts';

// The sandbox SMP's registry: one row per registered participant, shared by every process.

export async function upsertSandboxParticipant(
  db: Db,
  participantId: string,
  documentTypeIds: string[],
): Promise<void> {
  const documentTypes = JSON.stringify(documentTypeIds);
  await db
    .insertInto('sandbox_smp_participants')
    .values({ participant_id: participantId, document_types: documentTypes })
    .onConflict((oc) =>
      oc.column('participant_id').doUpdateSet({ document_types: documentTypes, registered_at: new Date() }),
    )
    .execute();
}

export async function deleteSandboxParticipant(db: Db, participantId: string): Promise<void> {
  await db.deleteFrom('sandbox_smp_participants').where('participant_id', '=', participantId).execute();
}

export async function findSandboxParticipantDocumentTypes(db: Db, participantId: string) {
  const row = await db
    .selectFrom('sandbox_smp_participants')
    .select('document_types')
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  return row?.document_types;
}

export async function countSandboxParticipants(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('sandbox_smp_participants')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}
