/**
 * The login tool's params: `username` and `password`, always both, whatever the form asks. A form
 * with only a username field is the first step of a two-step sign-in (the password goes into the
 * next step, second-step.ts); a form with only a password field ignores the username.
 */
import type { RawField, RawGroup } from '../shared/page-script-types';
import type { FieldBinding, ToolParam } from '../bindings';
import { buildParam, clip } from '../tools/params';
import { isPasswordInput, usernameField } from './recognise';

/** Adds a param and the binding of its field (the form builder's collector). */
export type AddParam = (p: ToolParam, b: FieldBinding) => void;

export interface LoginParams {
  /** The fields the login params took (the form's other fields become params of their own). */
  taken: Set<RawField>;
  twoStep: boolean;
  description: string;
}

export function addLoginParams(g: RawGroup, add: AddParam): LoginParams {
  const pw = g.fields.find(isPasswordInput);
  const user = usernameField(g.fields, pw);
  const taken = new Set<RawField>();
  if (user) {
    taken.add(user);
    const label = user.label ? ` (field "${clip(user.label, 60)}")` : '';
    const b = buildParam(user, 'username', `Username or email for this site${label}`, true);
    add({ ...b.param, type: user.type === 'email' ? 'email' : 'string' }, b.binding);
  } else {
    add(
      {
        name: 'username',
        description: 'Username; not asked on this form (it only wants the password), ignored',
        type: 'string',
        required: false,
      },
      { param: 'username', key: '', type: 'string', required: false },
    );
  }
  if (pw) {
    taken.add(pw);
    const b = buildParam(pw, 'password', 'Password for this site (never stored or logged)', true);
    add(b.param, b.binding);
  } else {
    add(
      {
        name: 'password',
        description:
          'Password; this form asks for the username first, the password is entered on the next step when given',
        type: 'password',
        required: false,
      },
      { param: 'password', key: '', type: 'password', required: false },
    );
  }
  return { taken, twoStep: !pw, description: loginDescription(g, !pw, !!user) };
}

function loginDescription(g: RawGroup, twoStep: boolean, hasUser: boolean): string {
  const where = g.heading ? ` ("${clip(g.heading, 60)}")` : '';
  const closedNote = g.closed ? ' The form sits in a closed menu or dialog; it is filled without opening it.' : '';
  const description = twoStep
    ? `Sign in${where}: two-step form, enters the username and continues, then the password on the next step.`
    : hasUser
      ? `Sign in${where} with username and password.`
      : `Sign in${where}: this form asks for the password only.`;
  return description + closedNote;
}
