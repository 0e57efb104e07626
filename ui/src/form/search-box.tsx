// A list's search box: the list follows what is typed once typing pauses (or at once on Enter), trimmed and cut to
// the API's limit, and the box follows the value when it changes from outside (back/forward, "clear the search").
// The customer list, the invoice list and the wizard's customer step each had this logic by hand.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Icon } from '../icon/icon.tsx';
import * as icons from '../icon/icons.ts';
import { TextField } from './text-field.tsx';

/** How long typing pauses before the search runs. */
export const SEARCH_DELAY_MS = 300;

export function SearchBox({
  id,
  label,
  value,
  onSearch,
  placeholder,
  maxLength = 100,
  delayMs = SEARCH_DELAY_MS,
  className,
  fieldClassName,
}: {
  id: string;
  label: string;
  /** The search that is in effect (the URL's), trimmed. */
  value: string;
  /** Called with the new search, trimmed and at most `maxLength` long; never with the value already in effect. */
  onSearch: (q: string) => void;
  placeholder?: string;
  maxLength?: number;
  delayMs?: number;
  /** On the `<form role="search">`, for the app's layout. */
  className?: string;
  /** On the field inside it (its spacing). */
  fieldClassName?: string;
}) {
  const [draft, setDraft] = useState(value);
  // The search the box last showed or sent; when `value` changes to something else, it came from outside.
  const shown = useRef(value);
  useEffect(() => {
    if (value === shown.current) return;
    shown.current = value;
    setDraft(value);
  }, [value]);

  // What is in effect when the timer fires, not when it was set (a filter may have changed the callback meanwhile).
  const latest = useRef({ value, onSearch, maxLength });
  latest.current = { value, onSearch, maxLength };
  const commit = useCallback((text: string) => {
    const q = text.trim().slice(0, latest.current.maxLength);
    if (q === latest.current.value) return;
    shown.current = q;
    latest.current.onSearch(q);
  }, []);

  // Only typing starts the timer (`commit` never changes).
  useEffect(() => {
    if (draft.trim() === latest.current.value) return;
    const timer = setTimeout(() => commit(draft), delayMs);
    return () => clearTimeout(timer);
  }, [draft, delayMs, commit]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    commit(draft);
  };

  return (
    <form role="search" className={className} onSubmit={onSubmit}>
      <TextField
        id={id}
        {...(fieldClassName ? { className: fieldClassName } : {})}
        label={label}
        type="search"
        icon={<Icon icon={icons.search} size={18} />}
        value={draft}
        maxLength={maxLength}
        {...(placeholder ? { placeholder } : {})}
        autoComplete="off"
        spellCheck={false}
        onChange={setDraft}
      />
    </form>
  );
}
