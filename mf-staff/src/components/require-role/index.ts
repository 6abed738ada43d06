export { RequireRole } from './require-role';
