// The committed migrations, oldest first. `npm run migration:create -w bff` appends new ones here.
import { Migration20261124120100Legacy } from './Migration20261124120100Legacy.ts';
import { Migration20261124120000BackOffice } from './Migration20261124120000BackOffice.ts';
import { Migration20261123130000Invoices } from './Migration20261123130000Invoices.ts';
import { Migration20261123120041AccountSecurity } from './Migration20261123120041AccountSecurity.ts';
import { Migration20261121000000Platform } from './Migration20261121000000Platform.ts';
import { Migration20261121000100Auth } from './Migration20261121000100Auth.ts';
import { Migration20261121100000Customers } from './Migration20261121100000Customers.ts';
import { Migration20261121100100CustomerCounts } from './Migration20261121100100CustomerCounts.ts';
import { Migration20261123140000CustomerSearch } from './Migration20261123140000CustomerSearch.ts';
import { Migration20261123200000BankDetails } from './Migration20261123200000BankDetails.ts';
import { Migration20261123210000Sending } from './Migration20261123210000Sending.ts';
import { Migration20261124090000Payments } from './Migration20261124090000Payments.ts';
import { Migration20261124150000DismissedNotices } from './Migration20261124150000DismissedNotices.ts';
import { Migration20261124160000EInvoiceAcceptance } from './Migration20261124160000EInvoiceAcceptance.ts';
import { Migration20261127100000OwnerSearchKeys } from './Migration20261127100000OwnerSearchKeys.ts';
import { Migration20261127100100InvoiceCustomerCounts } from './Migration20261127100100InvoiceCustomerCounts.ts';
import { Migration20261127120000CampaignCodeUses } from './Migration20261127120000CampaignCodeUses.ts';
import { Migration20261127121000BankAccountChanges } from './Migration20261127121000BankAccountChanges.ts';
import { Migration20261127160000Reports } from './Migration20261127160000Reports.ts';

export const migrations = [
  { name: 'Migration20261121000000Platform', class: Migration20261121000000Platform },
  { name: 'Migration20261121000100Auth', class: Migration20261121000100Auth },
  { name: 'Migration20261121100000Customers', class: Migration20261121100000Customers },
  { name: 'Migration20261121100100CustomerCounts', class: Migration20261121100100CustomerCounts },
  { name: 'Migration20261123120041AccountSecurity', class: Migration20261123120041AccountSecurity },
  { name: 'Migration20261123130000Invoices', class: Migration20261123130000Invoices },
  { name: 'Migration20261123140000CustomerSearch', class: Migration20261123140000CustomerSearch },
  { name: 'Migration20261123200000BankDetails', class: Migration20261123200000BankDetails },
  { name: 'Migration20261123210000Sending', class: Migration20261123210000Sending },
  { name: 'Migration20261124090000Payments', class: Migration20261124090000Payments },
  { name: 'Migration20261124120000BackOffice', class: Migration20261124120000BackOffice },
  { name: 'Migration20261124120100Legacy', class: Migration20261124120100Legacy },
  { name: 'Migration20261124150000DismissedNotices', class: Migration20261124150000DismissedNotices },
  { name: 'Migration20261124160000EInvoiceAcceptance', class: Migration20261124160000EInvoiceAcceptance },
  { name: 'Migration20261127100000OwnerSearchKeys', class: Migration20261127100000OwnerSearchKeys },
  { name: 'Migration20261127100100InvoiceCustomerCounts', class: Migration20261127100100InvoiceCustomerCounts },
  { name: 'Migration20261127120000CampaignCodeUses', class: Migration20261127120000CampaignCodeUses },
  { name: 'Migration20261127121000BankAccountChanges', class: Migration20261127121000BankAccountChanges },
  { name: 'Migration20261127160000Reports', class: Migration20261127160000Reports },
];
