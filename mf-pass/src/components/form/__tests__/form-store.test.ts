import { ApiError } from '@swx/shared';
import { FormStore } from '../form-store';
import * as rules from '../rules';
import { placeServerError } from '../server-problems';
import { Submission } from '../submission';

function signUpForm() {
  return new FormStore(
    { email: '', password: '', confirmPassword: '' },
    {
      email: (v) => rules.email(v.email),
      password: (v) => rules.newPassword(v.password),
      confirmPassword: (v) => rules.confirmPassword(v.confirmPassword, v.password),
    },
  );
}

describe('FormStore', () => {
  it('shows a rule message only after the field was left or the form submitted', () => {
    const form = signUpForm();
    form.setValue('email', 'alice');
    expect(form.problemOf('email')).toBeNull();
    form.touch('email');
    expect(form.problemOf('email')).toEqual({ key: 'validation.emailFormat' });
    expect(form.problemOf('password')).toBeNull();
    expect(form.attemptSubmit()).toBe('email');
    expect(form.problemOf('password')).toEqual({ key: 'validation.passwordRequired' });
  });

  it('re-checks confirm password when the password changes', () => {
    const form = signUpForm();
    form.setValue('password', 'secret12');
    form.setValue('confirmPassword', 'secret12');
    expect(form.ruleProblems.confirmPassword).toBeUndefined();
    form.setValue('password', 'secret123');
    expect(form.ruleProblems.confirmPassword).toBe('validation.passwordsInconsistent');
  });

  it('keeps a server answer at its field until the field changes', () => {
    const form = signUpForm();
    form.setValue('email', 'alice@example.com');
    const error = new ApiError('10007', 'E-mail already exists', 409);
    expect(placeServerError(form, error, { '10007': 'email' })).toBe('email');
    expect(form.problemOf('email')).toEqual({ error });
    expect(form.firstInvalid).toBe('email');
    form.setValue('email', 'bob@example.com');
    expect(form.problemOf('email')).toBeNull();
  });

  it('leaves a code that concerns no field to the form', () => {
    const form = signUpForm();
    expect(placeServerError(form, new ApiError('30000', 'Repeated', 409), { '10007': 'email' })).toBeNull();
    expect(placeServerError(form, new Error('boom'), { '10007': 'email' })).toBeNull();
  });
});

describe('Submission', () => {
  function validForm() {
    const form = signUpForm();
    form.setValue('email', 'alice@example.com');
    form.setValue('password', 'secret12');
    form.setValue('confirmPassword', 'secret12');
    return form;
  }

  it('does not send an invalid form and names the first field to fix', async () => {
    const send = jest.fn();
    const outcome = await new Submission(signUpForm(), {}).run(send);
    expect(outcome).toEqual({ status: 'invalid', field: 'email' });
    expect(send).not.toHaveBeenCalled();
  });

  it('sends once while a request is under way', async () => {
    let finish: () => void = () => {};
    const send = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const submission = new Submission(validForm(), {});
    const first = submission.run(send);
    expect(submission.submitting).toBe(true);
    await expect(submission.run(send)).resolves.toEqual({ status: 'refused' });
    finish();
    await expect(first).resolves.toEqual({ status: 'done' });
    expect(send).toHaveBeenCalledTimes(1);
    expect(submission.submitting).toBe(false);
  });

  it('puts a refusal at its field, or on the form', async () => {
    const form = validForm();
    const submission = new Submission(form, { '11003': 'confirmPassword' });
    const mismatch = new ApiError('11003', 'Inconsistent', 400);
    await expect(submission.run(() => Promise.reject(mismatch))).resolves.toEqual({
      status: 'invalid',
      field: 'confirmPassword',
    });
    // The server's word stands until the customer changes the field.
    await expect(submission.run(jest.fn())).resolves.toEqual({ status: 'invalid', field: 'confirmPassword' });
    form.setValue('confirmPassword', 'secret12');
    const busy = new ApiError('429', 'Too many', 429);
    await expect(submission.run(() => Promise.reject(busy))).resolves.toEqual({ status: 'refused' });
    expect(submission.formError).toBe(busy);
  });
});
