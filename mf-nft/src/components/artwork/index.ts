export { Artwork } from './artwork';
