/**
 * Check-digit algorithms of the identifier schemes Peppol validates. Each mirrors the function of
 * the same name in the Peppol BIS schematron, so the library and the official rules agree.
 */

const digitsOnly = (s: string) => /^\d+$/.test(s);

/** GS1 mod-10 (GLN, GTIN): weights 3,1 from the right, excluding the check digit. */
export function isValidGln(value: string): boolean {
  if (!digitsOnly(value) || value.length < 2) return false;
  const body = value.slice(0, -1);
  let total = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    total += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (total % 10)) % 10 === Number(value[value.length - 1]);
}

/** Norwegian organisation number mod-11, weights 2..7 from the right. */
export function isValidMod11(value: string): boolean {
  if (!digitsOnly(value) || Number(value) <= 0) return false;
  const body = value.slice(0, -1);
  let total = 0;
  for (let i = 0; i < body.length; i++) total += (body.charCodeAt(body.length - 1 - i) - 48) * ((i % 6) + 2);
  return (11 - (total % 11)) % 11 === Number(value[value.length - 1]);
}

/** Belgian enterprise number: 10 digits, the last two are 97 - (first eight mod 97). */
export function isValidBelgianEnterpriseNumber(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  return 97 - (Number(value.slice(0, 8)) % 97) === Number(value.slice(8));
}

/** Luhn (SIREN, SIRET, Swedish organisation numbers). */
export function isValidLuhn(value: string): boolean {
  if (!digitsOnly(value) || value.length < 2) return false;
  let total = 0;
  for (let i = 0; i < value.length; i++) {
    let d = value.charCodeAt(value.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
  }
  return total % 10 === 0;
}

export function isValidSiren(value: string): boolean {
  return /^\d{9}$/.test(value) && isValidLuhn(value);
}

/** SIRET: Luhn, except La Poste establishments (SIREN 356000000) whose digit sum is a multiple of 5. */
export function isValidSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  if (value.startsWith('356000000')) return [...value].reduce((s, c) => s + Number(c), 0) % 5 === 0;
  return isValidLuhn(value);
}

/** Swedish organisation number: 10 digits, Luhn over the whole number. */
export function isValidSwedishOrgNumber(value: string): boolean {
  return /^\d{10}$/.test(value) && isValidLuhn(value);
}

/** Australian Business Number: weighted sum mod 89 after subtracting 1 from the first digit. */
export function isValidAbn(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  let total = 0;
  for (let i = 0; i < 11; i++) total += (value.charCodeAt(i) - 48 - (i === 0 ? 1 : 0)) * weights[i];
  return total % 89 === 0;
}

/** Finnish business id (Y-tunnus) 1234567-8: mod-11 with weights 7,9,10,5,8,4,2. */
export function isValidFinnishBusinessId(value: string): boolean {
  const m = /^(\d{7})-?(\d)$/.exec(value);
  if (!m) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2];
  const total = [...m[1]].reduce((s, c, i) => s + Number(c) * weights[i], 0);
  const rest = total % 11;
  if (rest === 1) return false;
  return (rest === 0 ? 0 : 11 - rest) === Number(m[2]);
}

/** Italian Partita IVA: 11 digits with a Luhn-style check. */
export function isValidPartitaIva(value: string): boolean {
  return /^\d{11}$/.test(value) && isValidLuhn(value);
}

/** Italian Codice Fiscale as the Peppol schematron checks it: 16 characters in the personal layout, or 11 digits. */
export function isValidCodiceFiscale(value: string): boolean {
  if (value.length === 11) return /^\d{11}$/.test(value);
  return /^[A-Za-z]{6}\d{2}[A-Za-z]\d{2}.{3}\d[A-Za-z]$/.test(value);
}

/** Greek TIN (AFM): 9 digits, weights powers of two. */
export function isValidGreekTin(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  let total = 0;
  for (let i = 0; i < 8; i++) total += Number(value[i]) * 2 ** (8 - i);
  return (total % 11) % 10 === Number(value[8]);
}
