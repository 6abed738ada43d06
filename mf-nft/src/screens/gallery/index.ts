export { GalleryScreen } from './gallery';
