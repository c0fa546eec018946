import type { RequestHandler } from 'express';
import passport from 'passport';
import { Strategy as BearerStrategy } from 'passport-http-bearer';
import type { Db } from '../../db/database.ts';
import { findCompanyByRef, findGrantedCompanyByRef } from '../../db/companies.ts';
import { ApiError } from '../errors.ts';
import type { Principal } from '../context.ts';
import { companyForbidden } from '../scope.ts';
import { createScope, organizationWide } from '../../core/scope.ts';
import type { Authenticator } from './authenticate.ts';

/**
 * Bearer authentication through passport. The strategy hands our ApiError (MISSING_AUTH,
 * INVALID_TOKEN, EXPIRED_TOKEN, REVOKED_KEY …) to the error middleware; public operations skip it.
 */
export function authenticate(authenticator: Authenticator): RequestHandler {
  const instance = new passport.Passport();
  instance.use(
    'bearer',
    new BearerStrategy(
      { passReqToCallback: true },
      (req: any, token: string, done: (err: unknown, user?: Principal | false) => void) => {
        const header = req.get('x-service-organization-id') ?? req.get('organization-id');
        // The look-up counts the request in the key's window too (one statement); the rate limiter
        // answers from that count.
        authenticator(token, header || undefined, { countRequest: true }).then(
          (principal) => done(null, principal),
          (err) => done(err),
        );
      },
    ),
  );
  const bearer = instance.authenticate('bearer', { session: false, failWithError: true });
  return (req, res, next) => {
    if (!req.context.operation || req.context.operation.public) return next();
    bearer(req, res, (err?: unknown) => {
      if (err) {
        // Only passport's own refusal (no or malformed bearer) is a credential error; anything else the
        // strategy raised (the key lookup losing its database) is rendered for what it is, a 503.
        if (!(err instanceof Error) || err.name !== 'AuthenticationError') return next(err);
        const authorization = req.get('authorization');
        return next(
          authorization
            ? new ApiError('INVALID_TOKEN', 'The Authorization header must be "Bearer <API key or JWT>".')
            : new ApiError('MISSING_AUTH', 'No Authorization header: send "Authorization: Bearer <API key or JWT>".'),
        );
      }
      req.context.principal = req.user as Principal;
      next();
    });
  };
}

/**
 * What acting for a joined company does not reach: the owning organization's administration (its
 * keys, companies, join decisions, sandbox) and its address book. Everything else works as for a key
 * bound to that company, inside the owning organization's data.
 */
const OWNER_ONLY_OPERATIONS = new Set([
  'createApiKey',
  'listApiKeys',
  'revokeApiKey',
  'createCompany',
  'resolveCompany',
  'deleteCompany',
  'listJoinRequests',
  'joinCompany',
  'acceptJoinRequest',
  'rejectJoinRequest',
  'listPartners',
  'getPartner',
  'updatePartner',
  'deletePartner',
  'createPartner',
  'resetSandbox',
]);

function assertJoinedCompanyOperation(operationId: string, companyId: string): void {
  if (!OWNER_ONLY_OPERATIONS.has(operationId)) return;
  throw new ApiError(
    'COMPANY_FORBIDDEN',
    `${operationId} belongs to the organization that owns company ${companyId}; a joined company can be acted for, not administered.`,
  );
}

/**
 * Scope of the operation (`x-scope`), sandbox-only helpers, and the request's tenancy scope: the one
 * place the company a caller acts for is decided.
 */
export function authorize(db: Db): RequestHandler {
  return async (req, _res, next) => {
    const { operation, principal } = req.context;
    if (!operation || operation.public || !principal) return next();
    try {
      const scope = operation.scope;
      if (scope && scope !== 'authenticated' && !principal.scopes.includes('*') && !principal.scopes.includes(scope)) {
        throw new ApiError(
          'INSUFFICIENT_SCOPE',
          `This operation needs the scope "${scope}", which the key does not have.`,
          {
            details: [
              {
                field: 'scope',
                rule: 'required_scope',
                message: `requires "${scope}"; the key has ${principal.scopes.map((s) => `"${s}"`).join(', ') || 'none'}`,
              },
            ],
          },
        );
      }
      if (operation.sandboxOnly && principal.livemode) {
        throw new ApiError(
          'SANDBOX_ONLY',
          `${operation.method} ${operation.pathTemplate} is a sandbox helper: call it with a test key (svc_test_…).`,
        );
      }
      const base = createScope({
        organizationId: principal.organizationId,
        livemode: principal.livemode,
        callerKind: principal.keyType,
        boundCompanyId: principal.boundCompanyId,
      });
      let actingCompanyId: string | undefined;
      let organizationId = principal.organizationId;
      const companyRef = req.get('x-service-company');
      if (companyRef) {
        // Resolved over the whole organization so a company the key may not act for is 403, not 404.
        const company =
          (await findCompanyByRef(db, organizationWide(base), companyRef)) ??
          (await findGrantedCompanyByRef(db, base, companyRef));
        if (!company) throw new ApiError('COMPANY_NOT_FOUND', `No company ${companyRef} in this organization.`);
        if (principal.boundCompanyId && principal.boundCompanyId !== company.id)
          throw companyForbidden(base, company.id);
        if (company.organization_id !== principal.organizationId) {
          assertJoinedCompanyOperation(operation.operationId, company.id);
          organizationId = company.organization_id;
        }
        actingCompanyId = company.id;
      }
      req.context.scope = createScope({
        ...base,
        organizationId,
        actingCompanyId,
        callerOrganizationId: principal.organizationId,
      });
      next();
    } catch (err) {
      next(err);
    }
  };
}
