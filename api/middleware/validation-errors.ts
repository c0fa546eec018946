import { ApiError, type ErrorCode, type ErrorDetail } from '../errors.ts';

interface ValidatorIssue {
  path?: string;
  message?: string;
  errorCode?: string;
}

/** The catalog code of a value that breaks each format (the contract declares them per operation). */
export const FORMAT_CODES: Record<string, ErrorCode> = {
  iban: 'INVALID_IBAN',
  currency: 'INVALID_CURRENCY',
  date: 'INVALID_DATE',
  'date-time': 'INVALID_DATE',
  'vat-number': 'INVALID_VAT_FORMAT',
};

/** What a value of each format looks like, in words a caller can act on. */
const FORMAT_MESSAGES: Record<string, string> = {
  date: 'must be a date written YYYY-MM-DD',
  'date-time': 'must be a date and time in ISO 8601, such as 2026-11-25T10:00:00Z',
  currency: 'must be an ISO 4217 currency code, such as EUR',
  iban: 'must be a valid IBAN',
  'vat-number': 'must be a VAT number with its country prefix, such as BE0477472701',
  email: 'must be an e-mail address',
  uri: 'must be an absolute URI',
};

/**
 * The contract's decimal strings (`Decimal`, a VAT rate given as text). Every choice of the contract
 * between a number and a string is one of them (a test holds the contract to it), so a value of
 * neither type is told both alternatives.
 */
export const DECIMAL_PATTERNS = new Set(['^-?[0-9]+(\\.[0-9]+)?$', '^[0-9]+(\\.[0-9]+)?$']);
const DECIMAL_STRING = 'a decimal string such as "12.50"';

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  integer: 'an integer',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
};

/**
 * One branch of a `oneOf` the value missed, as the alternative it offers ("a number"), when the
 * branch failed on its type or a decimal pattern alone; undefined otherwise.
 */
function alternativeOf(issue: ValidatorIssue): string | undefined {
  const rule = ruleOf(issue);
  const message = issue.message ?? '';
  if (rule === 'type') return TYPE_WORDS[/^must be (\w+)$/.exec(message)?.[1] ?? ''];
  if (rule === 'pattern') {
    const pattern = /^must match pattern "(.*)"$/.exec(message)?.[1];
    return pattern && DECIMAL_PATTERNS.has(pattern) ? DECIMAL_STRING : undefined;
  }
  return undefined;
}

function ruleOf(issue: ValidatorIssue): string {
  return (issue.errorCode ?? 'invalid').split('.')[0] || 'invalid';
}

/**
 * A value that matches no branch of a `oneOf` is reported once per branch and once more for the
 * `oneOf`; where every branch failed on its type or a decimal pattern, one issue says what the value
 * may be ("must be a number or a decimal string such as "12.50"").
 */
function mergeAlternatives(issues: ValidatorIssue[]): ValidatorIssue[] {
  const choices = new Set(issues.filter((i) => ['oneOf', 'anyOf'].includes(ruleOf(i))).map((i) => i.path));
  if (choices.size === 0) return issues;
  const merged: ValidatorIssue[] = [];
  const done = new Set<string | undefined>();
  for (const issue of issues) {
    if (!choices.has(issue.path)) {
      merged.push(issue);
      continue;
    }
    if (done.has(issue.path)) continue;
    const branches = issues.filter((i) => i.path === issue.path && !['oneOf', 'anyOf'].includes(ruleOf(i)));
    const alternatives = branches.map(alternativeOf);
    if (branches.length === 0 || alternatives.some((a) => a === undefined)) {
      merged.push(...issues.filter((i) => i.path === issue.path));
    } else {
      const offered = new Set(alternatives);
      if (offered.has('a number') && offered.delete('a string')) offered.add(DECIMAL_STRING);
      const words = [...offered].join(' or ');
      merged.push({ path: issue.path, message: `must be ${words}`, errorCode: 'oneOf.openapi.validation' });
    }
    done.add(issue.path);
  }
  return merged;
}

function fieldOf(path: string | undefined): string {
  if (!path) return '';
  // "/body/lines/0/quantity" → "lines[0].quantity"; "/query/limit" → "limit"
  const parts = path
    .replace(/^\/?(body|query|params|headers|path)\/?/, '')
    .split('/')
    .filter(Boolean);
  return parts.map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** The most specific catalog code for one validator issue, and its rule name. */
function classify(issue: ValidatorIssue, field: string): { code: ErrorCode; rule: string } {
  const rule = ruleOf(issue);
  const message = issue.message ?? '';
  if (rule === 'required') return { code: 'MISSING_FIELD', rule };
  if (rule === 'enum') return { code: 'INVALID_ENUM', rule };
  if (rule === 'format') {
    const format = /format "([^"]+)"/.exec(message)?.[1];
    return { code: (format && FORMAT_CODES[format]) || 'INVALID_REQUEST', rule: format ? `format:${format}` : rule };
  }
  if (rule === 'pattern' && /(^|\.)vatNumber$/.test(field)) return { code: 'INVALID_VAT_FORMAT', rule };
  return { code: 'INVALID_REQUEST', rule };
}

/**
 * Turns express-openapi-validator's 400 into the envelope of DESIGN.md §5: one detail per problem and
 * the most specific code — the code shared by every problem, else the first specific one.
 */
export function toValidationError(issues: ValidatorIssue[]): ApiError {
  const details: ErrorDetail[] = [];
  const codes: ErrorCode[] = [];
  for (const issue of mergeAlternatives(issues)) {
    let field = fieldOf(issue.path);
    // A missing property is reported on its parent; name the property itself.
    const missing = /must have required property '([^']+)'/.exec(issue.message ?? '')?.[1];
    if (missing && !field.endsWith(missing)) field = field ? `${field}.${missing}` : missing;
    const { code, rule } = classify(issue, field);
    codes.push(code);
    if (rule === 'additionalProperties') {
      details.push({ field, rule: 'unknown_field', message: `${field} is not a field of this request` });
    } else if (rule === 'readOnly') {
      details.push({ field, rule: 'read_only', message: `${field} is read-only` });
    } else if (missing) {
      // The validator's own words ("must have required property 'from'") name the field twice.
      details.push({ field, rule, message: `${field} is required` });
    } else {
      const format = rule.startsWith('format:') ? FORMAT_MESSAGES[rule.slice('format:'.length)] : undefined;
      details.push({ field, rule, message: format ?? issue.message ?? 'is invalid' });
    }
  }
  const specific = codes.filter((c) => c !== 'INVALID_REQUEST');
  const code = specific.length > 0 ? specific[0] : 'INVALID_REQUEST';
  const summary = details
    .map((d) =>
      d.rule === 'unknown_field' || d.rule === 'read_only' || d.rule === 'required'
        ? d.message
        : `${d.field || 'request'} ${d.message}`,
    )
    .join('; ');
  return new ApiError(code, `The request is invalid: ${summary}.`, { details, type: 'validation_error' });
}
