/** read-back.ts's comparison alone: what a person accepts as the value asked, and what not. */
import { sameText } from '../../src/page-script/read-back';

test.each([
  ['Ada Lovelace', '  ada   lovelace '],
  ['5551234567', '(555) 123-4567'],
  ['1000', '1,000'],
  ['1000', '$1,000.00'],
  ['sw1a 1aa', 'SW1A 1AA'],
])('%s is held as %s', (asked, held) => {
  expect(sameText(asked, held)).toBe(true);
});

test.each([
  ['1.5', '15'],
  ['two', ''],
  ['7', '1'],
  ['12345', '12345-6789'],
])('%s is not held as %s', (asked, held) => {
  expect(sameText(asked, held)).toBe(false);
});
