import { Router } from 'express';
import type { DocumentBody, DocumentType, ValidationIssue } from '../../peppol/index.ts';
import { readXmlDocumentOffLoop } from '../../core/peppol-pool.ts';
import type { Scope } from '../../core/scope.ts';
import { ApiError } from '../errors.ts';
import { scopeOf } from '../scope.ts';
import { resolveSender, type RecipientDirectory } from './parties.ts';
import { prepareJson, prepareXml, type SendDeps } from './send.ts';

export interface ValidateInput {
  type: DocumentType;
  format?: 'json' | 'ubl-xml' | 'cii-xml';
  from: string;
  to: string;
  document?: DocumentBody;
  xml?: string;
}

export interface ValidateResult {
  valid: boolean;
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
  recipientReachable: boolean;
}

function issuesOf(list: unknown): ValidationIssue[] {
  if (!Array.isArray(list)) return [];
  return list.map((d: { field?: string; rule?: string; message?: string }) => ({
    rule: d.rule ?? 'UNKNOWN',
    message: d.message ?? '',
    path: d.field ?? '/',
  }));
}

/**
 * Part 4.6 validate: the send preparation without its side effects. The recipient is taken as the
 * Peppol id it is (no partner lookup, which could provision one) and only checked for reachability.
 */
export async function validateForSend(
  deps: { db: SendDeps['db']; recipients: RecipientDirectory },
  scope: Scope,
  input: ValidateInput,
): Promise<ValidateResult> {
  const format = input.format ?? 'json';
  const sender = await resolveSender(deps.db, scope, input.from);
  if (!(sender.capabilities?.send ?? []).includes(input.type)) {
    throw new ApiError(
      'COMPANY_FORBIDDEN',
      `Company ${sender.id} is not set up to send ${input.type} documents (capabilities.send).`,
    );
  }
  const peppolId = input.to.startsWith('peppol:') ? input.to.slice(7) : input.to;
  const reach = await deps.recipients.verify(scope, peppolId, input.type);
  const recipientReachable = reach.exists && reach.canReceive;
  const party =
    format === 'json'
      ? await deps.recipients.describe?.({ organizationId: scope.organizationId, livemode: scope.livemode }, peppolId)
      : undefined;

  const field = format === 'json' ? 'document' : 'xml';
  if (input[field] === undefined)
    throw new ApiError('MISSING_FIELD', `${field} is required with format ${format}.`, {
      details: [{ field, rule: 'required', message: `required when format is ${format}` }],
    });
  try {
    const prepared =
      format === 'json'
        ? await prepareJson(input.type, input.document!, sender, {
            peppolId,
            ...(reach.name ? { name: reach.name } : {}),
            ...(party ? { party } : {}),
          })
        : prepareXml(input.type, await readXmlDocumentOffLoop(input.xml!, format), sender, peppolId);
    return { valid: true, errors: [], warnings: prepared.warnings, recipientReachable };
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'UBL_VALIDATION_FAILED') throw err;
    return { valid: false, errors: issuesOf(err.details), warnings: issuesOf(err.extra?.warnings), recipientReachable };
  }
}

export function documentValidateRoutes(deps: SendDeps): Router {
  const router = Router();
  router.post('/v1/documents/validate', async (req, res) => {
    res.json(await validateForSend(deps, scopeOf(req), req.body as ValidateInput));
  });
  return router;
}
