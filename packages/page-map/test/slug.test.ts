/** The one slug rule, shared by the page script (keys, signatures) and the tool names. */
import { slug } from '../src/shared/slug';

test('slug: snake_case words, camelCase split, no trailing underscore after the cut', () => {
  expect(slug('Sign in!')).toBe('sign_in');
  expect(slug('signIn')).toBe('sign_in');
  // NFKD splits an accented letter from its mark, and the mark separates words: names depend on it today.
  expect(slug('Crème')).toBe('cre_me');
  expect(slug('add to cart', 6)).toBe('add_to');
  expect(slug('add to cart', 7)).toBe('add_to');
  expect(slug('…')).toBe('');
});
