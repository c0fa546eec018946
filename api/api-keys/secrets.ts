import { randomToken } from '../../core/ids.ts';
import { KEY_PREFIXES, type KeyType } from '../../core/plans.ts';

/** ~190 bits of randomness after the type prefix; the first 6 characters stay visible as `keyPrefix`. */
export function generateKeySecret(keyType: KeyType, livemode: boolean): { secret: string; keyPrefix: string } {
  const prefix = KEY_PREFIXES[keyType][livemode ? 'live' : 'test'];
  const secret = prefix + randomToken(32);
  return { secret, keyPrefix: secret.slice(0, prefix.length + 6) };
}
