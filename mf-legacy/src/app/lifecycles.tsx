// What mf-legacy exposes as `./app`: single-spa lifecycles the shell mounts as a parcel.
import { createRemote } from '@frilo/ui/remote';
import { AppRoutes } from './app-routes.tsx';
import { NAMESPACE, REMOTE_NAME } from './namespace.ts';
import '../styles/legacy.css';

export const { bootstrap, mount, unmount, update } = createRemote({
  name: REMOTE_NAME,
  namespace: NAMESPACE,
  Routes: AppRoutes,
});
