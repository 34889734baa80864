import {
  APPLICATION_DOCUMENT_KINDS,
  type ApplicationDetail,
  ApplicationStatus,
  applicationDocumentKindLabels,
  applicationStatusLabels,
  endpointPath,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  DatePicker,
  Descriptions,
  Divider,
  Drawer,
  Empty,
  Input,
  List,
  Select,
  Space,
  Tag,
  Timeline,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useLang } from '../../shell/i18n';
import { usePermission } from '../../shell/permission';
import { call } from '../../shell/request';
import { TIME } from '../../ui/portal-format';
import { useAdmissionTexts } from './admission-texts';
import { EnrolDialog } from './enrol-dialog';

const { Submitted, UnderReview, Interview, Accepted, Waitlisted } = ApplicationStatus;
type Step = 'startReview' | 'interview' | 'accept' | 'waitlist' | 'reject' | 'declineOffer' | 'withdraw';
// The steps open from each status (the contract's actions check them again).
const STEPS: Record<number, Step[]> = {
  [Submitted]: ['startReview', 'interview', 'accept', 'waitlist', 'reject', 'withdraw'],
  [UnderReview]: ['interview', 'accept', 'waitlist', 'reject', 'withdraw'],
  [Interview]: ['interview', 'accept', 'waitlist', 'reject', 'withdraw'],
  [Waitlisted]: ['accept', 'reject', 'withdraw'],
  [Accepted]: ['declineOffer', 'withdraw'],
};

