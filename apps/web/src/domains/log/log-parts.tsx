import { DesktopOutlined, DownloadOutlined, MobileOutlined } from '@ant-design/icons';
import { type Lang, logLabels } from '@lyceum/contract';
import { Button, DatePicker, Form, Input, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectFilter } from '../../crud/filter-fields';
import { useLang } from '../../shell/i18n';
import { formatTime } from '../../shell/time-format';
import './i18n';

// Filter values as the forms hold them: a date range and a device choice instead of from/to/mobile.
export interface CommonFilterForm {
  user?: string;
  result?: 'success' | 'failure';
  device?: 'mobile' | 'desktop';
  range?: [Dayjs | null, Dayjs | null] | null;
}

// The server's from/to and mobile from what the filter bar holds (whole days, local time).
export function serverFilter<F extends CommonFilterForm>({ range, device, ...rest }: F) {
  return {
    ...rest,
    ...(range?.[0] ? { from: range[0].startOf('day').toISOString() } : {}),
    ...(range?.[1] ? { to: range[1].endOf('day').toISOString() } : {}),
    ...(device ? { mobile: device === 'mobile' } : {}),
  };
}

// When and who: the columns both logs open with.
export function timeAndUserColumns<R extends { createTime: string; realName: string | null; userName: string | null }>(
  lang: Lang,
  userWidth: number,
): TableColumnsType<R> {
  return [
    {
      title: logLabels.time[lang],
      dataIndex: 'createTime',
      key: 'createTime',
      width: 150,
      sorter: true,
      render: formatTime,
    },
    {
      title: logLabels.user[lang],
      key: 'user',
      width: userWidth,
      render: (_, r) => <UserCell realName={r.realName} userName={r.userName} />,
    },
  ];
}

// The user filter both logs open with.
function UserFilter() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Form.Item name="user" label={logLabels.user[lang]}>
      <Input allowClear placeholder={t('log.userPlaceholder')} style={{ width: 160 }} />
    </Form.Item>
  );
}

// A log's filter bar: the user, the log's own filters, then result, device and time (both logs share these).
export function LogFilters({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const choices = (...keys: ('success' | 'failure' | 'mobile' | 'desktop')[]) =>
    keys.map((k) => ({ value: k, label: logLabels[k][lang] }));
  return (
    <>
      <UserFilter />
      {children}
      <SelectFilter name="result" label={logLabels.result[lang]} width={120} options={choices('success', 'failure')} />
      <SelectFilter name="device" label={logLabels.device[lang]} width={120} options={choices('mobile', 'desktop')} />
      <Form.Item name="range" label={t('log.timeRange')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 240 }} />
      </Form.Item>
    </>
  );
}

// "Chrome · Windows" from a user agent, for people; the whole string stays in the tooltip.
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browsers: [RegExp, string][] = [
    [/MicroMessenger/, 'WeChat'],
    [/Edg\//, 'Edge'],
    [/OPR\//, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/Chrome\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const systems: [RegExp, string][] = [
    [/HarmonyOS/, 'HarmonyOS'],
    [/Android/, 'Android'],
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X/, 'macOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([re]) => re.test(userAgent))?.[1];
  const system = systems.find(([re]) => re.test(userAgent))?.[1];
  return [browser, system].filter(Boolean).join(' · ') || null;
}

// Phone or computer, the browser and system when known (the whole user agent in the tooltip), and
// the address the call came from.
export function DeviceCell({
  mobile,
  userAgent,
  ip,
}: {
  mobile: boolean;
  userAgent?: string | null;
  ip: string | null;
}) {
  const lang = useLang();
  const name = userAgent === undefined ? null : deviceName(userAgent);
  return (
    <Tooltip title={userAgent ?? undefined}>
      <div>
        <Space size={4}>
          {mobile ? <MobileOutlined /> : <DesktopOutlined />}
          <span>{[logLabels[mobile ? 'mobile' : 'desktop'][lang], name].filter(Boolean).join(' · ')}</span>
        </Space>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {ip ?? '—'}
          </Typography.Text>
        </div>
      </div>
    </Tooltip>
  );
}

export function UserCell({ realName, userName }: { realName: string | null; userName: string | null }) {
  return (
    <div>
      <div>{realName ?? userName ?? '—'}</div>
      {realName && userName && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {userName}
        </Typography.Text>
      )}
    </div>
  );
}

// Downloads what the filters match as an Excel file.
export function ExportButton({ onExport }: { onExport: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        onExport().finally(() => setBusy(false));
      }}
    >
      {t('log.export')}
    </Button>
  );
}
