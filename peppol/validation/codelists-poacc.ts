// The code lists of the Peppol Ordering artefacts (release 2026.5) that differ from the billing ones
// in codelists.ts; the lists both share (ISO 3166, UNCL 5189, 7161, 7143, Rec 20) are read from there.
// Kept as data so the library never reads files at run time.
import * as Billing from './codelists.ts';
import type { CodeList } from './syntax-binding.ts';

/** Numeric code ranges, e.g. '1-3 7' → 1 2 3 7. */
function codeRanges(ranges: string): ReadonlySet<string> {
  const codes = new Set<string>();
  for (const range of ranges.split(' ')) {
    const [from, to = from] = range.split('-').map(Number) as [number, number?];
    for (let code = from; code <= to; code++) codes.add(String(code));
  }
  return codes;
}

/** ISO 4217 currency codes. */
export const ISO4217: ReadonlySet<string> = new Set(
  'AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNH CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XTS XUA XXX YER ZAR ZMW ZWG'.split(
    ' ',
  ),
);

/** Electronic Address Scheme (EAS). */
export const EAS: ReadonlySet<string> = new Set(
  '0002 0007 0009 0060 0088 0096 0097 0106 0130 0135 0142 0151 0183 0184 0188 0190 0191 0192 0195 0196 0198 0199 0200 0201 0204 0208 0209 0210 0211 0216 0218 0221 0225 0230 0235 0240 0242 0244 0245 0246 0248 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959'.split(
    ' ',
  ),
);

/** ISO 6523 ICD. */
export const ICD: ReadonlySet<string> = new Set(
  '0002 0003 0004 0005 0006 0007 0008 0009 0010 0011 0012 0013 0014 0015 0016 0017 0018 0019 0020 0021 0022 0023 0024 0025 0026 0027 0028 0029 0030 0031 0032 0033 0034 0035 0036 0037 0038 0039 0040 0041 0042 0043 0044 0045 0046 0047 0048 0049 0050 0051 0052 0053 0054 0055 0056 0057 0058 0059 0060 0061 0062 0063 0064 0065 0066 0067 0068 0069 0070 0071 0072 0073 0074 0075 0076 0077 0078 0079 0080 0081 0082 0083 0084 0085 0086 0087 0088 0089 0090 0091 0093 0094 0095 0096 0097 0098 0099 0100 0101 0102 0104 0105 0106 0107 0108 0109 0110 0111 0112 0113 0114 0115 0116 0117 0118 0119 0120 0121 0122 0123 0124 0125 0126 0127 0128 0129 0130 0131 0132 0133 0134 0135 0136 0137 0138 0139 0140 0141 0142 0143 0144 0145 0146 0147 0148 0149 0150 0151 0152 0153 0154 0155 0156 0157 0158 0159 0160 0161 0162 0163 0164 0165 0166 0167 0168 0169 0170 0171 0172 0173 0174 0175 0176 0177 0178 0179 0180 0183 0184 0185 0186 0187 0188 0189 0190 0191 0192 0193 0194 0195 0196 0197 0198 0199 0200 0201 0202 0203 0204 0205 0206 0207 0208 0209 0210 0211 0212 0213 0214 0215 0216 0217 0218 0219 0220 0221 0222 0223 0224 0225 0226 0227 0228 0229 0230 0231 0232 0233 0234 0235 0236 0237 0238 0239 0240 0241 0242 0243 0244 0245 0246 0247 0248'.split(
    ' ',
  ),
);

/** Attachment MIME codes (IANA subset). */
export const MIME: ReadonlySet<string> = new Set(
  'application/pdf image/png image/jpeg image/tiff application/acad application/dwg drawing/dwg application/vnd.openxmlformats-officedocument.spreadsheetml.sheet application/vnd.oasis.opendocument.spreadsheet'.split(
    ' ',
  ),
);

/** Order type codes (UNCL 1001 subset). */
export const UNCL1001_T01: ReadonlySet<string> = new Set('105 220 221 226 227 402'.split(' '));

/** Document name codes, full UNCL 1001. */
export const UNCL1001: ReadonlySet<string> = codeRanges(
  '1-470 481-491 493-499 520-539 550-554 575-589 610 621-659 700-751 760-761 763-766 770 775 780-799 810-812 820-825 830 833 840-841 850-853 855-856 860-865 870 890 895-896 901 910-911 913-917 925-927 929-938 940-941 950-955 960-966 970-972 974-979 990-991 995-996 998 1999',
);

/** Transport service priority codes (UNCL 4219). */
export const UNCL4219: ReadonlySet<string> = new Set('1 2 3 4'.split(' '));

/** Image codes (OpenPeppol), an alternative to UNCL 1001 for item specification documents. */
export const IMAGE_CODES: ReadonlySet<string> = new Set('PRODUCT_IMAGE TRADE_ITEM_DESCRIPTION'.split(' '));

/** Boolean indicator (OpenPeppol). */
export const TRUE_FALSE: ReadonlySet<string> = new Set('true false'.split(' '));

/** The code lists of the Ordering data models by the names the models use, labelled as the artefacts name them. */
export const ORDERING_CODE_LISTS: Readonly<Record<string, CodeList>> = {
  ISO4217: { codes: ISO4217, label: "'ISO 4217 Currency codes'" },
  ISO3166: { codes: Billing.ISO3166, label: "'ISO 3166-1:Alpha2 Country codes'" },
  EAS: { codes: EAS, label: "'Electronic Address Scheme (EAS)'" },
  ICD: { codes: ICD, label: "'ISO 6523 ICD list'" },
  MIME: { codes: MIME, label: "'Mime code (IANA Subset)'" },
  REC20: {
    codes: Billing.REC20,
    label: "'Recommendation 20, including Recommendation 21 codes - prefixed with X (UN/ECE)'",
  },
  UNCL7143: { codes: Billing.UNCL7143, label: "'Item type identification code (UNCL7143)'" },
  UNCL4219: { codes: UNCL4219, label: "'Transport service priority code (UNCL4219)'" },
  UNCL1001_T01: { codes: UNCL1001_T01, label: "'Order type code (UNCL1001 subset)'" },
  BOOLEAN: { codes: TRUE_FALSE, label: "'Boolean indicator (OpenPeppol)'" },
  REASON: {
    codes: new Set([...Billing.UNCL5189, ...Billing.UNCL7161]),
    label: "'Allowance reason codes (UNCL5189 subset)' or 'Charge reason code (UNCL7161)'",
  },
  DOCUMENT_TYPE: {
    codes: new Set([...UNCL1001, ...IMAGE_CODES]),
    label: "'Document name code, full list (UNCL1001)' or 'Image code (OpenPeppol)'",
  },
};
