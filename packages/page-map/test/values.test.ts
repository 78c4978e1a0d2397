/** Typed values: forgiving input, exact output (pure; no browser). */
import { ACCEPTED_FORMS, chooseOptions, exactValue, parseBoolean, ValueError } from '../src/values';

describe('exactValue', () => {
  it.each([
    ['8:22 AM', '08:22'],
    ['8:22am', '08:22'],
    ['8:22 p.m.', '20:22'],
    ['12:05 AM', '00:05'],
    ['12:30 PM', '12:30'],
    ['8 PM', '20:00'],
    ['20:22', '20:22'],
    ['08:22:30', '08:22:30'],
  ])('time %s → %s', (given, want) => expect(exactValue('time', given)).toBe(want));

  it.each([
    ['2012-09-10', '2012-09-10'],
    ['09/10/2012', '2012-09-10'],
    ['9/10/12', '2012-09-10'],
    ['25/12/2012', '2012-12-25'],
    ['10.09.2012', '2012-09-10'],
    ['Sept 10, 2012', '2012-09-10'],
    ['September 10 2012', '2012-09-10'],
    ['Sep. 10th, 2012', '2012-09-10'],
    ['10 September 2012', '2012-09-10'],
    ['Monday, 10 Sept 2012', '2012-09-10'],
    ['2012/9/10', '2012-09-10'],
  ])('date %s → %s', (given, want) => expect(exactValue('date', given)).toBe(want));

  it.each([
    ['2012-09-10T08:22', '2012-09-10T08:22'],
    ['2012-09-10 8:22 PM', '2012-09-10T20:22'],
    ['Sept 10, 2012 at 8:22 AM', '2012-09-10T08:22'],
    ['09/10/2012, 20:22', '2012-09-10T20:22'],
  ])('datetime-local %s → %s', (given, want) => expect(exactValue('datetime-local', given)).toBe(want));

  it.each([
    ['2012-09', '2012-09'],
    ['09/2012', '2012-09'],
    ['September 2012', '2012-09'],
    ['Sept 10, 2012', '2012-09'],
  ])('month %s → %s', (given, want) => expect(exactValue('month', given)).toBe(want));

  it.each([
    ['2012-W37', '2012-W37'],
    ['2012 w7', '2012-W07'],
    ['week 37, 2012', '2012-W37'],
    ['2012-09-10', '2012-W37'],
    ['2021-01-01', '2020-W53'],
  ])('week %s → %s', (given, want) => expect(exactValue('week', given)).toBe(want));

  it.each([
    ['42', '42'],
    [' -3.5 ', '-3.5'],
    ['1,234.5', '1234.5'],
    [7, '7'],
  ])('number %s → %s', (given, want) => expect(exactValue('number', given)).toBe(want));

  it.each([
    ['time', '25:00'],
    ['time', '8'],
    ['time', 'noonish'],
    ['date', '2012-02-30'],
    ['date', '13/13/2012'],
    ['date', 'yesterday'],
    ['month', '2012-13'],
    ['week', '2012-W60'],
    ['number', '12abc'],
    ['number', '1,23'],
    ['datetime-local', '2012-09-10'],
  ])('%s rejects %s, naming the accepted forms', (type, given) => {
    expect(() => exactValue(type, given)).toThrow(ValueError);
    expect(() => exactValue(type, given)).toThrow(ACCEPTED_FORMS[type === 'range' ? 'number' : type]!);
  });

  it('passes types without a format through unchanged', () => {
    expect(exactValue('email', ' a@b.c ')).toBe(' a@b.c ');
  });
});

describe('chooseOptions', () => {
  const labels = ['Small', 'Medium', 'Large, extra'];
  const values = ['s', 'm', 'l'];
  it('matches visible text or value, ignoring case and spaces', () => {
    expect(chooseOptions('medium', labels, values, false)).toEqual(['m']);
    expect(chooseOptions(' S ', labels, values, false)).toEqual(['s']);
    expect(chooseOptions('large,  EXTRA', labels, values, false)).toEqual(['l']);
  });
  it('takes several as an array or a comma list when the control allows several', () => {
    expect(chooseOptions(['small', 'l'], labels, values, true)).toEqual(['s', 'l']);
    expect(chooseOptions('small, medium', labels, values, true)).toEqual(['s', 'm']);
    expect(chooseOptions('small, medium', labels, values, false)).toBeNull();
  });
  it('takes a long option whole when the list holds it cut with "…", unless two cut options begin alike', () => {
    const cut = ['Aenean eu leo quam. Pellentesque…', 'Nullam id dolor…'];
    expect(chooseOptions('Aenean eu leo quam. Pellentesque ornare sem lacinia', cut, ['a', 'n'], false)).toEqual(['a']);
    expect(chooseOptions('Aenean eu leo', cut, ['a', 'n'], false)).toBeNull();
    expect(chooseOptions('Nullam id dolor sit', ['Nullam id…', 'Nullam id dolor…'], ['x', 'y'], false)).toBeNull();
  });
  it('refuses a choice that matches nothing', () => {
    expect(chooseOptions('huge', labels, values, false)).toBeNull();
    expect(chooseOptions(['small', 'huge'], labels, values, true)).toBeNull();
  });
});

describe('parseBoolean', () => {
  it('reads the usual words', () => {
    expect(parseBoolean('Yes')).toBe(true);
    expect(parseBoolean('off')).toBe(false);
    expect(parseBoolean(true)).toBe(true);
    expect(parseBoolean('maybe')).toBeNull();
  });
});
