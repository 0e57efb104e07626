// The kit's component styles are CSS modules: importing one gives its class names, scoped per kit
// build (tools/rspack/federated-config.ts), so two kit versions on one page never share a class.
declare module '*.module.css' {
  const classes: { readonly [name: string]: string };
  export default classes;
}

// Page-wide stylesheets (tokens.css, base.css) are imported for their side effect only.
declare module '*.css';
