/** "Continue" / "Next": a sign-in's first step says it, and so does every wizard (weak evidence alone). */
import type { WordTable } from './match';

export const CONTINUE: WordTable = {
  en: ['continue', 'next', 'authenticate'],
  es: ['continuar', 'siguiente'],
  de: ['weiter', 'fortfahren'],
  ja: ['次へ', '続行', '続ける'],
  fr: ['continuer', 'suivant'],
  pt: ['continuar', 'pr[oó]ximo', 'seguinte'],
  ru: ['продолжить', 'далее'],
  it: ['continua', 'avanti'],
  zh: ['继续', '下一步', '繼續'],
  pl: ['dalej', 'kontynuuj'],
  nl: ['doorgaan', 'volgende'],
};
