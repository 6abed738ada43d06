export { CloseReview, SpotReview, type SpotDraft } from './order-review';
export { OneClickNotice, useOneClickTrading } from './one-click';
