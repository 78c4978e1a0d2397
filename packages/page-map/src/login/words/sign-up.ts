/** Wording of a form that creates an account (sign up, register, create an account, join). */
import type { WordTable } from './match';

export const SIGN_UP: WordTable = {
  en: [
    'sign ?up',
    'signup',
    'register',
    'registration',
    'create (?:an |your )?account',
    'join (?:now|free|us)',
    'get started',
  ],
  es: ['reg[ií]strate', 'registrarse', 'registro', 'crear (?:una )?cuenta', '[uú]nete'],
  de: ['registrieren', 'registrierung', 'konto erstellen', 'konto anlegen', 'jetzt beitreten'],
  ja: ['新規登録', 'アカウント(?:を)?作成', '会員登録', 'サインアップ'],
  fr: ["s'inscrire", 'inscription', 'inscrivez-vous', 'cr[ée]er (?:un )?compte'],
  pt: ['cadastr(?:ar|e-se|o)', 'registr(?:ar|e-se)', 'criar (?:uma )?conta', 'inscrever-se'],
  ru: ['регистрация', 'зарегистрироваться', 'создать (?:аккаунт|учётную запись|учетную запись)'],
  it: ['registrati', 'registrazione', 'crea (?:un )?account', 'iscriviti'],
  zh: ['注册', '註冊', '创建(?:帐户|账户|账号)'],
  pl: ['zarejestruj(?: się)?', 'rejestracja', 'utwórz konto', 'załóż konto'],
  nl: ['registreren', 'account aanmaken', 'aanmelden voor'],
};
