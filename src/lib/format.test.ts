import { describe, expect, it } from 'vitest';
import { formatDuration, formatPrice } from './format';

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
});