// One application: the form as sent, the guardians, documents (and asking for one again), the
// history, messages to the applicant, the staff note, the next steps and enrolment.
export function ApplicationDrawer({
  id,
  onClose,
  onChanged,
}: {
  id: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useAdmissionTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const client = useQueryClient();
  const canReview = usePermission(['application:review']);
  const canMessage = usePermission(['application:message']);
  const canEnrol = usePermission(['application:enrol']);
  const [note, setNote] = useState('');
  const [text, setText] = useState('');
  const [interviewAt, setInterviewAt] = useState<Dayjs | null>(null);
  const [askKind, setAskKind] = useState<(typeof APPLICATION_DOCUMENT_KINDS)[number]>('idCard');
  const [enrolling, setEnrolling] = useState<ApplicationDetail | null>(null);
  const key = ['application', 'detail', id];
  const detail = useQuery({
    queryKey: key,
    queryFn: () => call(api.application.detail, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
  const a = detail.data;
  useEffect(() => setNote(a?.note ?? ''), [a?.note]);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: key });
    onChanged();
  };
  const label = (s: number) => applicationStatusLabels[s as ApplicationStatus]?.[lang] ?? String(s);
  const stepLabel: Record<Step, string> = {
    startReview: t('admission.review'),
    interview: t('admission.interview'),
    accept: t('admission.accept'),
    waitlist: t('admission.waitlist'),
    reject: t('admission.reject'),
    declineOffer: t('admission.decline'),
    withdraw: t('admission.withdraw'),
  };
  const run = async (step: Step) => {
    if (!a) return;
    const params = { id: a.id };
    if (step === 'interview') {
      if (!interviewAt) return;
      await call(
        api.application.interview,
        { params, body: { interviewAt: interviewAt.toISOString() } },
        { loading: true },
      );
    } else await call(api.application[step], { params, body: {} }, { loading: true });
    message.success(stepLabel[step]);
    refresh();
  };

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={720}
      title={a ? `${a.realName} · ${a.roundName}` : ''}
      destroyOnHidden
    >
      {a && (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            <Tag color={applicationStatusLabels[a.status].color}>{label(a.status)}</Tag>
            {canReview &&
              (STEPS[a.status] ?? []).map((step) =>
                step === 'interview' ? (
                  <Space.Compact key={step}>
                    <DatePicker
                      showTime
                      value={interviewAt}
                      onChange={setInterviewAt}
                      aria-label={t('admission.interviewAt')}
                    />
                    <Button disabled={!interviewAt} onClick={() => void run(step)}>
                      {stepLabel[step]}
                    </Button>
                  </Space.Compact>
                ) : (
                  <Button key={step} danger={step === 'reject'} onClick={() => void run(step)}>
                    {stepLabel[step]}
                  </Button>
                ),
              )}
            {canEnrol && a.status === Accepted && (
              <Button type="primary" onClick={() => setEnrolling(a)}>
                {t('admission.enrol')}
              </Button>
            )}
          </Space>
          {a.duplicateOf.length > 0 && (
            <Descriptions size="small" column={1} title={t('admission.matches')} bordered style={{ marginBottom: 12 }}>
              {a.duplicateOf.map((d) => (
                <Descriptions.Item key={`${d.kind}-${d.id}-${d.reason}`} label={t(`admission.kind_${d.kind}`)}>
                  {d.name} · {t(`admission.reason_${d.reason}`)}
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
          <Descriptions size="small" column={2} bordered title={t('admission.answers')}>
            <Descriptions.Item label="ID">{a.idNumber ?? t('admission.none')}</Descriptions.Item>
            <Descriptions.Item label={lang === 'zh' ? '出生日期' : 'Birth date'}>{a.birthDate ?? ''}</Descriptions.Item>
            <Descriptions.Item label={lang === 'zh' ? '电话' : 'Phone'}>{a.phone ?? ''}</Descriptions.Item>
            <Descriptions.Item label={lang === 'zh' ? '电子邮箱' : 'E-mail'}>{a.email ?? ''}</Descriptions.Item>
            <Descriptions.Item label={lang === 'zh' ? '原就读学校' : 'Prior school'} span={2}>
              {a.priorSchool ?? ''}
            </Descriptions.Item>
            {a.round.extraFields.map((f) => (
              <Descriptions.Item key={f.key} label={f.label[lang]}>
                {a.answers[f.key] ?? ''}
              </Descriptions.Item>
            ))}
            {a.interviewAt && (
              <Descriptions.Item label={t('admission.interviewAt')}>
                {dayjs(a.interviewAt).format(TIME)}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Divider titlePlacement="start">{t('admission.guardians')}</Divider>
          <List
            size="small"
            dataSource={a.guardians}
            locale={{ emptyText: t('admission.none') }}
            renderItem={(g) => <List.Item>{`${g.name} · ${g.relation} · ${g.phone}`}</List.Item>}
          />
          <Divider titlePlacement="start">{t('admission.documents')}</Divider>
          <List
            size="small"
            dataSource={a.documents}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
            renderItem={(d) => (
              <List.Item>
                <span>{applicationDocumentKindLabels[d.kind][lang]}: </span>
                {d.fileId ? (
                  <a href={endpointPath(api.file.download.path, { id: d.fileId })} target="_blank" rel="noreferrer">
                    {d.name}
                  </a>
                ) : (
                  <Tag color="warning">{t('admission.requested')}</Tag>
                )}
                {d.requestNote && <span> · {d.requestNote}</span>}
              </List.Item>
            )}
          />
          {canReview && (
            <Space.Compact style={{ marginTop: 8 }}>
              <Select
                value={askKind}
                onChange={setAskKind}
                style={{ width: 180 }}
                options={APPLICATION_DOCUMENT_KINDS.map((k) => ({
                  value: k,
                  label: applicationDocumentKindLabels[k][lang],
                }))}
              />
              <Button
                onClick={async () => {
                  await call(
                    api.application.requestDocument,
                    { params: { id: a.id }, body: { kind: askKind } },
                    { loading: true },
                  );
                  refresh();
                }}
              >
                {t('admission.requestDoc')}
              </Button>
            </Space.Compact>
          )}
          <Divider titlePlacement="start">{t('admission.history')}</Divider>
          <Timeline
            items={a.events.map((e) => ({
              children: `${dayjs(e.createTime).format(TIME)} · ${label(e.toStatus)}${e.actorName ? ` · ${e.actorName}` : ''}${e.note ? ` · ${e.note}` : ''}`,
            }))}
          />
          <Divider titlePlacement="start">{t('admission.messages')}</Divider>
          <List
            size="small"
            dataSource={a.messages}
            locale={{ emptyText: t('admission.none') }}
            renderItem={(m) => <List.Item>{`${dayjs(m.createTime).format(TIME)} · ${m.body}`}</List.Item>}
          />
          {canMessage && (
            <Space.Compact style={{ width: '100%', marginTop: 8 }}>
              <Input
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={t('admission.messagePlaceholder')}
                maxLength={2000}
                aria-label={t('admission.messages')}
              />
              <Button
                type="primary"
                disabled={!text.trim()}
                onClick={async () => {
                  await call(
                    api.application.message,
                    { params: { id: a.id }, body: { body: text } },
                    { loading: true },
                  );
                  setText('');
                  refresh();
                }}
              >
                {t('admission.send')}
              </Button>
            </Space.Compact>
          )}
          {canReview && (
            <>
              <Divider titlePlacement="start">{t('admission.staffNote')}</Divider>
              <Input.TextArea
                value={note}
                onChange={(e) => setNote(e.target.value)}
                maxLength={500}
                rows={2}
                aria-label={t('admission.staffNote')}
              />
              <Button
                style={{ marginTop: 8 }}
                onClick={async () => {
                  await call(api.application.note, { params: { id: a.id }, body: { note } }, { loading: true });
                  refresh();
                }}
              >
                {t('admission.saveNote')}
              </Button>
            </>
          )}
        </>
      )}
      <EnrolDialog
        app={enrolling}
        onClose={(done) => {
          setEnrolling(null);
          if (done) refresh();
        }}
      />
    </Drawer>
  );
}
