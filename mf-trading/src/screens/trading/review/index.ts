export { CloseReview, SpotReview, type SpotDraft } from './order-review';
