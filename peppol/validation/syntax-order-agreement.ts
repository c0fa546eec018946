import { UBL_NS } from '../document-types.ts';
import { ORDERING_CODE_LISTS } from './codelists-poacc.ts';
import { compileSyntaxModel } from './syntax-binding.ts';

/** The Peppol Order Agreement (T110) data model of release 2026.5, from which its PEPPOL-T110-B* rules derive. */
export const ORDER_AGREEMENT_SYNTAX = compileSyntaxModel(
  'PEPPOL-T110',
  UBL_NS.OrderResponse,
  `
ubl:OrderResponse
  cbc:CustomizationID !
  cbc:ProfileID ! ='urn:fdc:peppol.eu:poacc:bis:order_agreement:3'
  cbc:ID !
  cbc:SalesOrderID
  cbc:IssueDate !
  cbc:IssueTime
  cbc:Note
  cbc:DocumentCurrencyCode =ISO4217
  cbc:CustomerReference
  cac:OrderReference !
    cbc:ID !
  cac:OriginatorDocumentReference
    cbc:ID !
  cac:AdditionalDocumentReference
    cbc:ID !
    cbc:DocumentType
    cac:Attachment
      cbc:EmbeddedDocumentBinaryObject @mimeCode!:MIME @filename!
      cac:ExternalReference
        cbc:URI !
  cac:Contract
    cbc:ID !
  cac:SellerSupplierParty !
    cac:Party !
      cbc:EndpointID ! @schemeID!:EAS
      cac:PartyIdentification open
        cbc:ID ! @schemeID:ICD
      cac:PostalAddress
        cbc:StreetName
        cbc:AdditionalStreetName
        cbc:CityName
        cbc:PostalZone
        cbc:CountrySubentity
        cac:AddressLine open
          cbc:Line
        cac:Country !
          cbc:IdentificationCode ! =ISO3166
      cac:PartyLegalEntity !
        cbc:RegistrationName !
        cbc:CompanyID @schemeID:ICD
      cac:Contact
        cbc:Name
        cbc:Telephone
        cbc:ElectronicMail
  cac:BuyerCustomerParty !
    cac:Party !
      cbc:EndpointID ! @schemeID!:EAS
      cac:PartyIdentification open
        cbc:ID ! @schemeID:ICD
      cac:PostalAddress
        cbc:StreetName
        cbc:AdditionalStreetName
        cbc:CityName
        cbc:PostalZone
        cbc:CountrySubentity
        cac:AddressLine open
          cbc:Line
        cac:Country !
          cbc:IdentificationCode ! =ISO3166
      cac:PartyLegalEntity !
        cbc:RegistrationName !
        cbc:CompanyID @schemeID:ICD
    cac:DeliveryContact
      cbc:Name
      cbc:Telephone
      cbc:ElectronicMail
  cac:OriginatorCustomerParty
    cac:Party
      cac:PartyIdentification open
        cbc:ID ! @schemeID:ICD
      cac:PartyName open
        cbc:Name !
  cac:AccountingCustomerParty
    cac:Party
      cac:PartyIdentification open
        cbc:ID ! @schemeID:ICD
      cac:PartyName open
        cbc:Name !
  cac:Delivery
    cac:PromisedDeliveryPeriod
      cbc:StartDate !
      cbc:StartTime
      cbc:EndDate
      cbc:EndTime
    cac:DeliveryParty
      cac:PartyIdentification open
        cbc:ID ! @schemeID:ICD
      cac:PartyName open
        cbc:Name !
      cac:PostalAddress
        cbc:StreetName
        cbc:AdditionalStreetName
        cbc:CityName
        cbc:PostalZone
        cbc:CountrySubentity
        cac:AddressLine open
          cbc:Line
        cac:Country
          cbc:IdentificationCode ! =ISO3166
  cac:DeliveryTerms
    cbc:ID
    cbc:SpecialTerms
    cac:DeliveryLocation
      cbc:ID !
      cac:Address
        cbc:StreetName
        cbc:AdditionalStreetName
        cbc:CityName
        cbc:PostalZone
        cbc:CountrySubentity
        cac:AddressLine open
          cbc:Line
        cac:Country
          cbc:IdentificationCode ! =ISO3166
  cac:AllowanceCharge
    cbc:ChargeIndicator ! =BOOLEAN
    cbc:AllowanceChargeReasonCode =REASON
    cbc:AllowanceChargeReason
    cbc:MultiplierFactorNumeric
    cbc:Amount ! @currencyID!:ISO4217
    cbc:BaseAmount @currencyID!:ISO4217
    cac:TaxCategory !
      cbc:ID !
      cbc:Percent
      cac:TaxScheme !
        cbc:ID !
  cac:TaxTotal
    cbc:TaxAmount ! @currencyID!:ISO4217
    cac:TaxSubtotal
      cbc:TaxableAmount ! @currencyID!:ISO4217
      cbc:TaxAmount ! @currencyID!:ISO4217
      cac:TaxCategory !
        cbc:ID !
        cbc:Percent
        cbc:TaxExemptionReason
        cac:TaxScheme !
          cbc:ID !
  cac:LegalMonetaryTotal
    cbc:LineExtensionAmount ! @currencyID!:ISO4217
    cbc:TaxExclusiveAmount ! @currencyID!:ISO4217
    cbc:TaxInclusiveAmount ! @currencyID!:ISO4217
    cbc:AllowanceTotalAmount @currencyID!:ISO4217
    cbc:ChargeTotalAmount @currencyID!:ISO4217
    cbc:PrepaidAmount @currencyID!:ISO4217
    cbc:PayableRoundingAmount @currencyID!:ISO4217
    cbc:PayableAmount ! @currencyID!:ISO4217
  cac:OrderLine !
    cac:LineItem !
      cbc:ID !
      cbc:Note
      cbc:Quantity ! @unitCode!:REC20
      cbc:LineExtensionAmount @currencyID!:ISO4217
      cac:Delivery
        cbc:Quantity @unitCode!:REC20
        cac:PromisedDeliveryPeriod
          cbc:StartDate !
          cbc:StartTime
          cbc:EndDate
          cbc:EndTime
      cac:Price !
        cbc:PriceAmount ! @currencyID!:ISO4217
        cbc:BaseQuantity @unitCode:REC20
        cbc:PriceType
        cac:AllowanceCharge
          cbc:ChargeIndicator ! ='false'
          cbc:Amount ! @currencyID!:ISO4217
          cbc:BaseAmount @currencyID!:ISO4217
      cac:Item !
        cbc:Description
        cbc:Name !
        cac:BuyersItemIdentification
          cbc:ID !
        cac:SellersItemIdentification
          cbc:ID !
        cac:StandardItemIdentification
          cbc:ID ! @schemeID!:ICD
        cac:ItemSpecificationDocumentReference
          cbc:ID !
          cbc:DocumentTypeCode =DOCUMENT_TYPE
          cbc:DocumentType
          cac:Attachment
            cbc:EmbeddedDocumentBinaryObject @mimeCode!:MIME @filename!
            cac:ExternalReference
              cbc:URI
        cac:CommodityClassification
          cbc:ItemClassificationCode @listID!:UNCL7143 @listVersionID @name
        cac:TransactionConditions
          cbc:ActionCode ! ='CT'
        cac:ClassifiedTaxCategory
          cbc:ID !
          cbc:Percent
          cac:TaxScheme !
            cbc:ID !
        cac:AdditionalItemProperty
          cbc:ID @schemeDataURI @schemeID @schemeVersionID
          cbc:Name !
          cbc:NameCode @listID!
          cbc:Value !
          cbc:ValueQuantity @unitCode!:REC20
          cbc:ValueQualifier
        cac:Certificate
          cbc:ID !
          cbc:CertificateTypeCode ! ='NA'
          cbc:CertificateType !
          cbc:Remarks
          cac:IssuerParty !
            cac:PartyName ! open
              cbc:Name !
          cac:DocumentReference
            cbc:ID !

`,
  ORDERING_CODE_LISTS,
);
