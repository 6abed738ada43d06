export { FormAlert, useAction } from './use-action';
export { fieldErrorsOf, fieldMessage } from './field-errors';
