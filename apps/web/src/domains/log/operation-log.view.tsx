import {
  describeOperation,
  logLabels,
  type OperationAction,
  type OperationEntity,
  type OperationLog,
  type OperationLogFilter,
  operationActionLabels,
  operationEntityLabels,
} from '@lyceum/contract';
import { type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KeywordFilter, SelectFilter } from '../../crud/filter-fields';
import { ResourceListPage } from '../../crud/resource-list-page';
import { usePagedList } from '../../crud/use-paged-list';
import { useLang } from '../../shell/i18n';
import { exportOperationLog, operationLogPage } from './log-api';
import {
  type CommonFilterForm,
  DeviceCell,
  ExportButton,
  LogFilters,
  serverFilter,
  timeAndUserColumns,
} from './log-parts';
import { ResultCell, refusalText } from './result-cell';

type Filter = CommonFilterForm & Pick<OperationLogFilter, 'entity' | 'action' | 'keyword'>;

const actionKeys = Object.keys(operationActionLabels) as OperationAction[];
const entityKeys = Object.keys(operationEntityLabels) as OperationEntity[];

// Logs › Operation log: who did what to which record, the result (or why it was refused), when,
// from which device and address; the request itself and its duration in the expanded row.
export default function OperationLogView() {
  const { t } = useTranslation();
  const lang = useLang();
  const list = usePagedList<OperationLog, Filter>(
    'operationLog',
    (req, cancel) => operationLogPage(serverFilter(req), cancel),
    {},
  );
  const columns: TableColumnsType<OperationLog> = [
    ...timeAndUserColumns<OperationLog>(lang, 140),
    {
      title: logLabels.operation[lang],
      key: 'operation',
      width: 300,
      render: (_, r) => describeOperation(r, '', lang).trim(),
    },
    {
      title: logLabels.result[lang],
      key: 'result',
      width: 210,
      render: (_, r) => (
        <ResultCell success={r.success} code={r.responseCode} message={refusalText(r)} t={t} lang={lang} />
      ),
    },
    {
      title: logLabels.deviceAddress[lang],
      key: 'device',
      width: 140,
      render: (_, r) => <DeviceCell mobile={r.mobile} ip={r.ip} />,
    },
  ];
  return (
    <ResourceListPage<OperationLog, Filter>
      list={list}
      columns={columns}
      emptyText={t('log.emptyOperations')}
      toolbar={<ExportButton onExport={() => exportOperationLog(serverFilter(list.filters), lang)} />}
      scrollX={1000}
      expandable={{
        expandedRowRender: (r) => (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('log.details', { method: r.method, path: r.path })}
            {` · ${t('log.duration')}: ${t('log.durationMs', { ms: r.durationMs })}`}
            {r.recordIds.length > 0 && ` · ${t('log.ids', { ids: r.recordIds.join(', ') })}`}
          </Typography.Text>
        ),
      }}
      filterFields={
        <LogFilters>
          <SelectFilter
            name="action"
            label={t('log.action')}
            width={150}
            searchable
            options={actionKeys.map((k) => ({ value: k, label: operationActionLabels[k][lang] }))}
          />
          <SelectFilter
            name="entity"
            label={t('log.entity')}
            width={160}
            searchable
            options={entityKeys.map((k) => ({ value: k, label: operationEntityLabels[k][lang] }))}
          />
          <KeywordFilter label={t('log.record')} placeholder={t('log.recordPlaceholder')} />
        </LogFilters>
      }
    />
  );
}
