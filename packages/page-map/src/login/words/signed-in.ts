/** What a site says once someone is signed in: "signed in as", "welcome, …", a sign-out control. */
import { joinTables, type WordTable } from './match';
import { SIGN_OUT } from './sign-out';

/** Greetings and "signed in as"; a sign-out control (./sign-out.ts) says it too. */
const GREETINGS: WordTable = {
  en: ['signed in as', 'logged in as', 'welcome(?: back)?,'],
  es: ['sesi[oó]n iniciada como', 'bienvenid[oa]s?,'],
  de: ['angemeldet als', 'eingeloggt als', 'willkommen,'],
  ja: ['としてログイン', 'ようこそ'],
  fr: ['connecté en tant que', 'bienvenue,'],
  pt: ['conectado como', 'bem-vind[oa](?:\\(a\\))?,'],
  ru: ['вы вошли как', 'добро пожаловать,'],
  it: ['accesso effettuato come', 'benvenut[oa],'],
  zh: ['已登录', '欢迎', '歡迎'],
  pl: ['zalogowano jako', 'zalogowany jako', 'witaj,'],
  nl: ['ingelogd als', 'welkom,'],
};

export const SIGNED_IN = joinTables(GREETINGS, SIGN_OUT);
