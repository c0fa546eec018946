export { createSmpRestRegistrar, parseServiceGroup, type SmpRestOptions } from './rest.ts';
export { createSmpSimulator } from './simulator.ts';
export { documentTypeIdsFor } from './document-types.ts';
export { SmpError, type SmpErrorCode, type SmpParticipant, type SmpRegistrar } from './types.ts';
