export { ReviewQueue } from './review-queue';
