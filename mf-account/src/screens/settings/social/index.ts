export { SocialSignIn } from './social-sign-in';
