import type { Scope } from '../../../core/scope.ts';
import type { NewStoredFlow } from '../../../db/flows.ts';
import type { Upload } from '../multipart.ts';
import type { FlowInfo } from './service.ts';

/** What a stored CDAR or FRR keeps of its submission: the caller's mode, what it said of itself, its bytes. */
export function submitted(
  scope: Scope,
  info: FlowInfo,
  upload: Upload,
): Pick<
  NewStoredFlow,
  | 'organizationId'
  | 'livemode'
  | 'name'
  | 'processingRule'
  | 'flowProfile'
  | 'trackingId'
  | 'content'
  | 'sha256'
  | 'contentType'
> {
  return {
    organizationId: scope.organizationId,
    livemode: scope.livemode,
    name: info.name,
    processingRule: info.processingRule,
    flowProfile: info.flowProfile,
    trackingId: info.trackingId,
    content: upload.bytes,
    sha256: upload.sha256,
    contentType: 'application/xml',
  };
}
