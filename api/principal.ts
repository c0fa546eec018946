import type { Request } from 'express';
import type { Principal } from './context.ts';
import { ApiError } from './errors.ts';

/** The authenticated caller of a non-public operation (authentication ran before any handler). */
export function principalOf(req: Request): Principal {
  const principal = req.context.principal;
  if (!principal) throw new ApiError('MISSING_AUTH', 'This operation needs a bearer token.');
  return principal;
}
