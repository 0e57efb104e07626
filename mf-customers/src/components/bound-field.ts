// What a form gives one of its fields: the value, how to change it, its translated error, and a
// ref so focus can move to it.
import type { Ref } from 'react';

export type Bound<V> = {
  value: V;
  onChange: (value: V) => void;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement & HTMLSelectElement>;
};
