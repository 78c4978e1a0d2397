/**
 * The login wing's word tables, one per concern, as data (one file each, every language of
 * `match.ts`): sign-in, "continue", sign-up, account recovery, a rejection, signed in, sign-out, a
 * password change. Adding a
 * language means adding a line to each table, never code.
 */
import { CHANGE_PASSWORD } from './change-password';
import { CONTINUE, NEXT_STEP } from './continue';
import { matcherOf, onlyPhraseOf } from './match';
import { RECOVERY } from './recovery';
import { REJECTED } from './rejected';
import { SIGN_IN } from './sign-in';
import { SIGN_OUT } from './sign-out';
import { SIGNED_IN } from './signed-in';
import { SIGN_UP } from './sign-up';

export type { Language, WordTable } from './match';
export const SIGN_IN_WORDS = matcherOf(SIGN_IN);
/** Sign-in words or "continue" / "next": what a sign-in's button may say. */
export const SIGN_IN_OR_CONTINUE = matcherOf(SIGN_IN, CONTINUE);
/** A button that says only "Continue" / "Next" (any language): it moves a wizard or a question page on. */
export const NEXT_STEP_LABEL = onlyPhraseOf(NEXT_STEP);
export const SIGN_UP_WORDS = matcherOf(SIGN_UP);
export const RECOVERY_PHRASES = matcherOf(RECOVERY);
export const REJECTED_WORDS = matcherOf(REJECTED);
export const SIGNED_IN_WORDS = matcherOf(SIGNED_IN);
export const SIGN_OUT_WORDS = matcherOf(SIGN_OUT);
export const CHANGE_PASSWORD_WORDS = matcherOf(CHANGE_PASSWORD);
export const WORD_TABLES = { SIGN_IN, CONTINUE, SIGN_UP, RECOVERY, REJECTED, SIGNED_IN, SIGN_OUT, CHANGE_PASSWORD };
