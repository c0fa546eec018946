import { Router } from 'express';
import type { DirectoryServices } from '../../upstreams/directory/index.ts';
import type { Client } from '@temporalio/client';
import type { Db } from '../../db/database.ts';
import { findCompanies } from '../../db/companies.ts';
import type { CompanyStatus } from '../../db/tables/companies.ts';
import type { CompanyUpstreams } from '../../upstreams/companies.ts';
import { decodeCursor, page } from '../pagination.ts';
import { principalOf } from '../principal.ts';
import { scopeOf } from '../scope.ts';
import { decideJoin, listJoinRequests, requestToJoin, toJoinRequest } from './join-requests.ts';
import { toCompany, toCompanyRow } from './mapper.ts';
import {
  createCompany,
  deleteCompany,
  migrateCompanySmp,
  readCompany,
  resolveCompany,
  searchCompanies,
  updateCompany,
} from './service.ts';

export interface CompanyRouteDeps {
  db: Db;
  temporal: Client;
  upstreams: CompanyUpstreams;
  directory?: DirectoryServices | undefined;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function companyRoutes(options: CompanyRouteDeps): Router {
  const deps = {
    db: options.db,
    temporal: options.temporal,
    upstreams: options.upstreams,
    directory: options.directory,
  };
  const router = Router();

  router.post('/v1/companies', async (req, res) => {
    res.status(201).json(toCompany(await createCompany(deps, scopeOf(req), req.body)));
  });

  router.get('/v1/companies', async (req, res) => {
    const limit = Number(req.query.limit ?? 20);
    const includeAddress = String(req.query.include_address ?? 'true') !== 'false';
    const rows = await findCompanies(deps.db, scopeOf(req), {
      country: text(req.query.country),
      status: text(req.query.status) as CompanyStatus | undefined,
      search: text(req.query.search),
      limit,
      after: decodeCursor(text(req.query.cursor)),
    });
    res.json(page(rows, limit, (row) => toCompanyRow(row, includeAddress)));
  });

  router.get('/v1/companies/resolve', async (req, res) => {
    const query = {
      countryCode: String(req.query.countryCode),
      ...(text(req.query.vatNumber) ? { vatNumber: text(req.query.vatNumber)! } : {}),
      ...(text(req.query.registrationNumber) ? { registrationNumber: text(req.query.registrationNumber)! } : {}),
    };
    const { company } = await resolveCompany(deps, scopeOf(req), query);
    res.json(toCompany(company));
  });

  router.get('/v1/companies/search', async (req, res) => {
    const countryCode = text(req.query.countryCode);
    const hits = await searchCompanies(deps, scopeOf(req), {
      q: String(req.query.q),
      limit: Number(req.query.limit ?? 10),
      ...(countryCode ? { countryCode } : {}),
    });
    res.json(hits);
  });

  router.get('/v1/companies/join-requests', async (req, res) => {
    const scope = scopeOf(req);
    res.json((await listJoinRequests(deps.db, scope)).map((row) => toJoinRequest(row, scope.organizationId)));
  });

  router.get('/v1/companies/:company_id', async (req, res) => {
    res.json(toCompany(await readCompany(deps.db, scopeOf(req), String(req.params.company_id))));
  });

  router.patch('/v1/companies/:company_id', async (req, res) => {
    res.json(toCompany(await updateCompany(deps, scopeOf(req), String(req.params.company_id), req.body ?? {})));
  });

  router.delete('/v1/companies/:company_id', async (req, res) => {
    await deleteCompany(deps, scopeOf(req), String(req.params.company_id));
    res.status(204).end();
  });

  router.post('/v1/companies/:company_id/smp-migration', async (req, res) => {
    res.json(await migrateCompanySmp(deps, scopeOf(req), String(req.params.company_id), req.body));
  });

  router.post('/v1/companies/:company_id/join', async (req, res) => {
    const p = principalOf(req);
    res
      .status(201)
      .json(toJoinRequest(await requestToJoin(deps.db, p, String(req.params.company_id)), p.organizationId));
  });

  for (const [action, decision] of [
    ['accept', 'accepted'],
    ['reject', 'rejected'],
  ] as const) {
    router.post(`/v1/companies/:company_id/join-requests/:request_id/${action}`, async (req, res) => {
      const p = principalOf(req);
      res.json(
        toJoinRequest(
          await decideJoin(
            deps.db,
            p,
            scopeOf(req),
            String(req.params.company_id),
            String(req.params.request_id),
            decision,
          ),
          p.organizationId,
        ),
      );
    });
  }

  return router;
}
