import { formatAmount, formatPlain, type Dec } from '../money.ts';
import type { ComputedAllowanceCharge, ComputedTotals } from '../totals.ts';
import type { Address, Attachment, Contact, Delivery, Party, SchemedId } from '../types.ts';
import type { XmlWriter } from '../xml/writer.ts';
import { splitParticipantId } from '../identifiers.ts';

/** Writers for UBL aggregates shared by every document type; element order follows the UBL 2.1 XSD. */

/**
 * How tax categories are written: the tax scheme (`VAT` in BIS 3, `GST` in PINT A-NZ and SG) and
 * the category code list (UNCL 5305 in BIS 3; PINT SG has its own codes).
 */
export interface TaxDialect {
  scheme: string;
  category(category: string, rate: Dec | undefined): string;
}

export const BIS_TAX: TaxDialect = { scheme: 'VAT', category: (category) => category };

export function amount(w: XmlWriter, name: string, value: Dec | undefined, currency: string): void {
  if (value === undefined) return;
  w.leaf(name, formatAmount(value), { currencyID: currency });
}

export function schemedLeaf(w: XmlWriter, name: string, id: SchemedId | undefined): void {
  if (!id) return;
  w.leaf(name, id.value, { schemeID: id.scheme });
}

export function writeAddress(w: XmlWriter, name: string, address: Address | undefined): void {
  if (!address) return;
  w.group(name, () => {
    w.leaf('cbc:StreetName', address.street)
      .leaf('cbc:AdditionalStreetName', address.additionalStreet)
      .leaf('cbc:CityName', address.city)
      .leaf('cbc:PostalZone', address.postalCode)
      .leaf('cbc:CountrySubentity', address.region);
    w.group('cac:Country', () => w.leaf('cbc:IdentificationCode', address.country));
  });
}

export function writeContact(w: XmlWriter, contact: Contact | undefined, name = 'cac:Contact'): void {
  if (!contact) return;
  w.group(name, () => {
    w.leaf('cbc:Name', contact.name).leaf('cbc:Telephone', contact.phone).leaf('cbc:ElectronicMail', contact.email);
  });
}

export function writeEndpoint(w: XmlWriter, party: Party): void {
  if (!party.peppolId) return;
  const id = splitParticipantId(party.peppolId);
  // Inbound CII may carry non-ICD schemes such as EM (e-mail); keep them rather than lose the scheme.
  const other = id ? undefined : /^([A-Za-z0-9]{1,4}):(.+)$/.exec(party.peppolId);
  if (id) w.leaf('cbc:EndpointID', id.value, { schemeID: id.scheme });
  else if (other) w.leaf('cbc:EndpointID', other[2], { schemeID: other[1] });
  else w.leaf('cbc:EndpointID', party.peppolId);
}

export interface PartyOptions {
  /** Extra PartyIdentification ids (e.g. the SEPA creditor id, which UBL binds to the seller). */
  extraIds?: SchemedId[];
  seller?: boolean;
  tax?: TaxDialect;
}

/** The cac:Party of a seller or buyer in the EN16931 binding. */
export function writeBillingParty(w: XmlWriter, party: Party, options: PartyOptions = {}): void {
  w.group('cac:Party', () => {
    writeEndpoint(w, party);
    for (const id of [...(party.identifiers ?? []), ...(options.extraIds ?? [])]) {
      w.group('cac:PartyIdentification', () => schemedLeaf(w, 'cbc:ID', id));
    }
    if (party.name) {
      w.group('cac:PartyName', () => w.leaf('cbc:Name', party.name));
    }
    writeAddress(w, 'cac:PostalAddress', party.address);
    if (party.vatNumber) {
      w.group('cac:PartyTaxScheme', () => {
        w.leaf('cbc:CompanyID', party.vatNumber);
        w.group('cac:TaxScheme', () => w.leaf('cbc:ID', (options.tax ?? BIS_TAX).scheme));
      });
    }
    if (options.seller && party.taxRegistration) {
      w.group('cac:PartyTaxScheme', () => {
        w.leaf('cbc:CompanyID', party.taxRegistration);
        w.group('cac:TaxScheme', () => w.leaf('cbc:ID', 'TAX'));
      });
    }
    w.group('cac:PartyLegalEntity', () => {
      w.leaf('cbc:RegistrationName', party.legalName ?? party.name);
      schemedLeaf(w, 'cbc:CompanyID', party.legalId);
      if (options.seller) w.leaf('cbc:CompanyLegalForm', party.legalForm);
    });
    writeContact(w, party.contact);
  });
}

