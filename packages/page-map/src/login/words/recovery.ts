/** Wording of a form that recovers an account (forgot or reset a password): never a sign-in. */
import type { WordTable } from './match';

export const RECOVERY: WordTable = {
  en: ['forgot(?:ten)?', 'reset (?:your |my )?password', 'password reset', 'recover(?:y)?', 'lost (?:your )?password'],
  es: ['olvid[oó] (?:su |tu )?contraseña', 'contraseña olvidada', 'restablecer', 'recuperar'],
  de: [
    'passwort vergessen',
    'kennwort vergessen',
    'passwort zurücksetzen',
    'kennwort zurücksetzen',
    'wiederherstellen',
  ],
  ja: ['パスワード(?:を)?(?:忘れ|リセット|再設定)', 'パスワードの(?:リセット|再設定)'],
  fr: ['mot de passe oublié', 'réinitialiser', 'réinitialisation', 'récupérer'],
  pt: ['esqueceu (?:sua |a )?senha', 'esqueci (?:minha |a )?senha', 'redefinir', 'recuperar'],
  ru: ['забыли пароль', 'восстановить', 'восстановление', 'сбросить пароль', 'сброс пароля'],
  it: ['password dimenticata', 'hai dimenticato', 'reimposta', 'recupera'],
  zh: ['忘记密码', '忘記密碼', '重置', '重设', '重設', '找回密码'],
  pl: ['nie pamiętasz hasła', 'zapomniałeś hasła', 'resetuj hasło', 'zresetuj hasło', 'odzyskaj', 'reset hasła'],
  nl: ['wachtwoord vergeten', 'wachtwoord (?:opnieuw instellen|herstellen|resetten)'],
};
