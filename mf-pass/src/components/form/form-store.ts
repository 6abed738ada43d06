import { action, computed, makeObservable, observable } from 'mobx';
import type { MessageKey } from './rules';

/**
 * What is wrong with a field: a rule's message key, or an error the server answered (shown through the
 * SDK's catalogue so every code reads the same everywhere).
 */
export type Problem = { key: MessageKey } | { error: unknown };

/** Each field's rule sees every value, so "confirm password" can compare with "password". */
export type FormRules<F extends string> = Record<
  F,
  (values: Readonly<Record<F, string>>) => MessageKey | null
>;

/**
 * Values, rule results and server answers of one form. A rule's message shows once the customer has left
 * the field or tried to submit, so nobody is scolded while still typing; a server answer about a field
 * shows at once and goes away when the field changes.
 */
export class FormStore<F extends string> {
  values: Record<F, string>;
  touched: Partial<Record<F, boolean>> = {};
  serverProblems: Partial<Record<F, Problem>> = {};
  submitAttempted = false;

  /** Field order decides which invalid field gets the focus first. */
  readonly fields: readonly F[];

  constructor(
    initial: Record<F, string>,
    private readonly rules: FormRules<F>,
  ) {
    this.values = { ...initial };
    this.fields = Object.keys(initial) as F[];
    makeObservable<this, 'rules'>(this, {
      values: observable,
      touched: observable,
      serverProblems: observable,
      submitAttempted: observable,
      ruleProblems: computed,
      firstInvalid: computed,
      setValue: action,
      touch: action,
      attemptSubmit: action,
      setServerProblem: action,
      rules: false,
    });
  }

  get ruleProblems(): Partial<Record<F, MessageKey>> {
    const problems: Partial<Record<F, MessageKey>> = {};
    for (const field of this.fields) {
      const key = this.rules[field](this.values);
      if (key) problems[field] = key;
    }
    return problems;
  }

  /** The problem to show at a field now, if any. */
  problemOf(field: F): Problem | null {
    const server = this.serverProblems[field];
    if (server) return server;
    const key = this.ruleProblems[field];
    if (key && (this.touched[field] || this.submitAttempted)) return { key };
    return null;
  }

  get firstInvalid(): F | undefined {
    return this.fields.find((field) => this.ruleProblems[field] || this.serverProblems[field]);
  }

  setValue(field: F, value: string): void {
    this.values[field] = value;
    delete this.serverProblems[field];
  }

  touch(field: F): void {
    this.touched[field] = true;
  }

  /** Marks the form as submitted; answers the first field that needs attention, if any. */
  attemptSubmit(): F | undefined {
    this.submitAttempted = true;
    return this.firstInvalid;
  }

  setServerProblem(field: F, problem: Problem | null): void {
    if (problem) this.serverProblems[field] = problem;
    else delete this.serverProblems[field];
  }

  /** The trimmed value, as it is sent (passwords are sent exactly as typed). */
  trimmed(field: F): string {
    return this.values[field].trim();
  }
}
