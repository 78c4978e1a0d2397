/**
 * Sign-in wording on a form's button, heading or label, in the languages of `match.ts`. Only the
 * words themselves: "continue" / "next" (which every wizard says) are in `continue.ts`.
 */
import type { WordTable } from './match';

export const SIGN_IN: WordTable = {
  en: ['sign ?in', 'log ?in', 'login', 'signin', 'log on', 'logon'],
  es: ['iniciar sesi[oó]n', 'inicia sesi[oó]n', 'ingresar', 'acceder', 'entrar'],
  de: ['anmelden', 'einloggen', 'login', 'anmeldung'],
  ja: ['ログイン', 'サインイン'],
  fr: ['connexion', 'se connecter', 'connectez-vous', "s'identifier", 'identifiez-vous'],
  pt: ['entrar', 'iniciar sess[aã]o', 'acessar', 'fazer login'],
  ru: ['войти', 'вход', 'авторизация', 'авторизоваться'],
  it: ['accedi', 'accesso', 'entra'],
  zh: ['登录', '登入', '登錄'],
  pl: ['zaloguj(?: się)?', 'logowanie'],
  nl: ['inloggen', 'aanmelden', 'log in'],
};
