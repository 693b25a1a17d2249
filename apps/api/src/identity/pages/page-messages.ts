import { InvalidError } from '@kiosk/domain';
import { DataSource } from 'typeorm';
import { sqlRows } from '../../platform/database/sql';
import { EN } from './messages-en';
import { MessageOverrides } from './page-language';

/** A vendor's own sentences for the sign-in pages, over the service's catalogue. */
export interface PageMessageStore {
  find(vendorId: string): Promise<MessageOverrides>;
  replace(vendorId: string, messages: MessageOverrides, now: Date): Promise<void>;
}

export class SqlPageMessages implements PageMessageStore {
  constructor(private readonly db: DataSource) {}

  async find(vendorId: string): Promise<MessageOverrides> {
    const [row] = await sqlRows<{ messages: MessageOverrides }>(this.db, `SELECT messages FROM sign_in_page_messages WHERE vendor_id = $1`, [vendorId]);
    return row?.messages ?? {};
  }

  async replace(vendorId: string, messages: MessageOverrides, now: Date): Promise<void> {
    await sqlRows(
      this.db,
      `INSERT INTO sign_in_page_messages (vendor_id, messages, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (vendor_id) DO UPDATE SET messages = EXCLUDED.messages, updated_at = EXCLUDED.updated_at`,
      [vendorId, JSON.stringify(messages), now],
    );
  }
}

const LANGUAGE = /^[a-z]{2,3}$/;
const MAX_LANGUAGES = 20;
const MAX_TEXT = 500;
const VALUE = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

/** The values a sentence of the catalogue may use, so an override cannot name one the page never fills in. */
const valuesOf = (text: string) => new Set([...text.matchAll(VALUE)].map((m) => m[1]));

/**
 * A vendor's catalogue as it may be stored: languages as two- or
 * three-letter codes (ISO 639), keys of the service's catalogue only (a typo
 * would otherwise be silently ignored), plain text up to 500 characters
 * using only the values the sentence has.
 */
export function checkedMessages(input: unknown): MessageOverrides {
  const bad = (detail: string, extra: Record<string, unknown> = {}) => new InvalidError('SIGN_IN_PAGES.BAD_MESSAGES', detail, extra);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw bad('messages must be an object of languages');
  const languages = Object.entries(input as Record<string, unknown>);
  if (languages.length > MAX_LANGUAGES) throw bad(`at most ${MAX_LANGUAGES} languages`);
  const out: MessageOverrides = {};
  for (const [lang, texts] of languages) {
    if (!LANGUAGE.test(lang)) throw bad(`${lang} is not a language code (two or three lowercase letters, e.g. sv)`, { field: lang });
    if (typeof texts !== 'object' || texts === null || Array.isArray(texts)) throw bad(`messages.${lang} must be an object of message keys`);
    out[lang] = {};
    for (const [key, text] of Object.entries(texts as Record<string, unknown>)) {
      const field = `messages.${lang}.${key}`;
      if (!Object.hasOwn(EN, key)) throw bad(`${key} is not a message of the sign-in pages`, { field });
      if (typeof text !== 'string' || text.trim() === '' || text.length > MAX_TEXT) {
        throw bad(`${field} must be text of 1 to ${MAX_TEXT} characters`, { field });
      }
      const allowed = valuesOf(EN[key as keyof typeof EN]);
      const unknown = [...valuesOf(text)].filter((v) => !allowed.has(v));
      if (unknown.length > 0) throw bad(`${field} uses {{${unknown[0]}}}, which this message does not have`, { field });
      out[lang][key] = text;
    }
  }
  return out;
}
