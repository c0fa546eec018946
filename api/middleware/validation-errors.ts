import { ApiError, type ErrorCode, type ErrorDetail } from '../errors.ts';

interface ValidatorIssue {
  path?: string;
  message?: string;
  errorCode?: string;
}

const FORMAT_CODES: Record<string, ErrorCode> = {
  iban: 'INVALID_IBAN',
  currency: 'INVALID_CURRENCY',
  date: 'INVALID_DATE',
  'date-time': 'INVALID_DATE',
  'vat-number': 'INVALID_VAT_FORMAT',
};

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
  const rule = (issue.errorCode ?? 'invalid').split('.')[0] ?? 'invalid';
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
  for (const issue of issues) {
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
      details.push({ field, rule, message: issue.message ?? 'is invalid' });
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
