import { Router } from 'express';
import type { DirectoryServices } from '../../upstreams/directory/index.ts';
import type { DocumentType } from '../../peppol/index.ts';
import { ApiError } from '../errors.ts';
import { principalOf } from '../principal.ts';
import { bool, list, text } from './query.ts';
import { getParticipant, searchDirectory, verifyRecipient } from './service.ts';

/** Part 4.7: directory search, recipient verification and the participant lookup (DESIGN §4). */
export function directoryRoutes(services: DirectoryServices): Router {
  const router = Router();

  router.get('/v1/directory/search', async (req, res) => {
    const p = principalOf(req);
    const q = req.query;
    const result = await searchDirectory(services, p, {
      ...(text(q.q) !== undefined ? { q: text(q.q)! } : {}),
      ...(text(q.vatNumber) !== undefined ? { vatNumber: text(q.vatNumber)! } : {}),
      ...(text(q.country) !== undefined ? { country: text(q.country)! } : {}),
      ...(text(q.city) !== undefined ? { city: text(q.city)! } : {}),
      ...(text(q.postalCode) !== undefined ? { postalCode: text(q.postalCode)! } : {}),
      ...(list(q.naceCodes) ? { naceCodes: list(q.naceCodes)! } : {}),
      ...(list(q.documentTypes) ? { documentTypes: list(q.documentTypes) as DocumentType[] } : {}),
      includeSubEntities: bool(q.includeSubEntities) ?? false,
      detail: text(q.detail) === 'full' ? 'full' : 'basic',
      limit: Number(text(q.limit) ?? 20),
      ...(text(q.cursor) !== undefined ? { cursor: text(q.cursor)! } : {}),
    });
    res.json(result);
  });

  router.post('/v1/directory/verify', async (req, res) => {
    res.json(
      await verifyRecipient(services, principalOf(req), {
        peppolId: req.body.peppolId,
        documentType: req.body.documentType,
      }),
    );
  });

  router.get('/v1/directory/participants/:peppol_id', async (req, res) => {
    const peppolId = String(req.params.peppol_id);
    const participant = await getParticipant(services, principalOf(req), peppolId);
    if (!participant) throw new ApiError('RESOURCE_NOT_FOUND', `No participant ${peppolId} in the Peppol directory.`);
    res.json(participant);
  });

  return router;
}
