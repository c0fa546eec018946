import type { RequestHandler } from 'express';

/**
 * Part 5.6: AFNOR routes also take the bearer token as the query parameter `token`. It becomes the
 * Authorization header (which wins when both are sent) and leaves the URL the later steps read, so
 * neither the contract's query validation nor anything that echoes the URL ever sees it. The log
 * lines read `originalUrl` through `redactUrl`.
 */
export function queryToken(): RequestHandler {
  return (req, _res, next) => {
    const [path, query] = splitUrl(req.url);
    if (query === undefined) return next();
    const params = new URLSearchParams(query);
    const token = params.get('token');
    if (token === null) return next();
    params.delete('token');
    const rest = params.toString();
    req.url = rest ? `${path}?${rest}` : path;
    if (!req.headers.authorization && token) req.headers.authorization = `Bearer ${token}`;
    next();
  };
}

function splitUrl(url: string): [string, string | undefined] {
  const at = url.indexOf('?');
  return at < 0 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1)];
}