export function writeAllowanceCharge(
  w: XmlWriter,
  ac: ComputedAllowanceCharge,
  currency: string,
  withTaxCategory: boolean,
  tax: TaxDialect = BIS_TAX,
): void {
  w.open('cac:AllowanceCharge');
  w.leaf('cbc:ChargeIndicator', ac.charge ? 'true' : 'false');
  w.leaf('cbc:AllowanceChargeReasonCode', ac.reasonCode);
  w.leaf('cbc:AllowanceChargeReason', ac.reason);
  if (ac.percent) w.leaf('cbc:MultiplierFactorNumeric', formatPlain(ac.percent));
  amount(w, 'cbc:Amount', ac.amount, currency);
  amount(w, 'cbc:BaseAmount', ac.baseAmount, currency);
  const category = ac.category;
  if (withTaxCategory && category) {
    w.group('cac:TaxCategory', () => {
      w.leaf('cbc:ID', tax.category(category, ac.rate));
      if (ac.rate) w.leaf('cbc:Percent', formatPlain(ac.rate));
      w.group('cac:TaxScheme', () => w.leaf('cbc:ID', tax.scheme));
    });
  }
  w.close('cac:AllowanceCharge');
}

export function writeAttachment(w: XmlWriter, attachment: Attachment, typeCode?: string): void {
  w.group('cac:AdditionalDocumentReference', () => {
    w.leaf('cbc:ID', attachment.id);
    w.leaf('cbc:DocumentTypeCode', typeCode);
    w.leaf('cbc:DocumentDescription', attachment.description);
    w.group('cac:Attachment', () => {
      if (attachment.content) {
        w.leaf('cbc:EmbeddedDocumentBinaryObject', attachment.content, {
          mimeCode: attachment.mimeCode,
          filename: attachment.filename,
        });
      }
      if (attachment.url) w.group('cac:ExternalReference', () => w.leaf('cbc:URI', attachment.url));
    });
  });
}

export function writeDelivery(w: XmlWriter, delivery: Delivery | undefined): void {
  if (!delivery) return;
  w.group('cac:Delivery', () => {
    w.leaf('cbc:ActualDeliveryDate', delivery.date);
    if (delivery.locationId || delivery.address) {
      w.group('cac:DeliveryLocation', () => {
        schemedLeaf(w, 'cbc:ID', delivery.locationId);
        writeAddress(w, 'cac:Address', delivery.address);
      });
    }
    if (delivery.partyName) {
      w.group('cac:DeliveryParty', () => w.group('cac:PartyName', () => w.leaf('cbc:Name', delivery.partyName)));
    }
  });
}

/**
 * The VAT total with one subtotal per category and rate (BG-23), as billing and order agreements
 * carry it. Order agreements have no exemption reason code, so there the code stands in as the text.
 */
export function writeTaxTotal(
  w: XmlWriter,
  totals: ComputedTotals,
  currency: string,
  options: { exemptionCodes: boolean; tax?: TaxDialect } = { exemptionCodes: true },
): void {
  const tax = options.tax ?? BIS_TAX;
  w.open('cac:TaxTotal');
  amount(w, 'cbc:TaxAmount', totals.vat, currency);
  for (const b of totals.breakdown) {
    w.open('cac:TaxSubtotal');
    amount(w, 'cbc:TaxableAmount', b.taxable, currency);
    amount(w, 'cbc:TaxAmount', b.tax, currency);
    w.open('cac:TaxCategory');
    w.leaf('cbc:ID', tax.category(b.category, b.rate));
    if (b.rate) w.leaf('cbc:Percent', formatPlain(b.rate));
    if (options.exemptionCodes) {
      w.leaf('cbc:TaxExemptionReasonCode', b.exemptionReasonCode);
      w.leaf('cbc:TaxExemptionReason', b.exemptionReason);
    } else {
      w.leaf('cbc:TaxExemptionReason', b.exemptionReason ?? b.exemptionReasonCode);
    }
    w.group('cac:TaxScheme', () => w.leaf('cbc:ID', tax.scheme));
    w.close('cac:TaxCategory');
    w.close('cac:TaxSubtotal');
  }
  w.close('cac:TaxTotal');
}

/** A monetary total block (LegalMonetaryTotal, AnticipatedMonetaryTotal …) in XSD order. */
export function writeMonetaryTotal(w: XmlWriter, name: string, t: ComputedTotals, currency: string): void {
  w.open(name);
  amount(w, 'cbc:LineExtensionAmount', t.lineTotal, currency);
  amount(w, 'cbc:TaxExclusiveAmount', t.net, currency);
  amount(w, 'cbc:TaxInclusiveAmount', t.gross, currency);
  amount(w, 'cbc:AllowanceTotalAmount', t.allowanceTotal, currency);
  amount(w, 'cbc:ChargeTotalAmount', t.chargeTotal, currency);
  amount(w, 'cbc:PrepaidAmount', t.prepaid, currency);
  amount(w, 'cbc:PayableRoundingAmount', t.rounding, currency);
  amount(w, 'cbc:PayableAmount', t.payable, currency);
  w.close(name);
}
