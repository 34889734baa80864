import type { MailLang, MailPreferencesRow } from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Form, Radio, Skeleton, Switch, Typography } from 'antd';
import { moduleTexts } from '../../shell/module-texts';
import { loadMailPreferences, saveMailPreferences } from './profile-api';

// The profile's e-mail choice (issue 29): messages and notices also by e-mail, and in which
// language. Each change is saved at once; nothing here is destructive.
const en = {
  title: 'Messages by e-mail',
  receive: 'Receive messages by e-mail',
  receiveHint: 'Messages and notices in your inbox are also sent to your e-mail address.',
  lang: 'Language of e-mails',
  langSchool: 'As the school chooses',
  sendsTo: 'E-mails go to {{address}}.',
  noAddress: 'Your profile has no e-mail address: add one above to receive e-mails.',
  schoolOff: 'Your school does not send e-mails at the moment; your choice is kept for when it does.',
  saved: 'Saved',
};
const zh: typeof en = {
  title: '邮件接收消息',
  receive: '通过邮件接收消息',
  receiveHint: '收件箱中的消息和通知也会发送到您的邮箱。',
  lang: '邮件语言',
  langSchool: '按学校设置',
  sendsTo: '邮件将发送至 {{address}}。',
  noAddress: '您的个人信息中没有邮箱地址：请在上方填写后才能收到邮件。',
  schoolOff: '学校目前未开启邮件发送；您的选择会保留，开启后生效。',
  saved: '已保存',
};
const { useTexts } = moduleTexts('mailPreferences', en, zh);
const KEY = ['profile', 'mailPreferences'];
// Each language named in itself.
const LANG_NAMES: Record<MailLang, string> = { en: 'English', zh: '简体中文' };
type LangChoice = MailLang | 'school';

export function MailPreferencesCard() {
  const { t } = useTexts();
  const { message } = App.useApp();
  const client = useQueryClient();
  const prefs = useQuery({ queryKey: KEY, queryFn: ({ signal }) => loadMailPreferences({ signal }) });
  const me = prefs.data;

  async function save(change: Partial<Pick<MailPreferencesRow, 'receive' | 'lang'>>) {
    if (!me) return;
    const row = await saveMailPreferences({ receive: me.receive, lang: me.lang, ...change }).catch(() => null);
    if (!row) return;
    client.setQueryData(KEY, row);
    message.success(t('mailPreferences.saved'));
  }

  if (!me) return <Card title={t('mailPreferences.title')}>{<Skeleton active />}</Card>;
  return (
    <Card title={t('mailPreferences.title')}>
      {!me.schoolSends && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('mailPreferences.schoolOff')} />
      )}
      <Form layout="vertical" name="mailPreferences" style={{ maxWidth: 520 }}>
        <Form.Item label={t('mailPreferences.receive')} extra={t('mailPreferences.receiveHint')}>
          <Switch
            checked={me.receive}
            aria-label={t('mailPreferences.receive')}
            onChange={(receive) => void save({ receive })}
          />
        </Form.Item>
        <Form.Item label={t('mailPreferences.lang')}>
          <Radio.Group
            value={me.lang ?? 'school'}
            disabled={!me.receive}
            onChange={(e) => {
              const choice = e.target.value as LangChoice;
              void save({ lang: choice === 'school' ? null : choice });
            }}
            options={[
              { value: 'school', label: t('mailPreferences.langSchool') },
              ...(['en', 'zh'] as const).map((l) => ({ value: l, label: LANG_NAMES[l] })),
            ]}
          />
        </Form.Item>
        <Typography.Text type="secondary">
          {me.address ? t('mailPreferences.sendsTo', { address: me.address }) : t('mailPreferences.noAddress')}
        </Typography.Text>
      </Form>
    </Card>
  );
}
