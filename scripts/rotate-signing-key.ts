import { signingKeys } from '../api/signing-keys.ts';
import { runWithDatabase } from './database.ts';

/** `npm run keys:rotate`: a new signing key becomes active; the previous ones stay in the JWKS. */
runWithDatabase('signing key rotation', async (db) => {
  console.log(`active key: ${await signingKeys(db).rotate()}`);
});
