import type { RequestHandler } from 'express';
import { ApiError } from '../errors.ts';
import type { OperationIndex } from '../openapi.ts';

/**
 * Finds the contract operation of the request before authentication, so an unknown route is a 404
 * (and a known route with another method a 405) for every caller, and later steps know the
 * operation's scope and deprecation.
 */
export function matchOperation(index: OperationIndex): RequestHandler {
  return (req, res, next) => {
    const found = index.match(req.method, req.path);
    if ('operation' in found) {
      req.context.operation = found.operation;
      const deprecation = found.operation.deprecation;
      if (deprecation) {
        res.setHeader('Deprecation', 'true');
        if (deprecation.sunset) res.setHeader('Sunset', new Date(deprecation.sunset).toUTCString());
        if (deprecation.link) res.setHeader('Link', `<${deprecation.link}>; rel="deprecation"`);
      }
      return next();
    }
    if (found.allowed.length === 0)
      return next(new ApiError('RESOURCE_NOT_FOUND', `No route ${req.method} ${req.path}.`));
    const allow = found.allowed.join(', ');
    return next(
      new ApiError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}; use ${allow}.`, {
        headers: { Allow: allow },
      }),
    );
  };
}
