export { SocialButtons } from './social-buttons';
export { SocialCallback } from './social-callback';
export { socialApi, type SocialApi } from './social-api';
