export { renderFatturaPA, type FatturaPAOptions, type FatturaPAResult } from './render.ts';
export { readFatturaPA, type FatturaPADocument, type FatturaPAEnvelope, type FatturaPAReadResult } from './read.ts';
export { FATTURAPA_NS, IT_SCHEMES, NATURA_CODES, naturaOf, type FatturaPAFormat, type Natura } from './codes.ts';
