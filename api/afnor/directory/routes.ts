import { Router, type Request, type Response } from 'express';
import type { DirectoryServices } from '../../../upstreams/directory/index.ts';
import type { AnnuaireKey, AnnuaireKind, AnnuaireSearch } from '../../../upstreams/french-directory/index.ts';
import { ApiError } from '../../errors.ts';
import { scopeOf } from '../../scope.ts';

interface SearchBody {
  filters?: AnnuaireSearch['filters'];
  sorting?: Array<{ field: string; sortingOrder?: string; order?: string }>;
  fields?: string[];
  include?: string[];
  limit?: number;
  ignore?: number;
}

/**
 * The search as understood, defaults filled in. The standard's own examples write a sorting
 * item's order as `order` while its schema says `sortingOrder`: both are read.
 */
const isOrder = (value: string): value is 'ascending' | 'descending' => value === 'ascending' || value === 'descending';

export function normalizeSearch(body: SearchBody): AnnuaireSearch {
  const sorting = (body.sorting ?? []).map((item, i) => {
    const order = item.sortingOrder ?? item.order ?? 'ascending';
    if (!isOrder(order))
      throw new ApiError('INVALID_ENUM', `sorting[${i}].order must be ascending or descending.`, {
        details: [{ field: `sorting[${i}].order`, rule: 'enum', message: 'must be ascending or descending' }],
      });
    return { field: item.field, sortingOrder: order };
  });
  return {
    filters: body.filters ?? {},
    sorting,
    fields: body.fields ?? [],
    include: body.include ?? [],
    limit: body.limit ?? 50,
    ignore: body.ignore ?? 0,
  };
}

/** `fields=a,b` (form, not exploded) as the validator left it: a list or the raw text. */
function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => String(v).split(',')).filter(Boolean);
  return typeof value === 'string' ? value.split(',').filter(Boolean) : [];
}

/** `code-insee:123456789` → `123456789`: the standard writes the kind of key into the path segment. */
function keyOf(req: Request, param: string, prefix: string): string {
  const raw = String(req.params[param] ?? '');
  if (!raw.startsWith(prefix)) throw new ApiError('RESOURCE_NOT_FOUND', `No route ${req.method} ${req.path}.`);
  return raw.slice(prefix.length);
}

const WHAT: Record<AnnuaireKind, string> = {
  siren: 'legal unit',
  siret: 'facility',
  'routing-code': 'routing code',
  'directory-line': 'directory line',
};

/**
 * The Directory Service 1.2.0 of the facade: searches and single reads of the annuaire of the
 * key's mode (live: the public annuaire; sandbox: the seeded one with the organization's own
 * French companies).
 */
export function annuaireRoutes(services: DirectoryServices): Router {
  const router = Router();
  const callerOf = (req: Request) => {
    const scope = scopeOf(req);
    return { french: services.french(scope.livemode), caller: { organizationId: scope.organizationId } };
  };

  for (const kind of ['siren', 'siret', 'routing-code', 'directory-line'] as const) {
    router.post(`/${kind}/search`, async (req, res) => {
      const { french, caller } = callerOf(req);
      const search = normalizeSearch(req.body as SearchBody);
      const found = await french.search(kind, search, caller);
      res.json({ search, totalNumberOfResults: found.totalNumberOfResults, results: found.results });
    });
  }

  const read = (keyFrom: (req: Request) => AnnuaireKey) => async (req: Request, res: Response) => {
    const { french, caller } = callerOf(req);
    const key = keyFrom(req);
    const entry = await french.get(
      key,
      { fields: listOf(req.query.fields), include: listOf(req.query.include) },
      caller,
    );
    if (!entry) throw new ApiError('RESOURCE_NOT_FOUND', `No such ${WHAT[key.kind]} in the directory.`);
    res.json(entry);
  };
  router.get(
    '/siren/:key',
    read((req) => ({ kind: 'siren', siren: keyOf(req, 'key', 'code-insee:') })),
  );
  router.get(
    '/siret/:key',
    read((req) => ({ kind: 'siret', siret: keyOf(req, 'key', 'code-insee:') })),
  );
  router.get(
    '/routing-code/:siret/:code',
    read((req) => ({
      kind: 'routing-code',
      siret: keyOf(req, 'siret', 'siret:'),
      routingIdentifier: keyOf(req, 'code', 'code:'),
    })),
  );
  router.get(
    '/directory-line/:key',
    read((req) => ({ kind: 'directory-line', addressingIdentifier: keyOf(req, 'key', 'code:') })),
  );
  return router;
}
