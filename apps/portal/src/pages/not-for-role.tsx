/** A section the role cannot read says so instead of showing a refusal. */
export function NotForRole({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{text}</p>
    </section>
  );
}
