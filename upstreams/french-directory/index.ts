export { createAnnuaireClient, type AnnuaireClientOptions } from './http.ts';
export { createFrenchDirectorySimulator } from './simulator.ts';
export { sandboxAnnuaire, headOfficeSiret } from './seed.ts';
export { isSiren, isSiret, luhnValid, LA_POSTE_SIREN } from './identifiers.ts';
export type * from './types.ts';
