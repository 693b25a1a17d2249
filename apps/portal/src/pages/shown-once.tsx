import { useEffect, useRef } from 'preact/hooks';

/** The secret shown once: a box that takes focus and leaves when dismissed. */
export function ShownOnce({ id, title, value, onDone }: { id: string; title: string; value: string; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="card secret" aria-labelledby={`${id}-heading`} id={id}>
      <h3 id={`${id}-heading`} tabIndex={-1} ref={heading}>
        {title}
      </h3>
      <p>
        <strong>Copy it now: it is shown only this once.</strong>
      </p>
      <p>
        <code id={`${id}-value`}>{value}</code>
      </p>
      <div class="actions">
        <button type="button" id={`${id}-done`} onClick={onDone}>
          I have saved it
        </button>
      </div>
    </section>
  );
}
