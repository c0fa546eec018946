import type { DocumentLine, ItemClassification, ValidationIssue } from './types.ts';
import { type Dec, parseDecimal, round2, sum } from './money.ts';
import { all, attr, first, kid, kids, parseXml, text, val, type El } from './xml/dom.ts';

/** One credential of a cXML header party (`From`, `To`, `Sender`). */
export interface CxmlCredential {
  domain: string | undefined;
  identity: string;
}

export interface PunchOutItem {
  lineNumber: string | undefined;
  quantity: Dec;
  supplierPartId: string;
  supplierPartAuxiliaryId: string | undefined;
  description: string;
  shortName: string | undefined;
  unitPrice: Dec;
  currency: string;
  unitOfMeasure: string;
  /** Every `Classification` of the item, as `{domain, value}`. */
  classifications: Array<{ domain: string; value: string }>;
  manufacturerPartId: string | undefined;
  manufacturerName: string | undefined;
}

/** A cXML PunchOutOrderMessage: the cart a supplier's catalogue hands back to the buyer. */
export interface PunchOutOrderMessage {
  payloadId: string | undefined;
  timestamp: string | undefined;
  from: CxmlCredential[];
  to: CxmlCredential[];
  sender: CxmlCredential[];
  sharedSecret: string | undefined;
  buyerCookie: string;
  operationAllowed: string | undefined;
  currency: string;
  /** The header's `Total`, or the sum of the lines when the message has none. */
  total: Dec;
  items: PunchOutItem[];
}

export type CxmlResult = { ok: true; message: PunchOutOrderMessage } | { ok: false; errors: ValidationIssue[] };

/** cXML carts are small; a megabyte holds thousands of items. */
export const MAX_CXML_BYTES = 2 * 1024 * 1024;

/**
 * The document type declaration every cXML message opens with. It names the DTD by URL; the parser
 * never reads it (xmldom fetches nothing) and it is removed before parsing. Any other DTD, internal
 * subset or entity declaration is refused: those carry XXE and entity-expansion attacks.
 */
const CXML_DOCTYPE = /^(\s*<\?xml[^>]*\?>)?(\s*)<!DOCTYPE\s+cXML\s+SYSTEM\s+("[^"<>[\]]*"|'[^'<>[\]]*')\s*>/;

const issue = (rule: string, message: string, path = '/'): ValidationIssue => ({ rule, message, path });

/** Reads an untrusted cXML `PunchOutOrderMessage`; every problem comes back as an issue, nothing throws. */
export function readPunchOutOrderMessage(xml: string): CxmlResult {
  const parsed = parseXml(xml.replace(/^\uFEFF/, '').replace(CXML_DOCTYPE, '$1$2'), MAX_CXML_BYTES);
  if (!parsed.ok) return parsed;
  const root = parsed.root;
  if (root.localName !== 'cXML')
    return { ok: false, errors: [issue('CXML-ROOT', `The root element is ${root.nodeName}, not cXML.`)] };
  const message = first(root, 'Message/PunchOutOrderMessage');
  if (!message)
    return {
      ok: false,
      errors: [issue('CXML-MESSAGE', 'The cXML holds no Message/PunchOutOrderMessage.', '/cXML/Message')],
    };

  const errors: ValidationIssue[] = [];
  const buyerCookie = text(kid(message, 'BuyerCookie'));
  if (!buyerCookie)
    errors.push(issue('CXML-BUYER-COOKIE', 'BuyerCookie is missing or empty.', `${MESSAGE}/BuyerCookie`));

  const header = kid(message, 'PunchOutOrderMessageHeader');
  const totalMoney = first(header, 'Total/Money');
  const items = kids(message, 'ItemIn').map((el, i) => readItem(el, i + 1, errors));
  if (items.length === 0) errors.push(issue('CXML-ITEMS', 'The cart holds no ItemIn.', `${MESSAGE}/ItemIn`));

  const currency = attr(totalMoney, 'currency')?.trim() || items[0]?.currency || '';
  if (!/^[A-Z]{3}$/.test(currency))
    errors.push(issue('CXML-CURRENCY', `"${currency}" is not an ISO 4217 currency code.`, `${MESSAGE}/${TOTAL}`));
  for (const [i, item] of items.entries()) {
    if (item && item.currency !== currency)
      errors.push(
        issue(
          'CXML-CURRENCY',
          `Item ${i + 1} is priced in ${item.currency}, the cart in ${currency}.`,
          itemPath(i + 1),
        ),
      );
  }
  const total = totalMoney ? parseDecimal(text(totalMoney)) : undefined;
  if (totalMoney && !total)
    errors.push(issue('CXML-AMOUNT', `Total "${text(totalMoney)}" is not a decimal amount.`, `${MESSAGE}/${TOTAL}`));
  if (errors.length) return { ok: false, errors };

  const lines = items as PunchOutItem[];
  const header_ = first(root, 'Header');
  return {
    ok: true,
    message: {
      payloadId: attr(root, 'payloadID') || undefined,
      timestamp: attr(root, 'timestamp') || undefined,
      from: credentials(kid(header_, 'From')),
      to: credentials(kid(header_, 'To')),
      sender: credentials(kid(header_, 'Sender')),
      sharedSecret: all(header_, 'Sender/Credential/SharedSecret').map(text).find(Boolean),
      buyerCookie,
      operationAllowed: attr(header, 'operationAllowed') || undefined,
      currency,
      total: total ?? round2(sum(lines.map((l) => l.quantity.mul(l.unitPrice)))),
      items: lines,
    },
  };
}

