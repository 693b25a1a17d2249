import fc from 'fast-check';
import { copyData } from '../../src/shared';

// Plain data as snapshots hold it: objects, arrays, Dates, strings, numbers, booleans, null and undefined.
const plainData = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string(),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.date({ noInvalidDate: false }),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('copyData', () => {
  it('gives what structuredClone gives for plain data', () => {
    fc.assert(
      fc.property(plainData, (value) => {
        expect(copyData(value)).toStrictEqual(structuredClone(value));
      }),
    );
  });

  it('keeps an own "__proto__" key as a key, as structuredClone does', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const copy = copyData(value);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(copy).toStrictEqual(structuredClone(value));
  });

  it('shares nothing with the original: changing the copy leaves it as it was', () => {
    const original = { at: new Date('2026-01-01T00:00:00Z'), items: [{ sku: 'a', price: { minor: 100, currency: 'SEK' } }] };
    const copy = copyData(original);
    copy.at.setUTCFullYear(2030);
    copy.items[0].price.minor = 1;
    copy.items.push({ sku: 'b', price: { minor: 2, currency: 'SEK' } });
    expect(original).toEqual({ at: new Date('2026-01-01T00:00:00Z'), items: [{ sku: 'a', price: { minor: 100, currency: 'SEK' } }] });
  });

  it('hands other objects to structuredClone (a Map stays a Map, copied)', () => {
    const map = new Map([['a', { n: 1 }]]);
    const copy = copyData({ map });
    expect(Object.prototype.toString.call(copy.map)).toBe('[object Map]');
    expect(copy.map).not.toBe(map);
    expect(copy.map.get('a')).toEqual({ n: 1 });
  });
});
