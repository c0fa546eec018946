import { Router } from 'express';
import type { Db } from '../../db/database.ts';
import type { EventDispatcher } from '../../core/event-dispatcher.ts';
import type { TagLearning } from '../../core/tag-learning.ts';
import { scopeOf } from '../scope.ts';
import { assignObjectTag, listObjectTagsPage, removeObjectTag } from './objects.ts';
import { ModelCache, recommendTags, type RecommendInput } from './recommend.ts';
import { createTagGroup, createTagInGroup, listTagGroupsPage, listTagsPage } from './service.ts';

const limitOf = (value: unknown) => Number(value ?? 20);
const cursorOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Part 4.14 and DESIGN §4: tag groups, tags, tags on objects, and the recommender. */
export function tagRoutes(deps: { db: Db; events: EventDispatcher; learning: TagLearning }): Router {
  const { db } = deps;
  const router = Router();
  const models = new ModelCache();

  router.get('/v1/tag-groups', async (req, res) => {
    res.json(await listTagGroupsPage(db, scopeOf(req), limitOf(req.query.limit), cursorOf(req.query.cursor)));
  });

  router.post('/v1/tag-groups', async (req, res) => {
    res.status(201).json(await createTagGroup(db, scopeOf(req), req.body));
  });

  router.get('/v1/tag-groups/:group_id/tags', async (req, res) => {
    const { limit, cursor } = req.query;
    res.json(await listTagsPage(db, scopeOf(req), String(req.params.group_id), limitOf(limit), cursorOf(cursor)));
  });

  router.post('/v1/tag-groups/:group_id/tags', async (req, res) => {
    res.status(201).json(await createTagInGroup(db, scopeOf(req), String(req.params.group_id), req.body));
  });

  router.get('/v1/objects/:object_id/tags', async (req, res) => {
    const { limit, cursor } = req.query;
    res.json(
      await listObjectTagsPage(db, scopeOf(req), String(req.params.object_id), limitOf(limit), cursorOf(cursor)),
    );
  });

  router.post('/v1/objects/:object_id/tags', async (req, res) => {
    res.json(await assignObjectTag(deps, scopeOf(req), String(req.params.object_id), req.body));
  });

  router.delete('/v1/objects/:object_id/tags/:tag_id', async (req, res) => {
    await removeObjectTag(deps, scopeOf(req), String(req.params.object_id), String(req.params.tag_id));
    res.status(204).end();
  });

  router.post('/v1/tags/recommend', async (req, res) => {
    res.json(await recommendTags(db, models, scopeOf(req), req.body as RecommendInput));
  });

  return router;
}
