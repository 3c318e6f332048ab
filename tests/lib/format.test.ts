import { describe, expect, it } from 'vitest';
import { formatDuration, formatPrice } from '~/lib/format';

describe('formatDuration', () => {
  it('shows minutes below 90 minutes', () => {
    expect(formatDuration(30)).toBe('30 min');
    expect(formatDuration(89)).toBe('89 min');
  });
  it('switches to rounded hours with "timer" at 90 minutes', () => {
    expect(formatDuration(90)).toBe('2 timer');
    expect(formatDuration(120)).toBe('2 timer');
    expect(formatDuration(150)).toBe('3 timer');
    expect(formatDuration(1080)).toBe('18 timer');
  });
});

describe('formatPrice', () => {
  it('uses Danish thousands separators and kr.', () => {
    expect(formatPrice(199)).toBe('199 kr.');
    expect(formatPrice(1800)).toBe('1.800 kr.');
  });
  it("writes what Intl.NumberFormat('da-DK', { maximumFractionDigits: 2 }) writes", () => {
    const intl = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 2 });
    const values = [0, 1, 99, 100, 999, 1000, 9999, 10000, 123456, 1000000, 2 ** 53 - 1];
    for (let n = 1; n < 2_000_000; n = Math.ceil(n * 1.37) + 7) values.push(n);
    values.push(0.5, 1.005, 2.675, 1234.5, 12345.678, -5, -1800, 2 ** 53, 1e21);
    for (const value of values)
      expect(formatPrice(value), String(value)).toBe(`${intl.format(value)} kr.`);
  });
});
