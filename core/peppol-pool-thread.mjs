// The entry of a thread of core/peppol-pool.ts. Worker threads do not inherit the TypeScript loader
// the process was started with (`--import tsx`), so this plain module loads the tasks through it.
import { tsImport } from 'tsx/esm/api';

const tasks = await tsImport('./peppol-pool-worker.ts', import.meta.url);

export const validate = tasks.validate;
export const readXml = tasks.readXml;
