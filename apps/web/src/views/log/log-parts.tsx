import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { DatePicker, Form, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
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

// Result, device and time: the filters both logs share.
export function CommonFilters() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="result" label={t('log.result')}>
        <Select
          allowClear
          placeholder={t('common.all')}
          style={{ width: 120 }}
          options={[
            { value: 'success', label: t('log.success') },
            { value: 'failure', label: t('log.failure') },
          ]}
        />
      </Form.Item>
      <Form.Item name="device" label={t('log.device')}>
        <Select
          allowClear
          placeholder={t('common.all')}
          style={{ width: 120 }}
          options={[
            { value: 'mobile', label: t('log.mobile') },
            { value: 'desktop', label: t('log.desktop') },
          ]}
        />
      </Form.Item>
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
  const { t } = useTranslation();
  const name = userAgent === undefined ? null : deviceName(userAgent);
  return (
    <Tooltip title={userAgent ?? undefined}>
      <div>
        <Space size={4}>
          {mobile ? <MobileOutlined /> : <DesktopOutlined />}
          <span>{[mobile ? t('log.mobile') : t('log.desktop'), name].filter(Boolean).join(' · ')}</span>
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

// A success tag, or a failure tag naming the kind of refusal with the server's message under it.
export function ResultCell({
  success,
  code,
  message,
  t,
}: {
  success: boolean;
  code?: number;
  message?: string | null;
  t: TFunction;
}) {
  if (success) return <Tag color="success">{t('log.success')}</Tag>;
  const kind = code ? t(`log.codes.${code}`, { defaultValue: t('log.failure') }) : t('log.failure');
  return (
    <div>
      <Tag color="error">{kind}</Tag>
      {message && (
        <Typography.Paragraph
          type="danger"
          style={{ margin: '4px 0 0', fontSize: 12 }}
          ellipsis={{ rows: 2, tooltip: message }}
        >
          {message}
        </Typography.Paragraph>
      )}
    </div>
  );
}
