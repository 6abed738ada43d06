export { useLogout } from './use-logout';
