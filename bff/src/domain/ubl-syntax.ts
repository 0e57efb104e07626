// The element tree of Peppol BIS Billing 3.0 (OpenPEPPOL/peppol-bis-invoice-3 v3.0.19, structure/syntax/ubl-invoice:
// the UBL elements the EN 16931 binding uses), one element a line, children indented by two spaces. The UBL-CR rules warn
// about any other element; ubl-rules.ts checks every element of a document against this tree.

/** Element paths relative to the root, e.g. `cac:AccountingSupplierParty/cac:Party/cbc:EndpointID`. */
export type SyntaxPaths = ReadonlySet<string>;

function paths(tree: string): SyntaxPaths {
  const result = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    if (line.trim() === '') continue;
    const depth = (line.length - line.trimStart().length) / 2;
    stack.length = depth;
    stack.push(line.trim());
    result.add(stack.join('/'));
  }
  return result;
}

export const INVOICE_SYNTAX: SyntaxPaths = paths(`
cbc:CustomizationID
cbc:ProfileID
cbc:ID
cbc:IssueDate
cbc:DueDate
cbc:InvoiceTypeCode
cbc:Note
cbc:TaxPointDate
cbc:DocumentCurrencyCode
cbc:TaxCurrencyCode
cbc:AccountingCost
cbc:BuyerReference
cac:InvoicePeriod
  cbc:StartDate
  cbc:EndDate
  cbc:DescriptionCode
cac:OrderReference
  cbc:ID
  cbc:SalesOrderID
cac:BillingReference
  cac:InvoiceDocumentReference
    cbc:ID
    cbc:IssueDate
cac:DespatchDocumentReference
  cbc:ID
cac:ReceiptDocumentReference
  cbc:ID
cac:OriginatorDocumentReference
  cbc:ID
cac:ContractDocumentReference
  cbc:ID
cac:AdditionalDocumentReference
  cbc:ID
  cbc:DocumentTypeCode
  cbc:DocumentDescription
  cac:Attachment
    cbc:EmbeddedDocumentBinaryObject
    cac:ExternalReference
      cbc:URI
cac:ProjectReference
  cbc:ID
cac:AccountingSupplierParty
  cac:Party
    cbc:EndpointID
    cac:PartyIdentification
      cbc:ID
    cac:PartyName
      cbc:Name
    cac:PostalAddress
      cbc:StreetName
      cbc:AdditionalStreetName
      cbc:CityName
      cbc:PostalZone
      cbc:CountrySubentity
      cac:AddressLine
        cbc:Line
      cac:Country
        cbc:IdentificationCode
    cac:PartyTaxScheme
      cbc:CompanyID
      cac:TaxScheme
        cbc:ID
    cac:PartyLegalEntity
      cbc:RegistrationName
      cbc:CompanyID
      cbc:CompanyLegalForm
    cac:Contact
      cbc:Name
      cbc:Telephone
      cbc:ElectronicMail
cac:AccountingCustomerParty
  cac:Party
    cbc:EndpointID
    cac:PartyIdentification
      cbc:ID
    cac:PartyName
      cbc:Name
    cac:PostalAddress
      cbc:StreetName
      cbc:AdditionalStreetName
      cbc:CityName
      cbc:PostalZone
      cbc:CountrySubentity
      cac:AddressLine
        cbc:Line
      cac:Country
        cbc:IdentificationCode
    cac:PartyTaxScheme
      cbc:CompanyID
      cac:TaxScheme
        cbc:ID
    cac:PartyLegalEntity
      cbc:RegistrationName
      cbc:CompanyID
    cac:Contact
      cbc:Name
      cbc:Telephone
      cbc:ElectronicMail
cac:PayeeParty
  cac:PartyIdentification
    cbc:ID
  cac:PartyName
    cbc:Name
  cac:PartyLegalEntity
    cbc:CompanyID
cac:TaxRepresentativeParty
  cac:PartyName
    cbc:Name
  cac:PostalAddress
    cbc:StreetName
    cbc:AdditionalStreetName
    cbc:CityName
    cbc:PostalZone
    cbc:CountrySubentity
    cac:AddressLine
      cbc:Line
    cac:Country
      cbc:IdentificationCode
  cac:PartyTaxScheme
    cbc:CompanyID
    cac:TaxScheme
      cbc:ID
cac:Delivery
  cbc:ActualDeliveryDate
  cac:DeliveryLocation
    cbc:ID
    cac:Address
      cbc:StreetName
      cbc:AdditionalStreetName
      cbc:CityName
      cbc:PostalZone
      cbc:CountrySubentity
      cac:AddressLine
        cbc:Line
      cac:Country
        cbc:IdentificationCode
  cac:DeliveryParty
    cac:PartyName
      cbc:Name
cac:PaymentMeans
  cbc:PaymentMeansCode
  cbc:PaymentID
  cac:CardAccount
    cbc:PrimaryAccountNumberID
    cbc:NetworkID
    cbc:HolderName
  cac:PayeeFinancialAccount
    cbc:ID
    cbc:Name
    cac:FinancialInstitutionBranch
      cbc:ID
  cac:PaymentMandate
    cbc:ID
    cac:PayerFinancialAccount
      cbc:ID
cac:PaymentTerms
  cbc:Note
cac:AllowanceCharge
  cbc:ChargeIndicator
  cbc:AllowanceChargeReasonCode
  cbc:AllowanceChargeReason
  cbc:MultiplierFactorNumeric
  cbc:Amount
  cbc:BaseAmount
  cac:TaxCategory
    cbc:ID
    cbc:Percent
    cac:TaxScheme
      cbc:ID
cac:TaxTotal
  cbc:TaxAmount
  cac:TaxSubtotal
    cbc:TaxableAmount
    cbc:TaxAmount
    cac:TaxCategory
      cbc:ID
      cbc:Percent
      cbc:TaxExemptionReasonCode
      cbc:TaxExemptionReason
      cac:TaxScheme
        cbc:ID
cac:LegalMonetaryTotal
  cbc:LineExtensionAmount
  cbc:TaxExclusiveAmount
  cbc:TaxInclusiveAmount
  cbc:AllowanceTotalAmount
  cbc:ChargeTotalAmount
  cbc:PrepaidAmount
  cbc:PayableRoundingAmount
  cbc:PayableAmount
cac:InvoiceLine
  cbc:ID
  cbc:Note
  cbc:InvoicedQuantity
  cbc:LineExtensionAmount
  cbc:AccountingCost
  cac:InvoicePeriod
    cbc:StartDate
    cbc:EndDate
  cac:OrderLineReference
    cbc:LineID
  cac:DocumentReference
    cbc:ID
    cbc:DocumentTypeCode
  cac:AllowanceCharge
    cbc:ChargeIndicator
    cbc:AllowanceChargeReasonCode
    cbc:AllowanceChargeReason
    cbc:MultiplierFactorNumeric
    cbc:Amount
    cbc:BaseAmount
  cac:Item
    cbc:Description
    cbc:Name
    cac:BuyersItemIdentification
      cbc:ID
    cac:SellersItemIdentification
      cbc:ID
    cac:StandardItemIdentification
      cbc:ID
    cac:OriginCountry
      cbc:IdentificationCode
    cac:CommodityClassification
      cbc:ItemClassificationCode
    cac:ClassifiedTaxCategory
      cbc:ID
      cbc:Percent
      cac:TaxScheme
        cbc:ID
    cac:AdditionalItemProperty
      cbc:Name
      cbc:Value
  cac:Price
    cbc:PriceAmount
    cbc:BaseQuantity
    cac:AllowanceCharge
      cbc:ChargeIndicator
      cbc:Amount
      cbc:BaseAmount
`);

/**
 * The credit note tree is the invoice tree with credit note names: CreditNoteTypeCode, CreditNoteLine with
 * CreditedQuantity, the due date under PaymentMeans (PaymentDueDate), and no ProjectReference.
 */
export const CREDIT_NOTE_SYNTAX: SyntaxPaths = new Set(
  [...INVOICE_SYNTAX, 'cac:PaymentMeans/cbc:PaymentDueDate']
    .filter((path) => path !== 'cbc:DueDate' && !path.startsWith('cac:ProjectReference'))
    .map((path) =>
      path
        .replace(/^cbc:InvoiceTypeCode$/, 'cbc:CreditNoteTypeCode')
        .replace(/^cac:InvoiceLine/, 'cac:CreditNoteLine')
        .replace(/^cac:CreditNoteLine\/cbc:InvoicedQuantity$/, 'cac:CreditNoteLine/cbc:CreditedQuantity'),
    ),
);
