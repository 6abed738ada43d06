import tokens from './tokens.module.css';

/**
 * The class for text that screen readers announce but the screen does not show: a search field's label, a
 * table's caption, a heading for a landmark, the exact figure behind an abbreviated one. One definition for
 * every module, so they all hide text the same accessible way.
 */
export const visuallyHiddenClass: string = tokens.visuallyHidden!;
