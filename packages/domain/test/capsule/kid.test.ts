import { allowedKids, formatKid, parseKid } from '../../src/capsule';

describe('rotation kids', () => {
  const at = new Date('2026-05-02T12:18:36Z');

  it('labels the hour by default and the minute for sub-hour intervals', () => {
    expect(formatKid(at)).toBe('260502T12');
    expect(formatKid(at, 15)).toBe('260502T1215');
    expect(formatKid(at, 120)).toBe('260502T12');
    expect(formatKid(new Date('2026-05-02T13:59:59Z'), 120)).toBe('260502T12');
  });

  it('parses both forms back to the period start', () => {
    expect(parseKid('260502T12').toISOString()).toBe('2026-05-02T12:00:00.000Z');
    expect(parseKid('260502T1215').toISOString()).toBe('2026-05-02T12:15:00.000Z');
  });

  it.each(['2605021T12', '260532T12', '261302T12', '260502T24', '260502T1260', '260502 12', ''])('refuses %p', (kid) => {
    expect(() => parseKid(kid)).toThrow(expect.objectContaining({ code: 'CAPSULE.BAD_KID' }));
  });

  it('allows the current and the next period', () => {
    expect(allowedKids(at)).toEqual(['260502T12', '260502T13']);
    expect(allowedKids(new Date('2026-12-31T23:30:00Z'))).toEqual(['261231T23', '270101T00']);
  });

  it('allows the previous period only during the grace after rotation', () => {
    expect(allowedKids(new Date('2026-05-02T13:04:59Z'))).toEqual(['260502T12', '260502T13', '260502T14']);
    expect(allowedKids(new Date('2026-05-02T13:05:00Z'))).toEqual(['260502T13', '260502T14']);
    expect(allowedKids(new Date('2026-05-02T13:00:30Z'), { previousGraceSeconds: 0 })).toEqual(['260502T13', '260502T14']);
  });

  it('follows the interval', () => {
    expect(allowedKids(at, { intervalMinutes: 30, previousGraceSeconds: 0 })).toEqual(['260502T1200', '260502T1230']);
  });

  it.each([0, 7, 100, 1.5, -60])('refuses interval %p', (intervalMinutes) => {
    expect(() => allowedKids(at, { intervalMinutes })).toThrow(expect.objectContaining({ code: 'CAPSULE.BAD_ROTATION_INTERVAL' }));
  });
});
