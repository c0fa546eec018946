import express, { Router, type Request } from 'express';
import { MAX_CXML_BYTES } from '../../peppol/cxml.ts';
import { ApiError } from '../errors.ts';
import { escapeHtml, htmlPage } from '../html.ts';
import { receivePunchOutCart, type PunchoutDeps } from './service.ts';

const PATH = '/v1/punchout/cart';
const XML_TYPES = ['application/xml', 'text/xml'];

/** The form and raw-XML bodies of the PunchOut return; Base64 adds a third to the cXML's size. */
export function punchoutBody(): Router {
  const limit = Math.ceil(MAX_CXML_BYTES * 1.4);
  return Router().use(
    PATH,
    express.urlencoded({ extended: false, limit, parameterLimit: 20 }),
    express.text({ type: XML_TYPES, limit }),
  );
}

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** The cXML text of either form field, or of the raw body. */
function cxmlOf(req: Request): string {
  if (typeof req.body === 'string') return req.body;
  const form = (req.body ?? {}) as Record<string, unknown>;
  const urlencoded = form['cxml-urlencoded'];
  if (typeof urlencoded === 'string' && urlencoded.trim()) return urlencoded;
  const base64 = form['cxml-base64'];
  if (typeof base64 === 'string' && base64.trim()) {
    const compact = base64.replace(/\s+/g, '');
    if (!BASE64.test(compact))
      throw new ApiError('INVALID_REQUEST', 'The cxml-base64 field is not Base64.', {
        details: [{ field: 'cxml-base64', rule: 'base64', message: 'not Base64' }],
      });
    return Buffer.from(compact, 'base64').toString('utf8');
  }
  throw new ApiError(
    'INVALID_REQUEST',
    'The form carries no cXML: send it in the field cxml-urlencoded or cxml-base64.',
    {
      details: [{ field: 'cxml-urlencoded', rule: 'required', message: 'cxml-urlencoded or cxml-base64 is required' }],
    },
  );
}

/** Part 4.16: the cXML PunchOut return (public; the shared secret in the message is the credential). */
export function punchoutRoutes(deps: PunchoutDeps): Router {
  const router = Router();

  router.post(PATH, async (req, res) => {
    const { documentId, redirectUrl } = await receivePunchOutCart(deps, cxmlOf(req));
    const url = escapeHtml(redirectUrl);
    res
      .status(200)
      .type('html')
      .send(
        htmlPage(
          'Cart received',
          `<p>Your cart is saved as draft purchase order ${escapeHtml(documentId)}. <a href="${url}">Continue</a></p>`,
          `<meta http-equiv="refresh" content="0; url=${url}">`,
        ),
      );
  });

  return router;
}
