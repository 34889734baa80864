import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { AlertRuleKind, type AttendanceAlertRule, alertRuleKindLabels, labelOf, PAGE_SIZE_MAX } from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Space, Switch, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useConfirm } from '../../../crud/confirm';
import { type RowAction, RowActionButtons, visibleActions } from '../../../crud/row-actions';
import { useLang } from '../../../shell/i18n';
import { usePermission } from '../../../shell/permission';
import { AlertRuleDrawer, type Editing } from './alert-rule-drawer';
import { AlertsSent } from './alerts-sent';
import { RollupSettings } from './rollup-settings';
import { dayText, ruleApi, STATS_KEY, statsCalls } from './stats-api';
import { useStatsTexts } from './stats-texts';
import './attendance-stats.css';

const RULES_KEY = ['attendanceAlertRule', 'panel'];

// Checks the rules for a day now, as the nightly job does (what was reported already is not sent again).
function CheckDay() {
  const { t } = useStatsTexts();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [day, setDay] = useState<Dayjs>(() => dayjs().subtract(1, 'day'));
  const [checking, setChecking] = useState(false);
  async function check() {
    setChecking(true);
    try {
      const r = await statsCalls.checkAlerts(dayText(day));
      message.success(t('attendanceStats.checked', { day: r.day, count: r.alerts }));
      await client.invalidateQueries({ queryKey: [STATS_KEY, 'alerts'] });
    } catch {
      // The request client has said why.
    } finally {
      setChecking(false);
    }
  }
  return (
    <Space wrap className="ast-rollup">
      <Typography.Text>{t('attendanceStats.checkDay')}</Typography.Text>
      <DatePicker
        value={day}
        allowClear={false}
        onChange={(d) => d && setDay(d)}
        disabledDate={(d) => d.isAfter(dayjs(), 'day')}
        aria-label={t('attendanceStats.checkDay')}
      />
      <Button loading={checking} onClick={() => void check()}>
        {t('attendanceStats.checkRun')}
      </Button>
    </Space>
  );
}

function Rules() {
  const { t } = useStatsTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [switching, setSwitching] = useState<number | null>(null);
  const rules = useQuery({
    queryKey: RULES_KEY,
    queryFn: () => ruleApi.page({ pageIndex: 1, pageSize: PAGE_SIZE_MAX }),
  });
  const reload = () => void client.invalidateQueries({ queryKey: ['attendanceAlertRule'] });
  const what = (r: AttendanceAlertRule) =>
    r.kind === AlertRuleKind.ConsecutiveAbsences
      ? t('attendanceStats.consecutiveText', { n: r.threshold })
      : t('attendanceStats.rateBelowText', { n: r.threshold, days: r.days });
  async function toggle(r: AttendanceAlertRule, enabled: boolean) {
    setSwitching(r.id);
    try {
      await ruleApi.update({ id: r.id, kind: r.kind, threshold: r.threshold, days: r.days, enabled });
      reload();
    } catch {
      // The request client has said why.
    } finally {
      setSwitching(null);
    }
  }
  const actions: RowAction<AttendanceAlertRule>[] = visibleActions([
    { key: 'edit', label: t('common.edit'), icon: <EditOutlined />, allowed: true, onClick: (row) => setEditing(row) },
    {
      key: 'delete',
      label: t('common.delete'),
      icon: <DeleteOutlined />,
      danger: true,
      allowed: true,
      onClick: (row) =>
        confirm({
          title: t('common.confirmDelete', { name: what(row) }),
          content: t('attendanceStats.ruleInUse'),
          danger: true,
          onOk: async () => {
            await ruleApi.remove(row.id);
            message.success(t('common.deleted'));
            reload();
          },
        }),
    },
  ]);

  return (
    <Card
      size="small"
      title={t('attendanceStats.rulesTitle')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('attendanceStats.newRule')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('attendanceStats.rulesHint')}</Typography.Paragraph>
      <Table<AttendanceAlertRule>
        rowKey="id"
        size="small"
        loading={rules.isFetching}
        dataSource={rules.data?.list ?? []}
        pagination={false}
        scroll={{ x: 560 }}
        locale={{ emptyText: t('attendanceStats.noRules') }}
        columns={[
          {
            title: t('attendanceStats.ruleKind'),
            key: 'kind',
            width: 170,
            render: (_, r) => <Tag>{labelOf(alertRuleKindLabels, r.kind, lang)}</Tag>,
          },
          { title: t('attendanceStats.ruleWhat'), key: 'what', render: (_, r) => what(r) },
          {
            title: t('attendanceStats.enabled'),
            key: 'enabled',
            width: 90,
            render: (_, r) => (
              <Switch
                size="small"
                checked={r.enabled}
                loading={switching === r.id}
                aria-label={t('attendanceStats.enabledOf', { name: what(r) })}
                onChange={(on) => void toggle(r, on)}
              />
            ),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            width: 100,
            render: (_, r) => <RowActionButtons actions={actions} row={r} name={what(r)} />,
          },
        ]}
      />
      <CheckDay />
      <AlertRuleDrawer
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
    </Card>
  );
}

// Early warnings: for the office the rules and the roll-up's thresholds, for everyone with the
// page the alerts sent about the students they reach.
export function AlertRulesPanel() {
  const canSettle = usePermission(['attendance:settings']);
  return (
    <div className="ast-panel ast-stack">
      {canSettle && <Rules />}
      {canSettle && <RollupSettings />}
      <AlertsSent />
    </div>
  );
}
