export { OrderRefusalNote, orderFailureText } from './order-refusal';
