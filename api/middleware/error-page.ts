import type { Request } from 'express';
import type { ApiError } from '../errors.ts';
import { escapeHtml, htmlPage } from '../html.ts';

/** The error of an operation a browser calls, as a page: the envelope's message, code and request id. */
export function errorPage(error: ApiError, req: Request): string {
  const requestId = req.context?.requestId ?? 'req_unknown';
  const details = (error.details ?? [])
    .map((d) => `<li>${escapeHtml([d.field, d.message].filter(Boolean).join(': '))}</li>`)
    .join('');
  return htmlPage(
    'Request not accepted',
    `<h1>Request not accepted</h1><p>${escapeHtml(error.message)}</p>${details ? `<ul>${details}</ul>` : ''}
<p><code>${escapeHtml(error.code)}</code> · <code>${escapeHtml(requestId)}</code></p>`,
  );
}
