/** Tools from a raw page: the kinds (tools/kinds/), naming, params, and the ranked list. */
export type {
  ButtonBinding,
  ClickBinding,
  FieldBinding,
  FormBinding,
  FollowLinkBinding,
  Purpose,
  WebMcpBinding,
} from '../bindings';
export { isOtpField, purposeOf } from '../login/recognise';
export { buildTools } from './build';
export { linkChoices } from './kinds/follow-link';
