import { HALF, HUNDRED, decimalOf, type Dec } from '../money.ts';
import type { ValidationIssue } from '../types.ts';
import {
  NS,
  all,
  attr,
  first,
  firstElementChild,
  kids,
  nextElementSibling,
  text,
  val,
  xpathOf,
  type El,
} from '../xml/dom.ts';

export type Flag = 'fatal' | 'warning';

/**
 * State shared by the rule functions while one UBL document is checked. Rules receive the
 * document once and walk it with the child-path helpers, which is much faster than evaluating
 * XPath strings and keeps a 100-line invoice well under the 5 ms budget.
 */
export class RuleContext {
  readonly errors: ValidationIssue[] = [];
  readonly warnings: ValidationIssue[] = [];
  readonly isInvoice: boolean;
  readonly isCredit: boolean;
  readonly lines: El[];
  readonly currency: string;
  readonly seller: El | undefined;
  readonly buyer: El | undefined;
  private cachedDocAcs?: El[];
  private byLocalName?: Map<string, El[]>;
  private readonly byQName = new Map<string, El[]>();

  constructor(readonly root: El) {
    this.isInvoice = root.localName === 'Invoice';
    this.isCredit = root.localName === 'CreditNote';
    this.lines = kids(root, this.isCredit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
    this.currency = val(root, 'cbc:DocumentCurrencyCode') ?? '';
    this.seller = first(root, 'cac:AccountingSupplierParty/cac:Party');
    this.buyer = first(root, 'cac:AccountingCustomerParty/cac:Party');
  }

  report(rule: string, flag: Flag, node: El | undefined, message: string): void {
    const issue = { rule, message, path: node ? xpathOf(node) : '/' };
    (flag === 'fatal' ? this.errors : this.warnings).push(issue);
  }

  /** Asserts `ok`; reports `rule` on `node` when it does not hold. */
  check(ok: boolean, rule: string, flag: Flag, node: El | undefined, message: string): void {
    if (!ok) this.report(rule, flag, node, message);
  }

  /**
   * Elements with a local name anywhere below the root, in document order: the `//name` of the
   * official XPaths. One walk indexes the whole document for every rule that asks.
   */
  descendants(localName: string): readonly El[] {
    if (!this.byLocalName) {
      const index = new Map<string, El[]>();
      const walk = (parent: El) => {
        for (let el = firstElementChild(parent); el; el = nextElementSibling(el)) {
          const name = el.localName ?? '';
          const list = index.get(name);
          if (list) list.push(el);
          else index.set(name, [el]);
          walk(el);
        }
      };
      walk(this.root);
      this.byLocalName = index;
    }
    return this.byLocalName.get(localName) ?? [];
  }

  /**
   * Elements named `qname` (`cac:…`, `cbc:…`) anywhere below the root: what an official rule whose
   * context is that bare name matches, wherever the element stands.
   */
  anywhere(qname: string): readonly El[] {
    let found = this.byQName.get(qname);
    if (!found) {
      const [prefix, local] = qname.split(':') as [string, string];
      found = this.descendants(local).filter((el) => el.namespaceURI === NS[prefix]);
      this.byQName.set(qname, found);
    }
    return found;
  }

  get docAllowanceCharges(): El[] {
    return (this.cachedDocAcs ??= kids(this.root, 'cac:AllowanceCharge'));
  }

  lineQuantity(line: El): El | undefined {
    return first(line, this.isCredit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity');
  }
}

/** xs:decimal() of an element; undefined when absent or not a decimal (XSLT would raise an error). */
export function num(el: El | undefined): Dec | undefined {
  return el ? decimalOf(text(el)) : undefined;
}

export function numAt(el: El | undefined, path: string): Dec | undefined {
  return num(first(el, path));
}

/** `cbc:ChargeIndicator = true()` as XPath compares it: the text is read as an xs:boolean, so '1' counts too. */
export function isCharge(ac: El): boolean {
  const indicator = text(first(ac, 'cbc:ChargeIndicator'));
  return indicator === 'true' || indicator === '1';
}

/** `cbc:ChargeIndicator = false()`: '0' counts too. */
export function isAllowance(ac: El): boolean {
  const indicator = text(first(ac, 'cbc:ChargeIndicator'));
  return indicator === 'false' || indicator === '0';
}

/** `cac:TaxScheme/normalize-space(upper-case(cbc:ID)) = 'VAT'` of a TaxCategory or PartyTaxScheme. */
export function isVatScheme(el: El): boolean {
  for (let n = firstElementChild(el); n; n = nextElementSibling(n))
    if (n.localName === 'TaxScheme' && n.namespaceURI === NS.cac) {
      const id = text(first(n, 'cbc:ID'));
      if (id === 'VAT' || id.toUpperCase() === 'VAT') return true;
    }
  return false;
}

/** VAT PartyTaxScheme/CompanyID elements of a party. */
export function vatIds(party: El | undefined): El[] {
  return all(party, 'cac:PartyTaxScheme')
    .filter((s) => val(s, 'cac:TaxScheme/cbc:ID') === 'VAT')
    .flatMap((s) => kids(s, 'cbc:CompanyID'));
}

/** XPath round(x * 100) div 100: half rounds towards positive infinity. */
export function xround2(d: Dec): Dec {
  return d.times(HUNDRED).plus(HALF).floor().div(HUNDRED);
}

export function within(a: Dec, b: Dec, slack: Dec): boolean {
  return a.minus(b).abs().lte(slack);
}

/** Country code of a party's postal address, as the national rule contexts test it. */
export const addressCountry = (party: El | undefined): string =>
  text(first(party, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode'));

export { all, attr, first, kids, text, val };
