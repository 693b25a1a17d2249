import { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { get, post } from '../api';
import { LoadState, messageOf, Notice, useStaff, useLoad, when } from '../ui';

/** A version in the list (`GET .../versions`). */
export interface VersionSummary {
  version: number;
  name: string;
  status: 'ACTIVE' | 'ARCHIVED';
  savedAt: string;
  savedBy: { kind: 'API_KEY' | 'STAFF'; id: string } | null;
}

const PAGE = 10;

/**
 * The "History" section of a paywall's or a strategy's page: the saved
 * versions, newest first, ten at a time (number, when, by whom); "View" shows
 * one version whole below the list (its heading takes focus), and "Restore"
 * (for roles that write, on an active one) saves it as a new version.
 */
export function History<V extends VersionSummary>(props: {
  /** The management path of the paywall or strategy, e.g. `/management/paywalls/{id}`. */
  path: string;
  /** "paywall" or "strategy", for the words. */
  noun: string;
  /** The current version: the list reloads when it changes. */
  current: number;
  canRestore: boolean;
  onRestored: () => void;
  /** Draws a version's content (`GET .../versions/{version}`). */
  render: (version: V) => ComponentChildren;
}) {
  const staff = useStaff();
  const [offset, setOffset] = useState(0);
  const versions = useLoad(() => get<VersionSummary[]>(`${props.path}/versions`, { limit: PAGE + 1, offset }), `${props.path}:${props.current}:${offset}`);
  const [shown, setShown] = useState<V | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<number | null>(null);
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);

  const who = (v: VersionSummary) => {
    if (!v.savedBy) return 'not recorded';
    if (v.savedBy.kind === 'STAFF') return v.savedBy.id === staff.userId ? 'you' : `staff member ${v.savedBy.id}`;
    return `API key ${v.savedBy.id}`;
  };
  const view = async (version: number) => {
    setError(null);
    setDone(null);
    try {
      opener.current = version;
      setShown(await get<V>(`${props.path}/versions/${version}`));
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const close = () => {
    const back = opener.current;
    setShown(null);
    requestAnimationFrame(() => document.getElementById(`view-version-${back}`)?.focus());
  };
  const restore = async (version: number) => {
    setError(null);
    setDone(null);
    try {
      const saved = await post<{ version: number }>(`${props.path}/versions/${version}/restore`);
      setShown(null);
      setOffset(0);
      setDone(saved.version === props.current ? `Version ${version} is what the ${props.noun} already has; nothing changed.` : `Restored version ${version}: now version ${saved.version}.`);
      props.onRestored();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const page = versions.data?.slice(0, PAGE) ?? [];
  const more = (versions.data?.length ?? 0) > PAGE;
  return (
    <section class="card history" aria-labelledby="history-heading" id="history">
      <h2 id="history-heading">History</h2>
      <p class="muted">Every saved version of this {props.noun}, newest first: when it was saved and by whom.</p>
      <LoadState loaded={versions} empty="No saved versions." />
      {page.length ? (
        <ol class="plain versions" aria-label={`Versions of this ${props.noun}`}>
          {page.map((v) => (
            <li class="version-row">
              <div>
                <strong>Version {v.version}</strong>
                {v.version === props.current ? <span class="tag">current</span> : null}
                {v.status === 'ARCHIVED' ? <span class="tag">archived</span> : null}
                <div class="muted">
                  Saved {when(v.savedAt)} by {who(v)}
                </div>
              </div>
              <button
                type="button"
                class="secondary"
                id={`view-version-${v.version}`}
                aria-expanded={shown?.version === v.version ? 'true' : 'false'}
                aria-controls="version-view"
                onClick={() => (shown?.version === v.version ? close() : view(v.version))}
              >
                {shown?.version === v.version ? 'Hide' : 'View'}
                <span class="visually-hidden"> version {v.version}</span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      {offset > 0 || more ? (
        <div class="actions">
          {offset > 0 ? (
            <button type="button" class="secondary" onClick={() => setOffset(Math.max(0, offset - PAGE))}>
              Newer versions
            </button>
          ) : null}
          {more ? (
            <button type="button" class="secondary" onClick={() => setOffset(offset + PAGE)}>
              Older versions
            </button>
          ) : null}
        </div>
      ) : null}
      <div aria-live="polite">
        <Notice error={error}>{done}</Notice>
      </div>
      {shown ? (
        <section class="version-view" id="version-view" aria-labelledby="version-view-heading">
          <h3 id="version-view-heading" tabIndex={-1} ref={heading}>
            Version {shown.version} as saved
          </h3>
          <p class="muted">
            Saved {when(shown.savedAt)} by {who(shown)}.
          </p>
          {props.render(shown)}
          <div class="actions">
            {props.canRestore && shown.version !== props.current ? (
              <button type="button" onClick={() => restore(shown.version)}>
                Restore version {shown.version}
              </button>
            ) : null}
            <button type="button" class="secondary" onClick={close}>
              Close version {shown.version}
            </button>
          </div>
        </section>
      ) : null}
    </section>
  );
}
