/** Tools from a raw page: bindings, purpose, naming, params, candidates and the ranked list. */
export type {
  ButtonBinding,
  ClickBinding,
  FieldBinding,
  FormBinding,
  LinkListBinding,
  Purpose,
  WebMcpBinding,
} from './bindings';
export { isOtpField, purposeOf } from '../login/recognise';
export { buildTools, linkChoices } from './build';
