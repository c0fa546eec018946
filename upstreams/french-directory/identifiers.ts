/** INSEE numbers: a SIREN (9 digits) and a SIRET (SIREN + 5-digit NIC) carry a Luhn key. */

/** La Poste's SIREN: its establishments are too many for the Luhn key, INSEE checks a digit sum instead. */
export const LA_POSTE_SIREN = '356000000';

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
  }
  return total % 10 === 0;
}

/** The digit that completes `body` into a Luhn-valid number. */
export function luhnKey(body: string): string {
  for (let digit = 0; digit < 10; digit++) if (luhnValid(`${body}${digit}`)) return String(digit);
  throw new Error(`no Luhn key for ${body}`);
}

const digitSum = (digits: string) => [...digits].reduce((sum, ch) => sum + Number(ch), 0);

export function isSiren(value: string): boolean {
  return /^\d{9}$/.test(value) && luhnValid(value);
}

/** A SIRET of La Poste passes when its digits sum to a multiple of 5 (its head office also passes Luhn). */
export function isSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value) || !isSiren(value.slice(0, 9))) return false;
  return luhnValid(value) || (value.startsWith(LA_POSTE_SIREN) && digitSum(value) % 5 === 0);
}

/** La Poste's `n`-th establishment number: the digit sum rule, never the Luhn key (so it exercises the exception). */
export function laPosteSiret(n: number): string {
  for (let nic = n * 37; ; nic++) {
    const siret = `${LA_POSTE_SIREN}${String(nic).padStart(5, '0')}`;
    if (digitSum(siret) % 5 === 0 && !luhnValid(siret)) return siret;
  }
}
