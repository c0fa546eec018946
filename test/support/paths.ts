import path from 'node:path';
import { PROJECT_ROOT } from '../../core/config.ts';

/** The shared reference material (official schemas and examples) checked out beside the project. */
export const SHARED = path.resolve(PROJECT_ROOT, '..', 'shared');
