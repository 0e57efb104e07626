import { useCallback } from 'react';
import { useAppTranslation } from '../i18n/ui-text.tsx';
import type { Message } from './messages.ts';

/** Translates a Message (its keys tried in order) in the app's namespace and the current language. */
export function useMessage(): (message: Message) => string {
  const { t } = useAppTranslation();
  return useCallback((message: Message) => t(message.keys, message.values), [t]);
}
