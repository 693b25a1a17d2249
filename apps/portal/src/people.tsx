import { get } from './api';
import { BASE } from './router';
import { useLoad } from './ui';

/** A user as the lists show them: name and e-mail, and whether they are on the vendor's team. */
export interface Person {
  id: string;
  email: string;
  name: string | null;
  staff: boolean;
}

interface UserView {
  id: string;
  email: string;
  name: string | null;
}

/** The most ids `GET /management/users?ids=` takes at once. */
const IDS_PER_CALL = 100;

/**
 * The people behind a list's user ids, in two calls per hundred:
 * `GET /management/users?ids=...` for names and e-mails, and the same with
 * `staff=true` for which of them are staff. An erased user is not there (the
 * list shows the id). A failure leaves the map empty: the ids stand in.
 */
export function usePeople(userIds: readonly (string | null | undefined)[]): Map<string, Person> {
  const ids = [...new Set(userIds.filter((id): id is string => !!id))].sort();
  const key = ids.join(',');
  const people = useLoad(async () => {
    const found = new Map<string, Person>();
    for (let at = 0; at < ids.length; at += IDS_PER_CALL) {
      const chunk = ids.slice(at, at + IDS_PER_CALL).join(',');
      const [users, staff] = await Promise.all([
        get<UserView[]>('/management/users', { ids: chunk, limit: IDS_PER_CALL }),
        get<UserView[]>('/management/users', { ids: chunk, staff: true, limit: IDS_PER_CALL }),
      ]);
      const staffIds = new Set(staff.map((u) => u.id));
      for (const u of users) found.set(u.id, { id: u.id, email: u.email, name: u.name, staff: staffIds.has(u.id) });
    }
    return found;
  }, `people:${key}`);
  return people.data ?? new Map();
}

/** An e-mail address that may break before its "@" on a narrow screen (rather than inside a word). */
export function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

/** "staff" beside a staff member's name, so nobody takes them for a reader. */
export function StaffMark({ person }: { person: Person | undefined }) {
  return person?.staff ? <span class="tag staff-tag">staff</span> : null;
}

/**
 * A reader in a list: the name (when there is one) over the e-mail, linked
 * to the reader's page; an unknown or erased user by id.
 */
export function PersonCell({ userId, people }: { userId: string; people: Map<string, Person> }) {
  const person = people.get(userId);
  const href = `${BASE}/readers/${encodeURIComponent(userId)}`;
  if (!person) {
    return (
      <a href={href} class="person">
        <code>{userId}</code>
      </a>
    );
  }
  return (
    <span class="person">
      <a href={href}>{person.name ?? <Email address={person.email} />}</a>
      <StaffMark person={person} />
      {person.name ? (
        <span class="person-email">
          <Email address={person.email} />
        </span>
      ) : null}
    </span>
  );
}
