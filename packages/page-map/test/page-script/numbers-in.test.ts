/**
 * drawn-sliders.ts's reading of a slider's readout: the numbers a person reads in it, so the one
 * a key press changed can be followed ("$75 - $300": the dash between two is no minus sign).
 */
import { numbersIn } from '../../src/page-script/drawn-sliders';

test.each([
  ['$100', [100]],
  ['$75 - $300', [75, 300]],
  ['75-300', [75, 300]],
  ['-100 : 100', [-100, 100]],
  ['Volume: 60', [60]],
  ['$1,000 — $4,000', [1000, 4000]],
  ['$5 000', [5000]],
  ['2.5 km', [2.5]],
  ['no number', []],
])('%s reads as %j', (text, numbers) => {
  expect(numbersIn(text)).toEqual(numbers);
});
