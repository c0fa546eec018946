import { randomInt } from 'node:crypto';

/**
 * A fresh, valid Belgian enterprise number: 0 + seven digits + the mod-97 check pair, the way KBO
 * numbers are built, so the sandbox company passes every identifier check the live flow applies.
 */
export function randomBelgianEnterpriseNumber(): string {
  const base = `0${randomInt(2_000_000, 9_999_999)}`;
  const check = 97 - (Number(base) % 97);
  return `${base}${String(check).padStart(2, '0')}`;
}

export function sandboxCompanyFor(label: string) {
  const enterpriseNumber = randomBelgianEnterpriseNumber();
  return {
    name: `${label} BV`,
    vatNumber: `BE${enterpriseNumber}`,
    country: 'BE',
    peppolId: `0208:${enterpriseNumber}`,
    address: { street: 'Rue de la Loi 16', city: 'Brussels', postalCode: '1000', country: 'BE' },
  };
}
