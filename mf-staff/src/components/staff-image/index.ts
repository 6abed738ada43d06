export { StaffImage } from './staff-image';
