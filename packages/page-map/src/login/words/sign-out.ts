/** Wording of a control that ends a session (sign out, log out): what names a sign-out tool. */
import type { WordTable } from './match';

export const SIGN_OUT: WordTable = {
  en: ['log ?out', 'sign ?out', 'log off', 'sign off'],
  es: ['cerrar sesi[oó]n'],
  de: ['abmelden', 'ausloggen'],
  ja: ['ログアウト', 'サインアウト'],
  fr: ['déconnexion', 'se déconnecter'],
  pt: ['sair da conta', 'encerrar sess[aã]o', 'terminar sess[aã]o'],
  ru: ['выйти', 'выход'],
  it: ['esci', 'disconnetti'],
  zh: ['退出', '注销', '註銷', '登出'],
  pl: ['wyloguj(?: się)?'],
  nl: ['uitloggen', 'afmelden'],
};
