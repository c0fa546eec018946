import { splitParticipantId } from '../identifiers.ts';
import type { DocumentBody, Party, VatCategory } from '../types.ts';
import type { PintSpecificationInfo } from './specification.ts';

/**
 * The fields a PINT specialization requires that the body can leave out, derived as the BIS 3 first
 * hour derives its own: the currency of the jurisdiction, the due date (the day of issue when neither
 * a due date nor terms are given), and a party's legal registration (ibt-030,
 * ibt-047: the ABN in Australia, the NZBN in New Zealand, the UEN in Singapore) from its Peppol
 * participant id when that id is in the country's registration scheme, and JP PINT's period (the day of
 * issue). What the body gives stands.
 */
export function derivePintBody(spec: PintSpecificationInfo, body: DocumentBody): DocumentBody {
  const out: DocumentBody = { ...body };
  if (!out.currency) out.currency = spec.currency;
  if (out.seller) out.seller = withLegalId(spec, out.seller);
  if (out.buyer) out.buyer = withLegalId(spec, out.buyer);
  // A Japanese registration number is written as it is issued (T and 13 digits), without a country prefix.
  if (spec.id === 'pint-jp' && out.seller?.vatNumber && /^JPT[0-9]{13}$/.test(out.seller.vatNumber))
    out.seller = { ...out.seller, vatNumber: out.seller.vatNumber.slice(2) };
  // JP PINT asks for a period (aligned-ibrp-052): the day of issue when neither the document nor a line has one.
  if (spec.id === 'pint-jp' && !out.invoicePeriod && !out.lines?.some((l) => l.period))
    out.invoicePeriod = { start: out.issueDate, end: out.issueDate };
  // PINT asks a payable invoice for a due date or payment terms (aligned-ibrp-061): with neither
  // stated, the amount is due on the day of issue.
  if (!out.dueDate && !out.payment?.terms && !out.payment?.discountTerms?.length) out.dueDate = out.issueDate;
  return out;
}

function withLegalId(spec: PintSpecificationInfo, party: Party): Party {
  if (party.legalId || !party.peppolId) return party;
  const scheme = spec.legalScheme[party.address?.country?.toUpperCase() ?? ''];
  const id = splitParticipantId(party.peppolId);
  if (!scheme || !id || id.scheme !== scheme) return party;
  // Singapore's participant ids carry the UEN behind the "SGUEN" prefix of scheme 0195.
  const value = scheme === '0195' ? id.value.replace(/^SGUEN/i, '') : id.value;
  return { ...party, legalId: { scheme, value } };
}

/**
 * A body read from a document of a PINT specialization with its tax categories in the body's code
 * list (UNCL 5305, as BIS 3 writes them): the same structured document whichever specification
 * carried it. Categories with no counterpart are kept as written.
 */
export function fromPintCategories(spec: PintSpecificationInfo, body: DocumentBody): DocumentBody {
  const map = (code: VatCategory): VatCategory => spec.categoryIn(code) as VatCategory;
  for (const line of body.lines ?? []) if (line.vatCategory) line.vatCategory = map(line.vatCategory);
  for (const ac of [...(body.allowances ?? []), ...(body.charges ?? [])])
    if (ac.vatCategory) ac.vatCategory = map(ac.vatCategory);
  for (const b of body.totals?.vatBreakdown ?? []) b.category = map(b.category);
  for (const e of body.vatExemptions ?? []) e.category = map(e.category);
  return body;
}
