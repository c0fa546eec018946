import type { Db } from '../../db/database.ts';
import { insertApiKey } from '../../db/api-keys.ts';
import { insertCompany } from '../../db/companies.ts';
import { ensureUser, insertOrganization } from '../../db/organizations.ts';
import { newId } from '../../core/ids.ts';
import { DOCUMENT_TYPES, type KeyType } from '../../core/plans.ts';
import { generateKeySecret } from '../api-keys/secrets.ts';
import { sandboxCompanyFor } from './company-seed.ts';

export interface BootstrapInput {
  label?: string;
  email?: string;
  keyType?: KeyType;
}

const PLAN_FOR_KEY_TYPE: Record<KeyType, string> = {
  personal: 'free',
  platform: 'platform',
  white_label: 'white_label',
};

/** A throwaway organization with one Belgian sandbox company and a test key, created atomically. */
export async function bootstrapSandbox(db: Db, input: BootstrapInput) {
  const label = input.label ?? 'quickstart';
  const keyType = input.keyType ?? 'personal';
  const seed = sandboxCompanyFor(label);
  const { secret, keyPrefix } = generateKeySecret(keyType, false);
  return db.transaction().execute(async (trx) => {
    const org = await insertOrganization(trx, {
      name: `Sandbox: ${label}`,
      plan: PLAN_FOR_KEY_TYPE[keyType],
      country: 'BE',
      sandbox: true,
    });
    if (input.email) {
      await ensureUser(trx, `sandbox:${org.id}:${input.email.toLowerCase()}`, input.email, [
        { organizationId: org.id, role: 'admin' },
      ]);
    }
    const company = await insertCompany(trx, {
      id: newId('comp'),
      organizationId: org.id,
      livemode: false,
      name: seed.name,
      legalName: seed.name,
      vatNumber: seed.vatNumber,
      country: seed.country,
      peppolId: seed.peppolId,
      address: seed.address,
      capabilities: { send: [...DOCUMENT_TYPES], receive: [...DOCUMENT_TYPES] },
    });
    const key = await insertApiKey(trx, {
      id: newId('key'),
      organizationId: org.id,
      companyId: null,
      name: label,
      keyType,
      livemode: false,
      keyPrefix,
      secret,
      scopes: ['*'],
      rateLimit: null,
      expiresAt: null,
      createdBy: 'sandbox-bootstrap',
    });
    return {
      key: secret,
      keyId: key.id,
      keyPrefix,
      keyType,
      livemode: false as const,
      label,
      organizationId: org.id,
      company: {
        id: company.id,
        name: company.name,
        vatNumber: company.vat_number,
        country: company.country,
        peppolId: company.peppol_id!,
      },
      createdAt: key.created_at.toISOString(),
    };
  });
}
