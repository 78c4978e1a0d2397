/** What a site says once someone is signed in: "signed in as", "welcome, …", a sign-out control. */
import type { WordTable } from './match';

export const SIGNED_IN: WordTable = {
  en: ['signed in as', 'logged in as', 'welcome(?: back)?,', 'log ?out', 'sign ?out'],
  es: ['sesi[oó]n iniciada como', 'bienvenid[oa]s?,', 'cerrar sesi[oó]n'],
  de: ['angemeldet als', 'eingeloggt als', 'willkommen,', 'abmelden', 'ausloggen'],
  ja: ['としてログイン', 'ようこそ', 'ログアウト', 'サインアウト'],
  fr: ['connecté en tant que', 'bienvenue,', 'déconnexion', 'se déconnecter'],
  pt: ['conectado como', 'bem-vind[oa](?:\\(a\\))?,', 'sair da conta', 'encerrar sess[aã]o'],
  ru: ['вы вошли как', 'добро пожаловать,', 'выйти', 'выход'],
  it: ['accesso effettuato come', 'benvenut[oa],', 'esci', 'disconnetti'],
  zh: ['已登录', '欢迎', '歡迎', '退出', '注销', '登出'],
  pl: ['zalogowano jako', 'zalogowany jako', 'witaj,', 'wyloguj(?: się)?'],
  nl: ['ingelogd als', 'welkom,', 'uitloggen', 'afmelden'],
};
