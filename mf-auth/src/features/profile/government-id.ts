// The personnummer as people read it: the kit's piece (@frilo/ui/swedish-ids), shared with the customer
// form's organisation and personal numbers, under the names the profile uses.
export {
  formatPersonalNumber as formatGovernmentId,
  normalisePersonalNumber as normaliseGovernmentId,
} from '@frilo/ui/swedish-ids';
