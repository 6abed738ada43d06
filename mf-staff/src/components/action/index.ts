export { FormAlert, useAction } from './use-action';
