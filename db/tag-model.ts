import { sql } from 'kysely';
import type { Db } from './database.ts';
import type { TaggedObjectType } from './schema.ts';
import {
  accumulate,
  ALL_OBJECTS,
  buildModel,
  documentFeatures,
  partyFeatures,
  type DocumentFacts,
  type Features,
  type TagModel,
} from '../core/tag-model.ts';
import { findDocumentById, type DocumentRow } from './documents.ts';
import { findCompanyById } from './companies.ts';

export interface ModelOwner {
  organizationId: string;
  livemode: boolean;
}

/** Reads an object's features for learning; undefined when the object is gone. */
export type FeatureReader = (db: Db, object: { type: TaggedObjectType; id: string }) => Promise<Features | undefined>;

/** The facts of a document the recommender reads (its structured body's lines, when it has one). */
export function featuresOfDocument(row: DocumentRow): Features {
  const other = row.direction === 'incoming' ? row.sender : row.receiver;
  const body = (row.body ?? {}) as { lines?: unknown; note?: unknown };
  return documentFeatures({
    type: row.type,
    direction: row.direction,
    counterparty: other?.peppolId ?? other?.name ?? row.partner_id,
    currency: row.currency,
    grossAmount: row.gross_amount,
    lines: Array.isArray(body.lines) ? (body.lines as DocumentFacts['lines']) : [],
    note: typeof body.note === 'string' ? body.note : null,
  });
}

/** The features of a tagged object, read by id (the caller has checked its tenant). */
export const readObjectFeatures: FeatureReader = async (db, object) => {
  switch (object.type) {
    case 'document': {
      const row = await findDocumentById(db, object.id);
      return row && featuresOfDocument(row);
    }
    case 'partner': {
      const row = await db.selectFrom('partners').selectAll().where('id', '=', object.id).executeTakeFirst();
      return (
        row &&
        partyFeatures({
          kind: 'partner',
          id: row.peppol_id ?? row.id,
          name: row.name,
          country: row.country,
          role: row.role,
          naceCodes: row.enrichment.naceCodes ?? [],
        })
      );
    }
    case 'company': {
      const row = await findCompanyById(db, object.id);
      return (
        row && partyFeatures({ kind: 'company', id: row.peppol_id ?? row.id, name: row.name, country: row.country })
      );
    }
  }
};

/**
 * Learns up to `batch` queued assignment changes of one organization and mode, in queue order, in
 * one transaction that also deletes them from the queue: each change is counted exactly once
 * however often the step is retried. An assignment adds the object's features to its tag (and, for
 * the object's first tag, to the every-object counts); a removal takes back exactly what was added.
 */
