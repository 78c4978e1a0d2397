/**
 * Wording of a form that changes or sets a password (not one that creates an account): "change
 * password", "new password", "current password".
 */
import type { WordTable } from './match';

export const CHANGE_PASSWORD: WordTable = {
  en: ['change (?:your )?password', 'password change', 'new password', 'current password', 'update (?:your )?password'],
  es: ['cambiar (?:la |tu |su )?contraseña', 'cambio de contraseña', 'nueva contraseña', 'contraseña (?:actual|nueva)'],
  de: ['(?:passwort|kennwort) ändern', '(?:neues|aktuelles|altes) (?:passwort|kennwort)'],
  ja: ['パスワード(?:の|を)?変更', '(?:新しい|現在の)パスワード'],
  fr: [
    '(?:modifier|changer) (?:le |votre )?mot de passe',
    '(?:changement|modification) du mot de passe',
    'nouveau mot de passe',
    'mot de passe actuel',
    'ancien mot de passe',
  ],
  pt: ['(?:alterar|mudar) (?:a |sua )?senha', 'alteração de senha', 'nova senha', 'senha (?:atual|antiga)'],
  ru: ['(?:изменить|сменить) пароль', '(?:изменение|смена) пароля', '(?:новый|текущий|старый) пароль'],
  it: [
    '(?:cambia|cambiare|modifica|modificare) (?:la )?password',
    'cambio (?:della )?password',
    'nuova password',
    'password (?:attuale|corrente|vecchia)',
    'vecchia password',
  ],
  zh: ['(?:修改|更改)密[码碼]', '密[码碼](?:修改|更改)', '新密[码碼]', '(?:当前|目前|旧|舊)密[码碼]'],
  pl: ['zmień hasło', 'zmiana hasła', '(?:nowe|obecne|stare|aktualne) hasło'],
  nl: ['wachtwoord wijzigen', 'wijzig (?:je |uw )?wachtwoord', '(?:nieuw|huidig|oud) wachtwoord'],
};