const MESSAGE = '/cXML/Message/PunchOutOrderMessage';
const TOTAL = 'PunchOutOrderMessageHeader/Total/Money';
const itemPath = (n: number) => `${MESSAGE}/ItemIn[${n}]`;

function credentials(party: El | undefined): CxmlCredential[] {
  return kids(party, 'Credential')
    .map((c) => ({ domain: attr(c, 'domain')?.trim() || undefined, identity: val(c, 'Identity') ?? '' }))
    .filter((c) => c.identity !== '');
}

function readItem(el: El, n: number, errors: ValidationIssue[]): PunchOutItem | undefined {
  const path = itemPath(n);
  const before = errors.length;
  const quantity = parseDecimal(attr(el, 'quantity') ?? '');
  if (!quantity || quantity.lte(0))
    errors.push(
      issue('CXML-QUANTITY', `Item ${n}: quantity "${attr(el, 'quantity') ?? ''}" is not a positive number.`, path),
    );
  const supplierPartId = val(el, 'ItemID/SupplierPartID');
  if (!supplierPartId)
    errors.push(issue('CXML-ITEM-ID', `Item ${n}: ItemID/SupplierPartID is missing.`, `${path}/ItemID`));
  const detail = kid(el, 'ItemDetail');
  const money = first(detail, 'UnitPrice/Money');
  const unitPrice = money ? parseDecimal(text(money)) : undefined;
  if (!unitPrice)
    errors.push(
      issue(
        'CXML-AMOUNT',
        `Item ${n}: UnitPrice/Money "${text(money)}" is not a decimal amount.`,
        `${path}/ItemDetail/UnitPrice`,
      ),
    );
  const description = kid(detail, 'Description');
  const shortName = val(description, 'ShortName');
  // Description is mixed content: its own text is the description, ShortName a child beside it.
  let ownText = '';
  for (let node = description?.firstChild; node; node = node.nextSibling)
    if (node.nodeType === 3 || node.nodeType === 4) ownText += node.nodeValue ?? '';
  ownText = ownText.replace(/\s+/g, ' ').trim();
  const unitOfMeasure = val(detail, 'UnitOfMeasure');
  if (!unitOfMeasure)
    errors.push(issue('CXML-UOM', `Item ${n}: ItemDetail/UnitOfMeasure is missing.`, `${path}/ItemDetail`));
  if (errors.length > before) return undefined;
  return {
    lineNumber: attr(el, 'lineNumber') || undefined,
    quantity: quantity!,
    supplierPartId: supplierPartId!,
    supplierPartAuxiliaryId: val(el, 'ItemID/SupplierPartAuxiliaryID'),
    description: ownText || shortName || supplierPartId!,
    shortName,
    unitPrice: unitPrice!,
    currency: attr(money, 'currency')?.trim() ?? '',
    unitOfMeasure: unitOfMeasure!,
    classifications: kids(detail, 'Classification')
      .map((c) => ({ domain: attr(c, 'domain')?.trim() ?? '', value: text(c) }))
      .filter((c) => c.value !== ''),
    manufacturerPartId: val(detail, 'ManufacturerPartID'),
    manufacturerName: val(detail, 'ManufacturerName'),
  };
}

/** UNSPSC, the usual domain of cart items, is UNCL 7143 `TST`; other domains are mutually defined (`ZZZ`). */
const CLASSIFICATION_SCHEMES: Record<string, string> = { unspsc: 'TST' };

function classificationOf(item: PunchOutItem): ItemClassification | undefined {
  const preferred = item.classifications.find((c) => c.domain.toLowerCase() === 'unspsc') ?? item.classifications[0];
  if (!preferred) return undefined;
  return { scheme: CLASSIFICATION_SCHEMES[preferred.domain.toLowerCase()] ?? 'ZZZ', value: preferred.value };
}

/** The order lines of a cart: quantity, SupplierPartID as the seller's item code, price, unit and classification. */
export function punchOutLines(message: PunchOutOrderMessage): DocumentLine[] {
  return message.items.map((item, i) => {
    const classification = classificationOf(item);
    return {
      id: item.lineNumber ?? String(i + 1),
      description: item.description,
      ...(item.shortName ? { name: item.shortName } : {}),
      quantity: item.quantity.toNumber(),
      unit: item.unitOfMeasure,
      unitPrice: item.unitPrice.toNumber(),
      itemCode: item.supplierPartId,
      ...(classification ? { classification } : {}),
    };
  });
}
