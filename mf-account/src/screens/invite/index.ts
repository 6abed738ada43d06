export { InviteScreen } from './invite';
