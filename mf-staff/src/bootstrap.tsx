// Standalone: the back office on its own page (`/mf-staff/`) with the SDK's harness. Staff sign in inside
// the module with their own client and token, so the harness's customer sign-in is left out.
import { renderStandalone } from '@swx/shared/harness';
import packageJson from '../package.json';
import StaffRoutes from './routes';

renderStandalone({
  name: 'mf_staff',
  version: packageJson.version,
  routes: StaffRoutes,
  customerSession: false,
});
