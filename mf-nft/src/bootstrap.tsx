// Standalone: the module on its own page with the SDK's thin harness (sign-in and diagnostics panel),
// for development and for support staff. In the site, the shell loads `./routes` instead.
import { renderStandalone } from '@swx/shared/harness';
import packageJson from '../package.json';
import NftRoutes from './routes';

renderStandalone({ name: 'mf_nft', version: packageJson.version, routes: NftRoutes });
