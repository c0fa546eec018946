export {
  businessCardXml,
  certificateOf,
  createSmpRestRegistrar,
  parseEndpoint,
  parseServiceGroup,
  readAccessPointCertificate,
  TRANSPORT_PROFILE,
  type AccessPointCertificate,
  type SmpRestOptions,
} from './rest.ts';
export { createSmpSimulator } from './simulator.ts';
export { documentTypeIdsFor } from './document-types.ts';
export {
  SmpError,
  type SmpBusinessCard,
  type SmpErrorCode,
  type SmpMigrations,
  type SmpParticipant,
  type SmpRegistrar,
  type SmpRegistrationResult,
} from './types.ts';
