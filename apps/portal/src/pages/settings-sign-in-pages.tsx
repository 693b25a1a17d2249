import { useContext, useState } from 'preact/hooks';
import { get, put } from '../api';
import { firstWith, messageOf, Notice, Table, useCan, useLoad } from '../ui';
import { FormProblems, NotForRole, Section, SettingsBlock } from './settings-form';

// Sign-in pages

interface SignInMessages {
  messages: Record<string, Record<string, string>>;
  defaults: Record<string, Record<string, string>>;
}

export function SignInPages() {
  const canRead = useCan('sites:read');
  const canWrite = useCan('sites:write');
  const loaded = useLoad(() => (canRead ? get<SignInMessages>('/management/sign-in-pages') : Promise.resolve(undefined)), 'sign-in-pages');
  const [saved, setSaved] = useState<SignInMessages | null>(null);
  const [language, setLanguage] = useState('en');
  const [key, setKey] = useState('');
  const [round, setRound] = useState(0);
  const [message, setMessage] = useState<{ ok?: string; error?: string } | null>(null);
  if (!canRead) return <NotForRole id="sign-in-pages" title="Sign-in pages" text="Your role cannot see the sign-in page texts." />;
  const d = saved ?? loaded.data;
  const keys = d ? Object.keys(d.defaults.en ?? {}).sort() : [];
  const chosenKey = key || keys[0] || '';
  const defaultText = d ? (d.defaults[language]?.[chosenKey] ?? d.defaults.en?.[chosenKey] ?? '') : '';
  const rows = d ? Object.entries(d.messages).flatMap(([lang, texts]) => Object.entries(texts).map(([k, t]) => ({ lang, key: k, text: t }))) : [];
  const store = async (messages: SignInMessages['messages']) => {
    const next = await put<SignInMessages>('/management/sign-in-pages', { messages });
    setSaved(next);
    setRound((r) => r + 1);
  };
  return (
    <Section
      id="sign-in-pages"
      title="Sign-in pages"
      loaded={loaded}
      intro="Your own words on your readers' sign-in, sign-up and password pages. A sentence you leave alone comes from the service, in the reader's language."
    >
      {d ? (
        <>
          {rows.length ? (
            <Table
              caption="Your sentences"
              id="sign-in-messages"
              head={['Language', 'Message', 'Your text']}
              rows={rows.map((r) => {
                const row = [r.lang, <code>{r.key}</code>, r.text];
                if (!canWrite) return row;
                return firstWith(
                  row,
                  <button
                    type="button"
                    class="danger"
                    onClick={async () => {
                      const next = Object.fromEntries(
                        Object.entries(d.messages)
                          .map(([lang, texts]) => [lang, Object.fromEntries(Object.entries(texts).filter(([k]) => !(lang === r.lang && k === r.key)))] as const)
                          .filter(([, texts]) => Object.keys(texts).length > 0),
                      );
                      try {
                        await store(next);
                        setMessage({ ok: `The service's own text is back for ${r.key} (${r.lang}).` });
                      } catch (e) {
                        setMessage({ error: messageOf(e) });
                      }
                    }}
                  >
                    Remove<span class="visually-hidden"> your text for {r.key} ({r.lang})</span>
                  </button>,
                );
              })}
            />
          ) : (
            <p>You use the service's own texts everywhere.</p>
          )}
          <div aria-live="polite">
            <Notice error={message?.error}>{message?.ok}</Notice>
          </div>
          {canWrite ? (
            <SettingsBlock
              id="sign-in-form"
              label="Change a sentence"
              submit="Save sentence"
              specs={[]}
              otherField={{ name: 'text', label: 'Your text' }}
              canWrite
              version={String(round)}
              save={async (v) => {
                const lang = String(v.language).toLowerCase();
                const messages = { ...d.messages, [lang]: { ...(d.messages[lang] ?? {}), [chosenKey]: String(v.text) } };
                await store(messages);
                setMessage(null);
                return `Your text for ${chosenKey} (${lang}) is saved; the pages use it at once.`;
              }}
            >
              <SignInFields
                language={language}
                setLanguage={setLanguage}
                keys={keys}
                chosenKey={chosenKey}
                setKey={setKey}
                defaultText={defaultText}
                current={d.messages[language]?.[chosenKey] ?? ''}
              />
            </SettingsBlock>
          ) : null}
        </>
      ) : null}
    </Section>
  );
}

/** The language, the message and its text; the service's text of the chosen message is shown beside it. */
function SignInFields(props: {
  language: string;
  setLanguage: (l: string) => void;
  keys: string[];
  chosenKey: string;
  setKey: (k: string) => void;
  defaultText: string;
  current: string;
}) {
  const problems = useContext(FormProblems);
  const problem = problems.text;
  return (
    <div class="grid">
      <div class="field">
        <label for="sign-in-language">Language</label>
        <input
          id="sign-in-language"
          name="language"
          value={props.language}
          aria-describedby="sign-in-language-hint"
          autoComplete="off"
          onInput={(e) => props.setLanguage(e.currentTarget.value.trim().toLowerCase())}
        />
        <small id="sign-in-language-hint" class="hint">
          A two- or three-letter code: en, sv, or another you add (e.g. fi).
        </small>
      </div>
      <div class="field">
        <label for="sign-in-key">Message</label>
        <select id="sign-in-key" name="key" value={props.chosenKey} onChange={(e) => props.setKey(e.currentTarget.value)}>
          {props.keys.map((k) => (
            <option value={k}>{k}</option>
          ))}
        </select>
      </div>
      <div class="field wide">
        <label for="sign-in-text">
          Your text<span class="required"> (required)</span>
        </label>
        <textarea
          id="sign-in-text"
          name="text"
          rows={3}
          key={`${props.language}:${props.chosenKey}`}
          defaultValue={props.current}
          required
          aria-invalid={problem ? 'true' : undefined}
          aria-describedby={problem ? 'sign-in-default sign-in-text-error' : 'sign-in-default'}
        />
        <small id="sign-in-default" class="hint">
          The service says: “{props.defaultText || '—'}”. Plain text, up to 500 characters; {'{{values}}'} only as the service's text has them.
        </small>
        {problem ? (
          <p id="sign-in-text-error" class="field-error">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
