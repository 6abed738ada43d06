import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Link, useParams } from 'react-router-dom';
import {
  Button,
  EmptyState,
  LoadView,
  TextField,
  formatDateTime,
  toaster,
  useLoad,
  type Translate,
} from '@swx/shared';
import type { ParamDefinitionView, ParamDetail } from '@swx/shared/contract';
import { Facts } from '../../components/facts';
import { Page, pageStyles, Section } from '../../components/page';
import { ReasonDialog } from '../../components/reason-dialog';
import { useStaffStrings } from '../../i18n';
import { useStaffSession } from '../../session';

/** What the definition allows, in words: "decimal from 0 to 0.1". */
function definitionText(definition: ParamDefinitionView, t: Translate): string {
  const parts = [t(`params.types.${definition.type}`)];
  if (definition.min !== null) parts.push(t('params.min', { value: definition.min }));
  if (definition.max !== null) parts.push(t('params.max', { value: definition.max }));
  if (definition.pattern !== null) parts.push(t('params.pattern', { value: definition.pattern }));
  return parts.join(' · ');
}

function ParamEditor({ detail, onSaved }: { detail: ParamDetail; onSaved: () => void }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const [value, setValue] = useState(detail.param.value);
  const [confirming, setConfirming] = useState(false);
  const { param, definition, history } = detail;
  const canChange = session.canCall('admin.setParam');
  return (
    <>
      <Facts
        items={[
          [
            t('params.key'),
            <span key="k" className={pageStyles.mono}>
              {param.key}
            </span>,
          ],
          [t('params.description'), param.description],
          [
            t('params.current'),
            <span key="v" className={pageStyles.mono}>
              {param.value}
            </span>,
          ],
          [t('params.definition'), definitionText(definition, t)],
          [
            t('params.default'),
            <span key="d" className={pageStyles.mono}>
              {definition.defaultValue}
            </span>,
          ],
          [t('params.public'), param.public ? t('params.yes') : t('params.no')],
          [t('params.updated'), `${formatDateTime(param.updatedAt)} · ${param.updatedBy ?? '—'}`],
        ]}
      />
      {canChange ? (
        <div className={pageStyles.row}>
          <TextField
            label={t('params.newValue')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
          <Button disabled={value === param.value || value.trim() === ''} onClick={() => setConfirming(true)}>
            {t('params.change')}
          </Button>
        </div>
      ) : null}
      <ReasonDialog
        open={confirming}
        danger={false}
        title={t('params.confirmTitle', { key: param.key })}
        confirmLabel={t('params.change')}
        onClose={() => setConfirming(false)}
        onConfirm={async (reason) => {
          const answer = await session.api.call('admin.setParam', {
            params: { key: param.key },
            body: { value, reason },
          });
          toaster.show(t(answer.pendingChange ? 'params.asked' : 'params.saved', { key: param.key }), {
            tone: 'success',
          });
          onSaved();
        }}
      >
        <p>{t('params.confirmLead', { from: param.value, to: value })}</p>
        <p className={pageStyles.muted}>{t('params.makerChecker')}</p>
      </ReasonDialog>
      <h3>{t('params.history')}</h3>
      {history.length === 0 ? (
        <EmptyState title={t('params.noHistory')} />
      ) : (
        <div className={pageStyles.tableWrap}>
          <table className={pageStyles.table}>
            <thead>
              <tr>
                <th scope="col">{t('fields.time')}</th>
                <th scope="col">{t('fields.staff')}</th>
                <th scope="col">{t('params.from')}</th>
                <th scope="col">{t('params.to')}</th>
                <th scope="col">{t('fields.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((change, index) => (
                <tr key={`${change.at}-${index}`}>
                  <td>{formatDateTime(change.at)}</td>
                  <td>{change.staffUsername ?? '—'}</td>
                  <td className={pageStyles.mono}>{change.from ?? '—'}</td>
                  <td className={pageStyles.mono}>{change.to}</td>
                  <td>{change.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function ParamPanel({ paramKey }: { paramKey: string }) {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const detail = useLoad(() => session.api.call('admin.param', { params: { key: paramKey } }), [paramKey]);
  return (
    <LoadView state={detail} t={t} keepDataOnError>
      {(answer) => <ParamEditor key={answer.param.updatedAt} detail={answer} onSaved={detail.reload} />}
    </LoadView>
  );
}

/** Parameters: every one with its value; the chosen one with its definition, history and a reasoned change. */
export const Params = observer(function Params() {
  const session = useStaffSession();
  const { t } = useStaffStrings();
  const { key } = useParams();
  const list = useLoad(() => session.api.call('admin.params'), [session]);
  const [filter, setFilter] = useState('');
  return (
    <Page title={t('params.title')} lead={t('params.lead')}>
      <div className={pageStyles.row}>
        <TextField
          label={t('params.filter')}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      </div>
      <div className={pageStyles.split}>
        <Section title={t('params.all')} id="params-all">
          <LoadView state={list} t={t} keepDataOnError>
            {(params) => (
              <ul className={pageStyles.plainList}>
                {params
                  .filter(
                    (param) =>
                      param.key.includes(filter.trim()) ||
                      param.description.toLowerCase().includes(filter.trim().toLowerCase()),
                  )
                  .map((param) => (
                    <li key={param.key}>
                      <Link
                        to={`/staff/operations/params/${param.key}`}
                        aria-current={param.key === key ? 'page' : undefined}
                      >
                        <span className={pageStyles.mono}>{param.key}</span>
                      </Link>{' '}
                      <span className={pageStyles.muted}>
                        = {param.value.length > 40 ? `${param.value.slice(0, 40)}…` : param.value}
                      </span>
                    </li>
                  ))}
              </ul>
            )}
          </LoadView>
        </Section>
        <Section title={key ?? t('params.pick')} id="params-detail">
          {key ? <ParamPanel paramKey={key} /> : <EmptyState title={t('params.pick')} />}
        </Section>
      </div>
    </Page>
  );
});
