export { OrderRefusalNote, orderFailureText, TicketSubmit } from './order-refusal';