export async function learnQueuedAssignments(
  db: Db,
  owner: ModelOwner,
  readFeatures: FeatureReader,
  batch = 500,
): Promise<{ learned: number; more: boolean }> {
  return db.transaction().execute(async (trx) => {
    const updates = await trx
      .selectFrom('tag_model_updates')
      .selectAll()
      .where('organization_id', '=', owner.organizationId)
      .where('livemode', '=', owner.livemode)
      .orderBy('id')
      .limit(batch + 1)
      .forUpdate()
      .skipLocked()
      .execute();
    const more = updates.length > batch;
    const taken = updates.slice(0, batch);
    if (taken.length === 0) return { learned: 0, more: false };

    const objectIds = [...new Set(taken.map((u) => u.object_id))];
    const examples = await trx
      .selectFrom('tag_model_examples')
      .select(['object_id', 'tag_id', 'features'])
      .where('object_id', 'in', objectIds)
      .execute();
    // The examples each object has, as they evolve through the batch.
    const known = new Map<string, Map<string, Features>>();
    for (const id of objectIds) known.set(id, new Map());
    for (const e of examples) known.get(e.object_id)!.set(e.tag_id, e.features);
    const original = new Map([...known].map(([id, tags]) => [id, new Set(tags.keys())]));
    const featureCache = new Map<string, Features | undefined>();
    const deltas = new Map<string, Map<string, number>>();

    for (const update of taken) {
      const tags = known.get(update.object_id)!;
      if (update.assigned) {
        if (tags.has(update.tag_id)) continue;
        // All examples of one object count the same features, so that taking back its last one
        // leaves the every-object counts exactly as they were before its first.
        const learnedBefore = tags.values().next().value;
        if (!learnedBefore && !featureCache.has(update.object_id))
          featureCache.set(
            update.object_id,
            await readFeatures(trx, { type: update.object_type, id: update.object_id }),
          );
        const features = learnedBefore ?? featureCache.get(update.object_id);
        if (!features) continue;
        if (tags.size === 0) accumulate(deltas, ALL_OBJECTS, features, 1);
        tags.set(update.tag_id, features);
        accumulate(deltas, update.tag_id, features, 1);
      } else {
        const features = tags.get(update.tag_id);
        if (!features) continue;
        tags.delete(update.tag_id);
        accumulate(deltas, update.tag_id, features, -1);
        if (tags.size === 0) accumulate(deltas, ALL_OBJECTS, features, -1);
      }
    }

    for (const [objectId, tags] of known) {
      const before = original.get(objectId)!;
      const gone = [...before].filter((t) => !tags.has(t));
      const added = [...tags.keys()].filter((t) => !before.has(t));
      if (gone.length > 0)
        await trx
          .deleteFrom('tag_model_examples')
          .where('object_id', '=', objectId)
          .where('tag_id', 'in', gone)
          .execute();
      if (added.length > 0)
        await trx
          .insertInto('tag_model_examples')
          .values(
            added.map((tagId) => ({
              object_id: objectId,
              tag_id: tagId,
              organization_id: owner.organizationId,
              livemode: owner.livemode,
              features: JSON.stringify(tags.get(tagId)),
            })),
          )
          .execute();
    }

    const tagIds: string[] = [];
    const features: string[] = [];
    const counts: number[] = [];
    for (const [tagId, table] of deltas)
      for (const [feature, count] of table)
        if (count !== 0) {
          tagIds.push(tagId);
          features.push(feature);
          counts.push(count);
        }
    if (tagIds.length > 0) {
      await sql`
        insert into tag_model_counts (organization_id, livemode, tag_id, feature, count)
        select ${owner.organizationId}, ${owner.livemode}, t, f, c
        from unnest(${tagIds}::text[], ${features}::text[], ${counts}::float8[]) as d(t, f, c)
        on conflict (organization_id, livemode, tag_id, feature) do update set count = tag_model_counts.count + excluded.count
      `.execute(trx);
      // Float sums of integers stay exact; a count back at zero leaves the table.
      await trx
        .deleteFrom('tag_model_counts')
        .where('organization_id', '=', owner.organizationId)
        .where('livemode', '=', owner.livemode)
        .where('tag_id', 'in', [...deltas.keys()])
        .where('count', '<=', 0)
        .execute();
    }
    await trx
      .deleteFrom('tag_model_updates')
      .where(
        'id',
        'in',
        taken.map((u) => u.id),
      )
      .execute();
    await sql`
      insert into tag_models (organization_id, livemode, version, updated_at) values (${owner.organizationId}, ${owner.livemode}, 1, now())
      on conflict (organization_id, livemode) do update set version = tag_models.version + 1, updated_at = now()
    `.execute(trx);
    return { learned: taken.length, more };
  });
}

/** The organizations and modes with changes queued for longer than `olderThan` (a missed trigger). */
export async function findStaleModelOwners(db: Db, olderThan: Date): Promise<ModelOwner[]> {
  const rows = await db
    .selectFrom('tag_model_updates')
    .select(['organization_id', 'livemode'])
    .where('created_at', '<', olderThan)
    .groupBy(['organization_id', 'livemode'])
    .limit(1000)
    .execute();
  return rows.map((r) => ({ organizationId: r.organization_id, livemode: r.livemode }));
}

export async function modelVersion(db: Db, owner: ModelOwner): Promise<number> {
  const row = await db
    .selectFrom('tag_models')
    .select('version')
    .where('organization_id', '=', owner.organizationId)
    .where('livemode', '=', owner.livemode)
    .executeTakeFirst();
  return row ? Number(row.version) : 0;
}

export async function loadModel(db: Db, owner: ModelOwner): Promise<TagModel> {
  const rows = await db
    .selectFrom('tag_model_counts')
    .select(['tag_id', 'feature', 'count'])
    .where('organization_id', '=', owner.organizationId)
    .where('livemode', '=', owner.livemode)
    .execute();
  return buildModel(rows);
}
