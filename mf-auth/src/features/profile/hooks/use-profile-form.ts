// A form of one profile section: sends only its own fields (PATCH), shows the BFF's answer (the
// normalised values), tells the shell (notification, session re-read for the header and notices).
import { useForm, type Issues } from '@frilo/ui/form/use-form';
import { invalidateSession, notify } from '@frilo/openapi/shell-contract';
import { updateProfile, type Profile, type ProfileUpdate } from '../api/profile.ts';

type Values = Record<string, string | boolean>;

export function useProfileForm<F extends Values>(options: {
  /** Translation scope of the section's own error texts, e.g. `profile.address`. */
  form: string;
  profile: Profile;
  fromProfile: (profile: Profile) => F;
  toUpdate: (values: F) => ProfileUpdate;
  validate?: (values: F) => Issues<F>;
  fieldOf?: (path: string) => (keyof F & string) | undefined;
  onSaved: (profile: Profile) => void;
  /** The notification text (already translated); null when the section notifies by itself. */
  savedMessage: (saved: Profile) => string | null;
}) {
  const form = useForm<F, Profile>({
    form: options.form,
    initial: options.fromProfile(options.profile),
    ...(options.validate ? { validate: options.validate } : {}),
    ...(options.fieldOf ? { fieldOf: options.fieldOf } : {}),
    send: (values) => updateProfile(options.toUpdate(values)),
    onSent: (saved) => {
      form.reset(options.fromProfile(saved));
      options.onSaved(saved);
      const text = options.savedMessage(saved);
      if (text !== null) notify('success', text);
      invalidateSession();
    },
  });
  return form;
}
