// The gallery's own few texts: what an app's namespace would hold for the form demo's errors.
// (Everything else on the page is the kit's own wording.)
export const GALLERY_TEXTS = {
  sv: {
    errors: {
      codes: {
        required: 'Fyll i fältet',
        not_a_number: 'Skriv ett tal, till exempel 1 234,50',
        invalid_precision: 'Använd högst {{decimals}} decimaler',
        too_small: 'Lägsta värde är {{limit}}',
        too_large: 'Högsta värde är {{limit}}',
        invalid: 'Värdet är inte giltigt',
      },
      form: {
        generic: 'Tyvärr.. det uppstod ett fel.',
        validation: 'Några uppgifter behöver ses över.',
        version_conflict: 'Någon annan ändrade det här medan du skrev.',
      },
    },
  },
  en: {
    errors: {
      codes: {
        required: 'Fill in the field',
        not_a_number: 'Write a number, like 1,234.50',
        invalid_precision: 'Use at most {{decimals}} decimals',
        too_small: 'The lowest value is {{limit}}',
        too_large: 'The highest value is {{limit}}',
        invalid: 'The value is not valid',
      },
      form: {
        generic: 'Sorry.. there was an error.',
        validation: 'Some details need a look.',
        version_conflict: 'Someone else changed this while you were typing.',
      },
    },
  },
} as const;
