export { Team } from './team';
