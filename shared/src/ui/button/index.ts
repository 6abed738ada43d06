export { Button, buttonClasses, type ButtonProps, type ButtonVariant } from './button';
