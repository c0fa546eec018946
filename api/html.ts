const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value made safe to place in HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** A minimal standalone page: no scripts, no outside resources. `head` and `body` are HTML already escaped. */
export function htmlPage(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">${head}
<title>${escapeHtml(title)}</title></head>
<body>${body}</body></html>
`;
}
