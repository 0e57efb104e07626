// Which routes a request can match, found by its path's first two segments instead of by trying every route.
//
// @koa/router tries each route's regular expression against every request, in the order they were added: with the
// contract's 128 operations that was 4.6 % of the BFF's CPU on a customer list page (perf, issue 23), more than the
// page's own SQL. Nearly every route starts with two literal segments (`/api/invoices/...`), and a route can only match
// a path whose first two segments are the same words (its expression is anchored and, case aside, literal there), so
// each request is tried against the routes of its two words and those that do not start with two literal words, in
// their order. The router's own `match` still decides (same result, same order): this only leaves out routes that
// cannot match. Where a path's first two segments are not plain ASCII words (`%`, non-ASCII, one segment) every route
// is tried, as before.
import type { Layer, Router } from '@koa/router';

/** A path's first two segments, lower case, when both are plain ASCII words. */
const LEADING_WORDS = /^\/([A-Za-z0-9_.~-]+)\/([A-Za-z0-9_.~-]+)(?=\/|$)/;

function leadingWords(path: string): string | undefined {
  const words = LEADING_WORDS.exec(path);
  // Routes match without regard to case (ASCII only: their expressions have the `i` flag without `u`).
  return words ? `${words[1]}/${words[2]}`.toLowerCase() : undefined;
}

/**
 * Makes `router.match` try only the routes a path can match (see above). Routes added later are taken into account
 * (the index is made again when the router's list of routes grows).
 */
export function indexRoutes<S, C>(router: Router<S, C>): Router<S, C> {
  type Route = Layer<S, C>;
  const match = router.match.bind(router);
  // What the index was made from: the router's routes are only ever added to.
  let indexedCount = -1;
  let byWords = new Map<string, Route[]>();
  let anyWords: Route[] = [];
  const index = () => {
    const keyed = router.stack.map((layer) => ({
      layer,
      key: typeof layer.path === 'string' ? leadingWords(layer.path) : undefined,
    }));
    const routesOf = (key: string) =>
      keyed.filter((route) => route.key === key || route.key === undefined).map((route) => route.layer);
    byWords = new Map([...new Set(keyed.flatMap((route) => route.key ?? []))].map((key) => [key, routesOf(key)]));
    anyWords = keyed.filter((route) => route.key === undefined).map((route) => route.layer);
    indexedCount = router.stack.length;
  };
  router.match = (path: string, method: string) => {
    const stack = router.stack;
    if (stack.length !== indexedCount) index();
    const words = leadingWords(path);
    if (words === undefined) return match(path, method);
    // The router's own match over the candidates: the same tests, in the same order, on fewer routes.
    router.stack = byWords.get(words) ?? anyWords;
    try {
      return match(path, method);
    } finally {
      router.stack = stack;
    }
  };
  return router;
}
