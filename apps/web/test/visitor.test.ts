import { VISITOR_ID_PATTERN as SERVICE_RULE } from '@kiosk/domain/identity';
import { VISITOR_ID_PATTERN, VISITOR_STORAGE_KEY, visitorAuthorization, visitorId } from '../src/visitor';

const store = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
};

describe('the visitor', () => {
  it('keeps one id per browser: made once, then read back', () => {
    const kept = store();
    const first = visitorId(kept, () => 'a'.repeat(32));
    const second = visitorId(kept, () => 'b'.repeat(32));
    expect(first).toBe('a'.repeat(32));
    expect(second).toBe(first);
    expect(kept.data.get(VISITOR_STORAGE_KEY)).toBe(first);
  });

  it('replaces a malformed kept id (a colon would break Basic credentials)', () => {
    expect(visitorId(store({ [VISITOR_STORAGE_KEY]: 'x:y' }), () => 'c'.repeat(20))).toBe('c'.repeat(20));
  });

  it('still works when storage refuses (private mode)', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(visitorId(refusing, () => 'd'.repeat(20))).toBe('d'.repeat(20));
    expect(visitorId(undefined, () => 'e'.repeat(20))).toBe('e'.repeat(20));
  });

  it('makes ids by the same rule the service checks', () => {
    expect(VISITOR_ID_PATTERN.source).toBe(SERVICE_RULE.source);
  });

  it('sends Basic <clientId>:<visitorId>', () => {
    expect(visitorAuthorization('client-1', 'v'.repeat(16))).toBe(`Basic ${Buffer.from(`client-1:${'v'.repeat(16)}`).toString('base64')}`);
  });
});
