import { expect } from 'chai';
import { loadDirectoryServiceDocument, loadFlowServiceDocument } from '../../api/afnor/index.ts';
import type { OpenApiDocument } from '../../api/openapi.ts';

/**
 * The published interface of XP Z12-013 (Flow Service 1.2.0, Directory Service 1.2.0) as the team's
 * description of the standard lists it: every operation with its parameters, and every enumeration.
 * Our two documents must carry all of it.
 */
const FLOW_OPERATIONS: Array<[string, string, string, string[]]> = [
  ['post', '/flows', 'createFlow', ['Request-Id', 'Organization-Id']],
  ['post', '/flows/search', 'searchFlows', ['Request-Id', 'Organization-Id']],
  ['get', '/flows/{flowId}', 'getFlow', ['Request-Id', 'Organization-Id', 'flowId', 'docType']],
  ['get', '/webhooks', 'listWebhooks', ['Request-Id', 'Organization-Id']],
  ['post', '/webhooks', 'createWebhook', ['Request-Id', 'Organization-Id']],
  ['get', '/webhooks/{webhookUid}', 'getWebhook', ['webhookUid']],
  ['patch', '/webhooks/{webhookUid}', 'updateWebhook', ['webhookUid']],
  ['delete', '/webhooks/{webhookUid}', 'deleteWebhook', ['webhookUid']],
  ['get', '/healthcheck', 'getHealth', []],
];

const DIRECTORY_OPERATIONS: Array<[string, string, string, string[]]> = [
  ['post', '/siren/search', 'searchCompanyBySiren', []],
  ['get', '/siren/code-insee:{siren}', 'getCompanyBySiren', ['siren', 'fields']],
  ['post', '/siret/search', 'searchFacilityBySiret', []],
  ['get', '/siret/code-insee:{siret}', 'getFacilityBySiret', ['siret', 'fields', 'include']],
  ['post', '/routing-code/search', 'searchRoutingCode', []],
  [
    'get',
    '/routing-code/siret:{siret}/code:{routing-identifier}',
    'getRoutingCodeBySiretAndId',
    ['siret', 'routing-identifier', 'fields', 'include'],
  ],
  ['post', '/directory-line/search', 'searchDirectoryLine', []],
  [
    'get',
    '/directory-line/code:{addressing-identifier}',
    'getDirectoryLineById',
    ['addressing-identifier', 'fields', 'include'],
  ],
  ['get', '/healthcheck', 'getHealth', []],
];

const FLOW_ENUMS: Record<string, string[]> = {
  FlowSyntax: ['CII', 'UBL', 'Factur-X', 'CDAR', 'FRR'],
  FlowProfile: ['Basic', 'CIUS', 'Extended-CTC-FR'],
  ProcessingRule: [
    'B2B',
    'B2BInt',
    'B2C',
    'B2G',
    'B2GInt',
    'OutOfScope',
    'B2GOutOfScope',
    'ArchiveOnly',
    'NotApplicable',
  ],
  FlowType: [
    'CustomerInvoice',
    'SupplierInvoice',
    'StateInvoice',
    'CustomerInvoiceLC',
    'SupplierInvoiceLC',
    'StateCustomerInvoiceLC',
    'StateSupplierInvoiceLC',
    'AggregatedCustomerTransactionReport',
    'UnitaryCustomerTransactionReport',
    'AggregatedCustomerPaymentReport',
    'UnitaryCustomerPaymentReport',
    'UnitarySupplierTransactionReport',
    'MultiFlowReport',
  ],
  FlowDirection: ['In', 'Out'],
  AckStatus: ['Pending', 'Ok', 'Error'],
  ReasonCode: [
    'EmptyFlow',
    'InvalidSchema',
    'FileSizeExceeded',
    'VirusFound',
    'ChecksumMismatch',
    'AlreadyExistingFlow',
    'InvoiceLCInvalidStatus',
    'InvoiceLCStatusError',
    'InvoiceLCRuleError',
    'InvoiceLCAccessDenied',
    'InvoiceLCAmountError',
  ],
  WebhookAuthType: ['BASIC', 'OAUTH2'],
  WebhookSignature: ['RS256', 'HS256', 'ECDSA', 'EDDSA_25519', 'RSA_PSS', 'EDDSA_448'],
};

const DIRECTORY_ENUMS: Record<string, string[]> = {
  EntityType: ['Public', 'PrivateVatRegistered'],
  AdministrativeStatus: ['A', 'C'],
  FacilityType: ['P', 'S'],
  PlatformType: ['WK', 'DFH'],
  DirectoryLineStatus: ['Enabled', 'Disabled', 'Upcoming'],
  SortingOrder: ['ascending', 'descending'],
};

/** Every enumeration value anywhere under a node. */
function enumValues(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => enumValues(n, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'enum' && Array.isArray(value)) value.forEach((v) => out.add(String(v)));
      else if (key === 'const') out.add(String(value));
      else enumValues(value, out);
    }
  }
  return out;
}

