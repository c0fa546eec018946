import { type RuleContext, first, isAllowance, isCharge, kids, text } from './context.ts';
import { ALLOWANCE_REASON_NAMES, CHARGE_REASON_NAMES } from './reason-codes.ts';
import type { El } from '../xml/dom.ts';

const normalize = (s: string): string => s.trim().toLowerCase().replace(/[’‘`]/g, "'").replace(/\s+/g, ' ');

/** Reason text (normalized) → the codes whose official name or value it is. */
function index(names: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (key: string, code: string) => {
    const k = normalize(key);
    const codes = out.get(k) ?? new Set<string>();
    codes.add(code);
    out.set(k, codes);
  };
  for (const [code, name] of names) {
    add(code, code);
    add(name, code);
  }
  return out;
}

const ALLOWANCE_INDEX = index(ALLOWANCE_REASON_NAMES);
const CHARGE_INDEX = index(CHARGE_REASON_NAMES);

const MESSAGES = {
  'BR-CO-05':
    'Document level allowance reason code (BT-98) and Document level allowance reason (BT-97) shall indicate the same type of allowance.',
  'BR-CO-06':
    'Document level charge reason code (BT-105) and Document level charge reason (BT-104) shall indicate the same type of charge.',
  'BR-CO-07':
    'Invoice line allowance reason code (BT-140) and Invoice line allowance reason (BT-139) shall indicate the same type of allowance reason.',
  'BR-CO-08':
    'Invoice line charge reason code (BT-145) and Invoice line charge reason (BT-144) shall indicate the same type of charge reason.',
} as const;

/**
 * BR-CO-05…08: reason code and reason text of an allowance or charge must describe the same thing.
 * The official EN16931 artefacts ship these asserts as `true()` (free text in any language cannot be
 * judged mechanically), so a document they accept must stay valid here: the rules are warnings, and
 * they fire only on a provable contradiction, i.e. the text is exactly the official name (or the
 * value) of a different code of the same list, e.g. code 95 "Discount" with the text "Special rebate".
 */
export function checkReasonConsistencyRules(ctx: RuleContext): void {
  for (const ac of ctx.docAllowanceCharges) check(ctx, ac, 'BR-CO-05', 'BR-CO-06');
  for (const line of ctx.lines)
    for (const ac of kids(line, 'cac:AllowanceCharge')) check(ctx, ac, 'BR-CO-07', 'BR-CO-08');
}

function check(
  ctx: RuleContext,
  ac: El,
  allowanceRule: 'BR-CO-05' | 'BR-CO-07',
  chargeRule: 'BR-CO-06' | 'BR-CO-08',
): void {
  const allowance = isAllowance(ac);
  if (!allowance && !isCharge(ac)) return;
  const codeEl = first(ac, 'cbc:AllowanceChargeReasonCode');
  const reasonEl = first(ac, 'cbc:AllowanceChargeReason');
  if (!codeEl || !reasonEl) return;
  const code = text(codeEl).trim();
  const names = allowance ? ALLOWANCE_REASON_NAMES : CHARGE_REASON_NAMES;
  // An unknown code is BR-CL-19/20's finding; there is no official meaning to compare against.
  if (!names.has(code)) return;
  const meant = (allowance ? ALLOWANCE_INDEX : CHARGE_INDEX).get(normalize(text(reasonEl)));
  if (!meant || meant.has(code)) return;
  const rule = allowance ? allowanceRule : chargeRule;
  const other = [...meant][0];
  ctx.report(
    rule,
    'warning',
    reasonEl,
    `${MESSAGES[rule]} Reason code ${code} means "${names.get(code)}" but the reason says "${text(reasonEl).trim()}" (code ${other}).`,
  );
}
