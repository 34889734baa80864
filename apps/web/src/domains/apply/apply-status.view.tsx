import { ApplicationStatus, applicationDocumentKindLabels, applicationStatusLabels } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Divider, Input, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useLang } from '../../shell/i18n';
import { call } from '../../shell/request';
import { TIME } from '../../ui/portal-format';
import { ApplyFrame, PublicQueries } from './apply-frame';
import { useApplyTexts } from './apply-texts';
import { ApplyUpload } from './apply-upload';

// An applicant's status page (/apply/:domain/status): the tracking code typed (or in ?code=) shows
// the status, the school's messages and the documents, and takes the ones the school asked for.
function ApplyStatusPage() {
  const { t } = useApplyTexts();
  const lang = useLang();
  const domain = (useParams().domain ?? '').toLowerCase();
  const [search] = useSearchParams();
  const [code, setCode] = useState(search.get('code') ?? '');
  const [typed, setTyped] = useState(code);
  const status = useQuery({
    queryKey: ['apply', domain, 'status', code],
    queryFn: () => call(api.application.track, { body: { domain, trackingCode: code } }),
    enabled: code.length >= 16,
    retry: false,
  });
  const s = status.data;
  const asked = (s?.documents ?? []).filter((d) => d.requested && !d.fileId).map((d) => d.kind);
  return (
    <ApplyFrame title={t('apply.statusTitle')}>
      {search.get('submitted') && (
        <Alert type="success" showIcon message={t('apply.submitted')} style={{ marginBottom: 16 }} />
      )}
      <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
        <Input
          aria-label={t('apply.code')}
          placeholder={t('apply.code')}
          value={typed}
          onChange={(e) => setTyped(e.target.value.trim().toUpperCase())}
          onPressEnter={() => setCode(typed)}
        />
        <Button type="primary" disabled={typed.length < 16} onClick={() => setCode(typed)}>
          {t('apply.go')}
        </Button>
      </Space.Compact>
      {s && (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('apply.realName')}>{s.realName}</Descriptions.Item>
            <Descriptions.Item label={t('apply.round')}>{s.roundName}</Descriptions.Item>
            <Descriptions.Item label={t('apply.status')}>
              <Tag color={applicationStatusLabels[s.status].color}>{applicationStatusLabels[s.status][lang]}</Tag>
              {s.submittedAt && (
                <Typography.Text type="secondary">
                  {t('apply.submittedAt', { time: dayjs(s.submittedAt).format(TIME) })}
                </Typography.Text>
              )}
            </Descriptions.Item>
            {s.interviewAt && (
              <Descriptions.Item label={t('apply.status')}>
                {t('apply.interview', { time: dayjs(s.interviewAt).format(TIME) })}
              </Descriptions.Item>
            )}
          </Descriptions>
          {s.status === ApplicationStatus.Draft && (
            <Alert
              style={{ marginTop: 16 }}
              type="warning"
              showIcon
              message={t('apply.continueDraft')}
              action={<Link to={`/apply/${domain}?code=${s.trackingCode}`}>{t('apply.toForm')}</Link>}
            />
          )}
          <Divider titlePlacement="start">{t('apply.messages')}</Divider>
          <List
            size="small"
            dataSource={s.messages}
            locale={{ emptyText: t('apply.noMessages') }}
            renderItem={(m) => (
              <List.Item>
                <Typography.Text type="secondary">{dayjs(m.createTime).format(TIME)}</Typography.Text>&nbsp;{m.body}
              </List.Item>
            )}
          />
          <Divider titlePlacement="start">{t('apply.documents')}</Divider>
          <List
            size="small"
            dataSource={s.documents}
            locale={{ emptyText: ' ' }}
            renderItem={(d) => (
              <List.Item>
                {applicationDocumentKindLabels[d.kind][lang]}: {d.name ?? ''}{' '}
                {d.requested && !d.fileId && <Tag color="warning">{t('apply.requested')}</Tag>}
                {d.requestNote && <Typography.Text type="secondary"> {d.requestNote}</Typography.Text>}
              </List.Item>
            )}
          />
          {asked.length > 0 && (
            <ApplyUpload domain={domain} code={s.trackingCode} kinds={asked} onDone={() => void status.refetch()} />
          )}
        </>
      )}
    </ApplyFrame>
  );
}

export default function ApplyStatusView() {
  return (
    <PublicQueries>
      <ApplyStatusPage />
    </PublicQueries>
  );
}
