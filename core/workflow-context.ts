import type { TypedSearchAttributes } from '@temporalio/common';
import { defineSearchAttributeKey, SearchAttributeType, TypedSearchAttributes as Attributes } from '@temporalio/common';

export const SEARCH_ATTRIBUTE_KEYS = {
  OrganizationId: defineSearchAttributeKey('OrganizationId', SearchAttributeType.KEYWORD),
  CompanyId: defineSearchAttributeKey('CompanyId', SearchAttributeType.KEYWORD),
  DocumentId: defineSearchAttributeKey('DocumentId', SearchAttributeType.KEYWORD),
  Livemode: defineSearchAttributeKey('Livemode', SearchAttributeType.BOOL),
};

export interface WorkflowOwner {
  organizationId: string;
  livemode: boolean;
  companyId?: string | null | undefined;
  documentId?: string | null | undefined;
}

/**
 * The search attributes every workflow start carries, so each run is findable in the Temporal UI
 * and so the sandbox clock can find a company's waiting runs (`CompanyId = … AND Livemode = false`).
 */
export function searchAttributesFor(owner: WorkflowOwner): TypedSearchAttributes {
  const pairs: ConstructorParameters<typeof Attributes>[0] = [
    { key: SEARCH_ATTRIBUTE_KEYS.OrganizationId, value: owner.organizationId },
    { key: SEARCH_ATTRIBUTE_KEYS.Livemode, value: owner.livemode },
  ];
  if (owner.companyId) pairs.push({ key: SEARCH_ATTRIBUTE_KEYS.CompanyId, value: owner.companyId });
  if (owner.documentId) pairs.push({ key: SEARCH_ATTRIBUTE_KEYS.DocumentId, value: owner.documentId });
  return new Attributes(pairs);
}
