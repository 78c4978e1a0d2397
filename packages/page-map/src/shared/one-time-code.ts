/**
 * The one-time-code rule, written once. The page script reads it to tell the Node side that a
 * code field is showing (page-script/signals.ts); the Node side reads it to recognise a code
 * field in a form (login/recognise.ts). Matched against lower-cased field words (name, id,
 * label, placeholder); `_` and `-` count as spaces.
 */
export const ONE_TIME_CODE_WORDS =
  /\b(otp|totp|2fa|mfa|one[- ]?time|verification[ _-]?code|security[ _-]?code|auth(entication)?[ _-]?code|sms[ _-]?code)\b/i;
