import { Router } from 'express';
import type { DirectoryServices } from '../../upstreams/directory/index.ts';
import type { Db } from '../../db/database.ts';
import type { PartnerSort } from '../../db/partners.ts';
import type { PartnerRole, PeppolStatus } from '../../db/tables/partners.ts';
import { bool, list, text } from '../directory/query.ts';
import { scopeOf } from '../scope.ts';
import type { TagLearning } from '../../core/tag-learning.ts';
import { toPartner } from './mapper.ts';
import { createPartner, deletePartnerByRef, getPartner, listPartnersPage, updatePartnerByRef } from './service.ts';

/** Part 4.8 and DESIGN §4: trading partners, addressed by `part_…`, `vat:…` or `peppol:…`. */
export function partnerRoutes(db: Db, services: DirectoryServices, learning: TagLearning): Router {
  const router = Router();

  router.post('/v1/partners', async (req, res) => {
    res.status(201).json(toPartner(await createPartner(db, services, scopeOf(req), req.body, learning)));
  });

  router.get('/v1/partners', async (req, res) => {
    const q = req.query;
    const hasActivity = bool(q.hasActivity);
    res.json(
      await listPartnersPage(db, scopeOf(req), {
        ...(text(q.role) ? { role: text(q.role) as PartnerRole } : {}),
        ...(text(q.search) ? { search: text(q.search)! } : {}),
        ...(text(q.country) ? { country: text(q.country)! } : {}),
        ...(list(q.tags) ? { tags: list(q.tags)! } : {}),
        ...(hasActivity !== undefined ? { hasActivity } : {}),
        ...(text(q.peppolStatus) ? { peppolStatus: text(q.peppolStatus) as PeppolStatus } : {}),
        sortBy: (text(q.sortBy) ?? 'createdAt') as PartnerSort,
        order: text(q.order) === 'asc' ? 'asc' : 'desc',
        limit: Number(text(q.limit) ?? 20),
        ...(text(q.cursor) !== undefined ? { cursor: text(q.cursor)! } : {}),
      }),
    );
  });

  router.get('/v1/partners/:partner_id', async (req, res) => {
    res.json(toPartner(await getPartner(db, scopeOf(req), String(req.params.partner_id))));
  });

  router.patch('/v1/partners/:partner_id', async (req, res) => {
    res.json(
      toPartner(
        await updatePartnerByRef(db, services, scopeOf(req), String(req.params.partner_id), req.body, learning),
      ),
    );
  });

  router.delete('/v1/partners/:partner_id', async (req, res) => {
    await deletePartnerByRef(db, scopeOf(req), String(req.params.partner_id));
    res.status(204).end();
  });

  return router;
}
