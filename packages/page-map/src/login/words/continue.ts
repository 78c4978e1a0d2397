/** "Continue" / "Next": a sign-in's first step says it, and so does every wizard (weak evidence alone). */
import type { WordTable } from './match';

/** The step of a wizard or a question page: what a button says that only moves on. */
export const NEXT_STEP: WordTable = {
  en: ['continue', 'next'],
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

/** What a sign-in's first step may say besides its sign-in words: moving on, or "Authenticate". */
export const CONTINUE: WordTable = { ...NEXT_STEP, en: [...NEXT_STEP.en, 'authenticate'] };
