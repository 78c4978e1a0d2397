/**
 * A session's lifecycle (src/sessions/lifecycle.ts): open → closing → closed, nothing else. The
 * first close wins and keeps its reason; a second is a no-op, not an error; finishing a close
 * that never began, finishing twice, or any move back is a bug and throws.
 */
import { IllegalSessionTransition, SessionLifecycle } from '../src/sessions/lifecycle';

test('a session goes open → closing → closed, keeping the reason it was closed for', () => {
  const life = new SessionLifecycle();
  expect(life.state).toBe('open');
  expect(life.reason).toBeUndefined();
  expect(life.beginClose('idle')).toBe(true);
  expect(life.state).toBe('closing');
  expect(life.reason).toBe('idle');
  life.finishClose();
  expect(life.state).toBe('closed');
  expect(life.reason).toBe('idle');
});

test('closing twice is a no-op: the first reason stays, while closing and once closed', () => {
  const life = new SessionLifecycle();
  life.beginClose('browser_crash');
  expect(life.beginClose('deleted')).toBe(false);
  expect(life.reason).toBe('browser_crash');
  life.finishClose();
  expect(life.beginClose('shutdown')).toBe(false);
  expect(life.state).toBe('closed');
  expect(life.reason).toBe('browser_crash');
});

test('finishing a close that never began is an illegal transition', () => {
  const life = new SessionLifecycle();
  expect(() => life.finishClose()).toThrow(IllegalSessionTransition);
  expect(() => life.finishClose()).toThrow('a session cannot go from open to closed');
  expect(life.state).toBe('open');
});

test('finishing a close twice is an illegal transition, and closed stays closed', () => {
  const life = new SessionLifecycle();
  life.beginClose('deleted');
  life.finishClose();
  const err = (() => {
    try {
      life.finishClose();
    } catch (e) {
      return e;
    }
  })();
  expect(err).toBeInstanceOf(IllegalSessionTransition);
  expect(err).toMatchObject({ from: 'closed', to: 'closed' });
  expect(life.state).toBe('closed');
});
