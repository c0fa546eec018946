import { setNewest } from '../../core/bounded-map.ts';
import type { Scope } from '../../core/scope.ts';
import { addText, recommend, type Suggestion, type TagModel } from '../../core/tag-model.ts';
import type { Db } from '../../db/database.ts';
import type { TaggedObjectType } from '../../db/schema.ts';
import {
  featuresOfDocument,
  loadModel,
  modelVersion,
  readObjectFeatures,
  type ModelOwner,
} from '../../db/tag-model.ts';
import { findAllTags, findObjectTags } from '../../db/tags.ts';
import { lockTaggedObject } from './service.ts';

export interface RecommendInput {
  objectId: string;
  objectType: TaggedObjectType;
  context?: string;
  limit?: number;
  minConfidence?: number;
}

/**
 * Models of the organizations recently asked, per API process, until the worker's next learning
 * step moves their version. A bounded map: the least recently loaded model leaves first.
 */
export class ModelCache {
  private readonly models = new Map<string, { version: number; model: TagModel }>();

  constructor(private readonly capacity = 200) {}

  async get(db: Db, owner: ModelOwner): Promise<TagModel> {
    const key = `${owner.organizationId}:${owner.livemode}`;
    const version = await modelVersion(db, owner);
    const cached = this.models.get(key);
    if (cached && cached.version === version) return cached.model;
    const model = await loadModel(db, owner);
    setNewest(this.models, key, { version, model }, this.capacity);
    return model;
  }
}

/** POST /v1/tags/recommend: ranked suggestions from the organization's own past assignments. */
export async function recommendTags(
  db: Db,
  cache: ModelCache,
  scope: Scope,
  input: RecommendInput,
): Promise<Suggestion[]> {
  const owner = { organizationId: scope.organizationId, livemode: scope.livemode };
  // One round of parallel reads; the object's own read says 404 before anything is used.
  const [object, model, candidates, assigned] = await Promise.all([
    lockTaggedObject(db, scope, input.objectId, input.objectType, false),
    cache.get(db, owner),
    findAllTags(db, scope),
    findObjectTags(db, scope, input.objectId),
  ]);
  const features = object.document ? featuresOfDocument(object.document) : await readObjectFeatures(db, object);
  return recommend(
    model,
    addText({ ...features }, input.context),
    candidates.map((t) => ({ id: t.id, name: t.name, groupId: t.group_id, exclusive: t.exclusive })),
    new Set(assigned.map((t) => t.id)),
    { limit: input.limit ?? 5, minConfidence: input.minConfidence ?? 0 },
  );
}
