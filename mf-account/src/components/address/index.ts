export { AddressBox } from './address-box';
