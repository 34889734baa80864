import { type LoginLog, type LoginLogFilter, type LoginReason, loginReasonLabels, logLabels } from '@lyceum/contract';
import { Form, Input, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SelectFilter } from '../../crud/filter-fields';
import { ResourceListPage } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { exportLoginLog, loginLogPage } from './log-api';
import {
  type CommonFilterForm,
  DeviceCell,
  ExportButton,
  LogFilters,
  serverFilter,
  timeAndUserColumns,
} from './log-parts';
import { ResultCell } from './result-cell';

type Filter = CommonFilterForm & Pick<LoginLogFilter, 'reason' | 'ip'>;

const reasons = Object.keys(loginReasonLabels) as LoginReason[];

function isReason(value: string): value is LoginReason {
  return Object.hasOwn(loginReasonLabels, value);
}

// Logs › Login log: every login attempt of the organisation, its result and why it failed, from
// which address and device.
export default function LoginLogView() {
  const { t } = useTranslation();
  const lang = useLang();
  const list = usePagedList<LoginLog, Filter>('loginLog', (req, cancel) => loginLogPage(serverFilter(req), cancel), {});
  const columns: TableColumnsType<LoginLog> = [
    ...timeAndUserColumns<LoginLog>(lang, 160),
    {
      title: logLabels.result[lang],
      key: 'result',
      width: 110,
      render: (_, r) => <ResultCell success={r.success} t={t} lang={lang} />,
    },
    {
      title: logLabels.reason[lang],
      dataIndex: 'reason',
      width: 180,
      render: (reason: string | null) =>
        reason === null ? (
          '—'
        ) : isReason(reason) ? (
          <Tag color={loginReasonLabels[reason].color}>{loginReasonLabels[reason][lang]}</Tag>
        ) : (
          reason
        ),
    },
    {
      title: logLabels.deviceAddress[lang],
      key: 'device',
      width: 190,
      render: (_, r) => <DeviceCell mobile={r.mobile} userAgent={r.userAgent} ip={r.ip} />,
    },
  ];
  return (
    <ResourceListPage<LoginLog, Filter>
      list={list}
      columns={columns}
      emptyText={t('log.emptyLogins')}
      toolbar={<ExportButton onExport={() => exportLoginLog(serverFilter(list.filters), lang)} />}
      scrollX={780}
      filterFields={
        <LogFilters>
          <SelectFilter
            name="reason"
            label={logLabels.reason[lang]}
            width={190}
            options={reasons.map((r) => ({ value: r, label: loginReasonLabels[r][lang] }))}
          />
          <Form.Item name="ip" label={logLabels.address[lang]}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
        </LogFilters>
      }
    />
  );
}
