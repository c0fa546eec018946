import { UBL_NS } from '../document-types.ts';
import { ORDERING_CODE_LISTS } from './codelists-poacc.ts';
import { compileSyntaxModel } from './syntax-binding.ts';

/** The Peppol Order (T01) data model of release 2026.5, from which its PEPPOL-T01-B* rules derive. */
export const ORDER_SYNTAX = compileSyntaxModel(
  'PEPPOL-T01',
  UBL_NS.Order,
  `
ubl:Order
  cbc:CustomizationID !
  cbc:ProfileID !
  cbc:ID !
  cbc:SalesOrderID
  cbc:IssueDate !
  cbc:IssueTime
  cbc:OrderTypeCode =UNCL1001_T01
  cbc:Note
  cbc:DocumentCurrencyCode ! =ISO4217
  cbc:CustomerReference
  cbc:AccountingCost
  cac:ValidityPeriod
    cbc:EndDate !
  cac:QuotationDocumentReference
    cbc:ID !
  cac:OrderDocumentReference
    cbc:ID !
  cac:OriginatorDocumentReference
    cbc:ID !
  cac:CatalogueReference
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
  cac:ProjectReference
    cbc:ID !
  cac:BuyerCustomerParty !
    cac:Party !
      cbc:EndpointID ! @schemeID!:EAS
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
        cac:Country !
          cbc:IdentificationCode ! =ISO3166
      cac:PartyTaxScheme
        cbc:CompanyID !
        cac:TaxScheme !
          cbc:ID !
      cac:PartyLegalEntity !
        cbc:RegistrationName !
        cbc:CompanyID @schemeID:ICD
        cac:RegistrationAddress
          cbc:CityName
          cac:Country !
            cbc:IdentificationCode ! =ISO3166
      cac:Contact
        cbc:Name
        cbc:Telephone
        cbc:ElectronicMail
  cac:SellerSupplierParty !
    cac:Party !
      cbc:EndpointID ! @schemeID!:EAS
      cac:PartyIdentification open
        cbc:ID ! @schemeID:ICD
      cac:PartyName open
        cbc:Name !
      cac:PostalAddress !
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
        cac:RegistrationAddress
          cbc:CityName
          cac:Country !
            cbc:IdentificationCode ! =ISO3166
      cac:Contact
        cbc:Name
        cbc:Telephone
        cbc:ElectronicMail
  cac:OriginatorCustomerParty
    cac:Party !
      cac:PartyIdentification open
        cbc:ID ! @schemeID:ICD
      cac:PartyName open
        cbc:Name !
      cac:Contact
        cbc:Name
        cbc:Telephone
        cbc:ElectronicMail
  cac:AccountingCustomerParty
    cac:Party !
      cbc:EndpointID @schemeID!:EAS
      cac:PartyIdentification open
        cbc:ID ! @schemeID:ICD
      cac:PartyName open
        cbc:Name !
      cac:PostalAddress !
        cbc:StreetName
        cbc:AdditionalStreetName
        cbc:CityName
        cbc:PostalZone
        cbc:CountrySubentity
        cac:AddressLine open
          cbc:Line
        cac:Country !
          cbc:IdentificationCode ! =ISO3166
      cac:PartyTaxScheme
        cbc:CompanyID !
        cac:TaxScheme !
          cbc:ID !
      cac:PartyLegalEntity !
        cbc:RegistrationName !
        cbc:CompanyID @schemeID:ICD
        cac:RegistrationAddress
          cbc:CityName
          cac:Country !
            cbc:IdentificationCode ! =ISO3166
      cac:Contact
        cbc:Name
        cbc:Telephone
        cbc:ElectronicMail
  cac:Delivery
    cac:DeliveryLocation
      cbc:ID @schemeID:ICD
      cbc:Name
      cac:Address !
        cbc:StreetName
        cbc:AdditionalStreetName
        cbc:CityName
        cbc:PostalZone
        cbc:CountrySubentity
        cac:AddressLine open
          cbc:Line !
        cac:Country !
          cbc:IdentificationCode ! =ISO3166
    cac:RequestedDeliveryPeriod
      cbc:StartDate
      cbc:StartTime
      cbc:EndDate
      cbc:EndTime
    cac:DeliveryParty
      cac:PartyIdentification open
        cbc:ID ! @schemeID:ICD
      cac:PartyName ! open
        cbc:Name !
      cac:PostalAddress
        cbc:StreetName
        cbc:AdditionalStreetName
        cbc:CityName
        cbc:PostalZone
        cbc:CountrySubentity
        cac:AddressLine open
          cbc:Line !
        cac:Country !
          cbc:IdentificationCode ! =ISO3166
      cac:Contact
        cbc:Name
        cbc:Telephone
        cbc:ElectronicMail
    cac:Despatch
      cbc:RequestedDespatchDate !
      cbc:RequestedDespatchTime
    cac:Shipment
      cbc:ID !
      cbc:ShippingPriorityLevelCode =UNCL4219
      cac:TransportHandlingUnit
        cbc:ShippingMarks
  cac:DeliveryTerms
    cbc:ID
    cbc:SpecialTerms
    cac:DeliveryLocation
      cbc:ID !
  cac:PaymentTerms
    cbc:Note !
  cac:AllowanceCharge
    cbc:ChargeIndicator ! =BOOLEAN
    cbc:AllowanceChargeReasonCode =REASON
    cbc:AllowanceChargeReason !
    cbc:MultiplierFactorNumeric
    cbc:Amount ! @currencyID!:ISO4217
    cbc:BaseAmount @currencyID!:ISO4217
    cac:TaxCategory
      cbc:ID !
      cbc:Percent
      cac:TaxScheme !
        cbc:ID !
  cac:TaxTotal
    cbc:TaxAmount ! @currencyID!:ISO4217
  cac:AnticipatedMonetaryTotal
    cbc:LineExtensionAmount ! @currencyID!:ISO4217
    cbc:TaxExclusiveAmount @currencyID!:ISO4217
    cbc:TaxInclusiveAmount @currencyID!:ISO4217
    cbc:AllowanceTotalAmount @currencyID!:ISO4217
    cbc:ChargeTotalAmount @currencyID!:ISO4217
    cbc:PrepaidAmount @currencyID!:ISO4217
    cbc:PayableRoundingAmount @currencyID!:ISO4217
    cbc:PayableAmount ! @currencyID!:ISO4217
  cac:OrderLine !
    cbc:Note
    cac:LineItem !
      cbc:ID !
      cbc:Quantity ! @unitCode!:REC20
      cbc:LineExtensionAmount @currencyID!:ISO4217
      cbc:PartialDeliveryIndicator =BOOLEAN
      cbc:AccountingCost
      cac:Delivery
        cbc:ID @schemeID:ICD
        cac:DeliveryLocation
          cbc:Name
          cac:Address !
            cbc:StreetName
            cbc:AdditionalStreetName
            cbc:CityName
            cbc:PostalZone
            cbc:CountrySubentity
            cac:AddressLine open
              cbc:Line !
            cac:Country !
              cbc:IdentificationCode ! =ISO3166
        cac:RequestedDeliveryPeriod !
          cbc:StartDate
          cbc:StartTime
          cbc:EndDate
          cbc:EndTime
      cac:OriginatorParty
        cac:PartyIdentification open
          cbc:ID ! @schemeID:ICD
        cac:PartyName open
          cbc:Name !
      cac:AllowanceCharge
        cbc:ChargeIndicator !
        cbc:AllowanceChargeReasonCode =REASON
        cbc:AllowanceChargeReason
        cbc:MultiplierFactorNumeric
        cbc:Amount ! @currencyID!:ISO4217
        cbc:BaseAmount @currencyID!:ISO4217
      cac:Price
        cbc:PriceAmount ! @currencyID!:ISO4217
        cbc:BaseQuantity @unitCode:REC20
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
        cac:ManufacturersItemIdentification
          cbc:ID !
        cac:StandardItemIdentification
          cbc:ID ! @schemeID!:ICD
        cac:ItemSpecificationDocumentReference
          cbc:ID !
        cac:CommodityClassification
          cbc:ItemClassificationCode @listID!:UNCL7143 @listVersionID @name
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
        cac:ItemInstance
          cbc:SerialID
          cac:LotIdentification
            cbc:LotNumberID
    cac:QuotationLineReference
      cbc:LineID !

`,
  ORDERING_CODE_LISTS,
);
