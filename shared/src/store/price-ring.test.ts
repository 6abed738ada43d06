import fc from 'fast-check';
import { PriceRing } from './price-ring';

describe('PriceRing', () => {
  it('keeps prices oldest first until it is full', () => {
    const ring = new PriceRing(3);
    expect(ring.toArray()).toEqual([]);
    ring.push('1');
    ring.push('2');
    expect(ring.size).toBe(2);
    expect(ring.toArray()).toEqual(['1', '2']);
  });

  it('drops the oldest price once full, wrapping around any number of times', () => {
    const ring = new PriceRing(3);
    for (const price of ['1', '2', '3', '4', '5', '6', '7']) ring.push(price);
    expect(ring.size).toBe(3);
    expect(ring.toArray()).toEqual(['5', '6', '7']);
  });

  it('returns a new array each time, which later pushes do not change', () => {
    const ring = new PriceRing(2);
    ring.push('1');
    const before = ring.toArray();
    ring.push('2');
    ring.push('3');
    expect(before).toEqual(['1']);
    expect(ring.toArray()).toEqual(['2', '3']);
  });

  it('refuses a capacity below one', () => {
    expect(() => new PriceRing(0)).toThrow(RangeError);
    expect(() => new PriceRing(1.5)).toThrow(RangeError);
  });

  it('always holds exactly the latest `capacity` prices pushed (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.array(fc.string(), { maxLength: 400 }),
        (capacity, prices) => {
          const ring = new PriceRing(capacity);
          for (const price of prices) ring.push(price);
          expect(ring.toArray()).toEqual(prices.slice(-capacity));
          expect(ring.size).toBe(Math.min(capacity, prices.length));
        },
      ),
    );
  });
});
