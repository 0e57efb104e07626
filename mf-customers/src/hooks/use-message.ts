import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../app/namespace.ts';
import type { Message } from '../lib/messages.ts';

/** Translates a Message (keys tried in order) in the current language. */
export function useMessage(): (message: Message) => string {
  const { t } = useTranslation(NAMESPACE);
  return useCallback((message: Message) => t(message.keys, message.values), [t]);
}