function parameterNames(doc: OpenApiDocument, path: string, method: string): string[] {
  const resolve = (p: any) => (p.$ref ? (doc as any).components.parameters[p.$ref.split('/').pop()] : p);
  const item = doc.paths[path];
  return [...(item.parameters ?? []), ...(item[method].parameters ?? [])].map((p: any) => resolve(p).name);
}

function checkOperations(doc: OpenApiDocument, operations: Array<[string, string, string, string[]]>): void {
  for (const [method, path, operationId, parameters] of operations) {
    expect(doc.paths, path).to.have.property(path);
    expect(doc.paths[path][method]?.operationId, `${method} ${path}`).to.equal(operationId);
    expect(parameterNames(doc, path, method), operationId).to.include.members(parameters);
  }
  const ours = Object.values(doc.paths).flatMap((item) =>
    Object.values(item)
      .map((op: any) => op?.operationId)
      .filter(Boolean),
  );
  expect(ours.sort()).to.deep.equal(operations.map((o) => o[2]).sort());
}

describe('the AFNOR facade contracts carry the described interface', () => {
  it('flow service: every operation, parameter and enumeration value', () => {
    const doc = loadFlowServiceDocument();
    checkOperations(doc, FLOW_OPERATIONS);
    const values = enumValues(doc);
    for (const [name, expected] of Object.entries(FLOW_ENUMS)) expect([...values], name).to.include.members(expected);
    const info = (doc as any).components.schemas.FlowInfo;
    expect(info.required).to.include.members(['name', 'flowSyntax']);
    expect(Object.keys(info.properties)).to.include.members([
      'name',
      'flowSyntax',
      'flowProfile',
      'processingRule',
      'trackingId',
      'sha256',
    ]);
    const filters = (doc as any).components.schemas.SearchFlowFilters;
    expect(Object.keys(filters.properties).sort()).to.deep.equal(
      [
        'ackStatus',
        'flowDirection',
        'flowType',
        'processingRule',
        'trackingId',
        'updatedAfter',
        'updatedBefore',
      ].sort(),
    );
    expect((doc as any).components.schemas.SearchFlowParams.properties.limit).to.deep.include({
      maximum: 100,
      default: 25,
    });
    expect(doc.paths['/webhooks'].post.callbacks).to.have.property('WebhookCallback');
    expect(doc.paths['/healthcheck'].get.security).to.deep.equal([]);
  });

  it('directory service: every operation, parameter, filter and enumeration value', () => {
    const doc = loadDirectoryServiceDocument();
    checkOperations(doc, DIRECTORY_OPERATIONS);
    const values = enumValues(doc);
    for (const [name, expected] of Object.entries(DIRECTORY_ENUMS))
      expect([...values], name).to.include.members(expected);
    const schemas = (doc as any).components.schemas;
    const filtersOf = (name: string) => Object.keys(schemas[name].allOf[1].properties.filters.properties).sort();
    expect(filtersOf('SirenSearch')).to.deep.equal(['administrativeStatus', 'businessName', 'entityType', 'siren']);
    expect(filtersOf('SiretSearch')).to.deep.equal([
      'addressLines',
      'administrativeStatus',
      'countrySubdivision',
      'facilityType',
      'locality',
      'name',
      'postalCode',
      'siren',
      'siret',
    ]);
    expect(filtersOf('RoutingCodeSearch')).to.deep.equal([
      'addressLines',
      'administrativeStatus',
      'locality',
      'postalCode',
      'routingCodeName',
      'routingIdentifier',
      'siret',
    ]);
    expect(filtersOf('DirectoryLineSearch')).to.deep.equal([
      'addressingIdentifier',
      'addressingSuffix',
      'routingIdentifier',
      'siren',
      'siret',
    ]);
    expect(schemas.Paging.properties.limit).to.deep.include({ minimum: 1, maximum: 100, default: 50 });
    expect(Object.keys(schemas.SearchEnvelope.properties)).to.deep.equal(['search', 'totalNumberOfResults', 'results']);
    expect(Object.keys(schemas.DirectoryLine.properties)).to.include.members([
      'addressingIdentifier',
      'platformType',
      'directoryLineStatus',
      'siren',
      'siret',
      'addressingSuffix',
      'routingCode',
      'legalUnit',
      'facility',
    ]);
  });

  it('both use the standard’s Error with errorCode required', () => {
    for (const doc of [loadFlowServiceDocument(), loadDirectoryServiceDocument()]) {
      const error = (doc as any).components.schemas.Error;
      expect(error.required).to.deep.equal(['errorCode']);
      expect(Object.keys(error.properties)).to.deep.equal(['errorCode', 'errorMessage', 'type', 'details', 'instance']);
    }
  });
});
