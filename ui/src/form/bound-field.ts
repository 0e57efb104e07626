// What a form gives one of its fields (`form.bind('email')`): the value, how to change it, its
// translated error, and a ref so focus can move to it. Every field component takes these props.

export type Bound<V> = {
  value: V;
  onChange: (value: V) => void;
  error: string | undefined;
  inputRef: (element: HTMLElement | null) => void;
};
