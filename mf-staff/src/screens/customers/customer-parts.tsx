import { useState, type FormEvent } from 'react';
import { Button, EmptyState, LoadView, formatDateTime, toaster, useLoad } from '@swx/shared';
import type { CustomerSession } from '@swx/shared/contract';
import { pageStyles } from '../../components/page';
import { FormAlert, useAction } from '../../components/action';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

/** The customer's sign-in sessions; revoking one signs that browser out at once. */
export function SessionsPanel({ customerId, initial }: { customerId: string; initial: CustomerSession[] }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [sessions, setSessions] = useState(initial);
  const { running, failure, run } = useAction();
  const revoke = async (sessionId: string) => {
    await run(async () => {
      setSessions(
        await session.api.call('admin.revokeCustomerSession', { params: { id: customerId, sessionId } }),
      );
      toaster.show(t('customers.revoked'), { tone: 'success' });
    }, sessionId);
  };
  if (sessions.length === 0) return <EmptyState title={t('customers.noSessions')} />;
  return (
    <>
      <div className={pageStyles.tableWrap}>
        <table className={pageStyles.table}>
          <thead>
            <tr>
              <th scope="col">{t('customers.browser')}</th>
              <th scope="col">{t('customers.signedIn')}</th>
              <th scope="col">{t('customers.lastSeen')}</th>
              <th scope="col">{t('fields.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((item) => (
              <tr key={item.id}>
                <td>{item.userAgent ?? '—'}</td>
                <td>{formatDateTime(item.createdAt)}</td>
                <td>{formatDateTime(item.lastSeenAt)}</td>
                <td>
                  {item.revokedAt ? (
                    t('customers.revokedAt', { at: formatDateTime(item.revokedAt) })
                  ) : (
                    <Button
                      size="small"
                      variant="danger"
                      loading={running === item.id}
                      onClick={() => void revoke(item.id)}
                    >
                      {t('customers.revoke')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormAlert message={failure} />
    </>
  );
}

/** Internal notes on the customer (never shown to them), newest first, and a new one. */
export function NotesPanel({ customerId }: { customerId: string }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const notes = useLoad(
    () => session.api.call('admin.customerNotes', { params: { id: customerId } }),
    [customerId],
  );
  const [text, setText] = useState('');
  const { busy, failure, run } = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    await run(async () => {
      await session.api.call('admin.addCustomerNote', {
        params: { id: customerId },
        body: { text: text.trim() },
      });
      setText('');
      notes.reload();
    });
  };
  return (
    <div className={pageStyles.page}>
      <form onSubmit={(event) => void submit(event)} className={pageStyles.page}>
        <label className={pageStyles.label}>
          {t('customers.newNote')}
          <textarea
            className={pageStyles.textarea}
            value={text}
            maxLength={2000}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <FormAlert message={failure} />
        <div>
          <Button type="submit" size="small" loading={busy} disabled={!text.trim()}>
            {t('customers.addNote')}
          </Button>
        </div>
      </form>
      <LoadView state={notes} t={t} keepDataOnError>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t('customers.noNotes')} />
          ) : (
            <ul className={pageStyles.plainList}>
              {list.map((note) => (
                <li key={note.id}>
                  <p className={pageStyles.muted}>
                    {formatDateTime(note.createdAt)} · {note.staffUsername ?? '—'}
                  </p>
                  <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{note.text}</p>
                </li>
              ))}
            </ul>
          )
        }
      </LoadView>
    </div>
  );
}
