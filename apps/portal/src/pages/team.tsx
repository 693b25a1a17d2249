import { del, get, patch, post, Role } from '../api';
import { Email } from '../people';
import { ActionButton, ActionForm, day, Field, LoadState, PageHeading, Table, useCan, useLoad, useStaff } from '../ui';

interface Member {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  createdAt: string;
}

interface Invitation {
  id: string;
  email: string;
  role: Role;
  status: 'PENDING' | 'EXPIRED';
  createdAt: string;
  expiresAt: string;
}

const ROLES: [Role, string][] = [
  ['viewer', 'Viewer: reads everything, changes nothing'],
  ['editor', 'Editor: products, paywalls and sites'],
  ['admin', 'Admin: everything but the team'],
  ['owner', 'Owner: everything, including the team'],
];

function RolePicker({ member, onChanged }: { member: Member; onChanged: () => void }) {
  const id = `role-${member.userId}`;
  return (
    <span class="inline-field">
      <label for={id} class="visually-hidden">
        Role of {member.email}
      </label>
      <select
        id={id}
        value={member.role}
        onChange={async (e) => {
          const select = e.currentTarget;
          try {
            await patch(`/management/team/members/${encodeURIComponent(member.userId)}`, { role: select.value });
            onChanged();
          } catch (error) {
            select.value = member.role;
            alert(error instanceof Error ? error.message : String(error));
          }
        }}
      >
        {ROLES.map(([role]) => (
          <option value={role}>{role}</option>
        ))}
      </select>
    </span>
  );
}

export function TeamPage() {
  const canManage = useCan('team:manage');
  const staff = useStaff();
  const members = useLoad(() => (canManage ? get<Member[]>('/management/team/members') : Promise.resolve([])), 'members');
  const invitations = useLoad(() => (canManage ? get<Invitation[]>('/management/team/invitations') : Promise.resolve([])), 'invitations');
  if (!canManage) {
    return (
      <>
        <PageHeading title="Team" />
        <p>
          You are {staff.email}, {staff.role} of {staff.vendorName}. Only owners see and manage the team: members, roles and invitations.
        </p>
        <dl class="roles">
          {ROLES.map(([role, text]) => (
            <>
              <dt>{role}</dt>
              <dd>{text.split(': ')[1]}</dd>
            </>
          ))}
        </dl>
      </>
    );
  }
  return (
    <>
      <PageHeading title="Team">Who works on {staff.vendorName} in this portal, and with which role.</PageHeading>
      <section aria-labelledby="members-heading">
        <h2 id="members-heading">Members</h2>
        <LoadState loaded={members} />
        {members.data?.length ? (
          <Table
            caption="Team members"
            id="members"
            head={['E-mail', 'Name', 'Role', 'Since', '']}
            rows={members.data.map((m) => [
              <Email address={m.email} />,
              [m.firstName, m.lastName].filter(Boolean).join(' ') || '—',
              <RolePicker member={m} onChanged={members.reload} />,
              day(m.createdAt),
              m.email === staff.email ? (
                'you'
              ) : (
                <ActionButton
                  label="Remove"
                  danger
                  confirm={`Remove ${m.email} from the team?`}
                  run={async () => {
                    await del(`/management/team/members/${encodeURIComponent(m.userId)}`);
                    members.reload();
                  }}
                />
              ),
            ])}
          />
        ) : null}
      </section>
      <section aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite someone</h2>
        <ActionForm
          label="Invite a team member"
          submit="Send invitation"
          onSubmit={async (v) => {
            await post('/management/team/invitations', { email: v.email, role: v.role });
            invitations.reload();
            return `Invitation sent to ${v.email}. The link in the mail works once, for 7 days.`;
          }}
        >
          <div class="grid">
            <Field label="E-mail address" name="email" type="email" required autoComplete="email" />
            <Field label="Role" name="role" options={ROLES} />
          </div>
        </ActionForm>
      </section>
      <section aria-labelledby="invitations-heading">
        <h2 id="invitations-heading">Open invitations</h2>
        <LoadState loaded={invitations} empty="No open invitations." />
        {invitations.data?.length ? (
          <Table
            caption="Open invitations"
            id="invitations"
            head={['E-mail', 'Role', 'Status', 'Expires', '']}
            rows={invitations.data.map((i) => [
              <Email address={i.email} />,
              i.role,
              i.status === 'EXPIRED' ? 'expired' : 'waiting',
              day(i.expiresAt),
              <ActionButton
                label="Withdraw"
                danger
                run={async () => {
                  await del(`/management/team/invitations/${encodeURIComponent(i.id)}`);
                  invitations.reload();
                }}
              />,
            ])}
          />
        ) : null}
      </section>
    </>
  );
}
