// The part of react-router that Frilo shares between the shell and the remotes (federation subset).
//
// A shared module cannot be tree-shaken (the host cannot know what a remote will use), and all of
// react-router is ~64 KB gzipped, most of it data routers and server rendering we do not use.
// Every app provides this file under the share key `react-router` instead, so the singleton
// is the declarative-routing subset (~15 KB). `eslint.config.js` only allows these names to be
// imported from 'react-router', so a remote cannot depend on an export that is not shared.
// Adding an export here is fine (rebuild the shell and remotes); removing one is a breaking change.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useOutletContext,
  useParams,
  useResolvedPath,
  useSearchParams,
} from 'frilo-react-router-full';
export type {
  LinkProps,
  Location,
  NavigateFunction,
  NavigateOptions,
  NavLinkProps,
  Params,
  PathMatch,
  To,
} from 'frilo-react-router-full';
