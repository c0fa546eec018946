export { createViesRegistry, parseViesAddress, type ViesOptions } from './vies.ts';
export { createRegistrySimulator, MAGIC_VAT_NUMBERS, SEEDED_COMPANIES, synthesizeCompany } from './simulator.ts';
export { peppolIdFromVat, vatFromRegistrationNumber } from './peppol-id.ts';
export { RegistryError, type NationalRegistry, type RegistryCompany, type RegistryErrorCode } from './types.ts';
