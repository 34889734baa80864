import { ApplicationStatus, type ApplyStatus, type ExtraField } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Divider,
  Empty,
  Form,
  Input,
  List,
  Radio,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useLang } from '../../shell/i18n';
import { call } from '../../shell/request';
import { TIME } from '../../ui/portal-format';
import { ApplyFrame, PublicQueries } from './apply-frame';
import { useApplyTexts } from './apply-texts';
import { ApplyUpload } from './apply-upload';

interface FormValues {
  roundId: number;
  realName: string;
  sex?: 1 | 2 | null;
  birthDate?: Dayjs | null;
  idNumber?: string;
  phone?: string;
  email?: string;
  priorSchool?: string;
  guardians?: { name: string; phone: string; relation: string }[];
  answers?: Record<string, string | Dayjs | undefined>;
}

const DAY = 'YYYY-MM-DD';
// One key per visit, so a save retried after a network failure makes no second draft.
const requestKey = () => `web-${crypto.randomUUID()}`;

// Form.Item hands its child the value and onChange; they are passed on to the input itself.
function ExtraInput({
  field,
  lang,
  value,
  onChange,
}: {
  field: ExtraField;
  lang: 'en' | 'zh';
  value?: string | Dayjs;
  onChange?: (v: unknown) => void;
}) {
  if (field.type === 'select')
    return (
      <Select
        value={value}
        onChange={onChange}
        options={field.options.map((o) => ({ value: o, label: o }))}
        allowClear
        aria-label={field.label[lang]}
      />
    );
  if (field.type === 'date')
    return (
      <DatePicker
        format={DAY}
        value={typeof value === 'string' ? dayjs(value) : (value ?? null)}
        onChange={onChange}
        aria-label={field.label[lang]}
      />
    );
  return (
    <Input
      maxLength={500}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange?.(e.target.value)}
      aria-label={field.label[lang]}
    />
  );
}

// The public application form (/apply/:domain): choose a round, fill it in, save (the tracking code
// is shown to keep), upload documents, submit. ?code= resumes a draft.
function ApplyPage() {
  const { t } = useApplyTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const domain = (useParams().domain ?? '').toLowerCase();
  const [search] = useSearchParams();
  const [form] = Form.useForm<FormValues>();
  const [code, setCode] = useState<string | null>(search.get('code'));
  const [key] = useState(requestKey);
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState('');
  const rounds = useQuery({
    queryKey: ['apply', domain, 'rounds'],
    queryFn: () => call(api.application.round, { body: { domain } }),
  });
  const draft = useQuery({
    queryKey: ['apply', domain, 'track', code],
    queryFn: async () => {
      const s = await call(api.application.track, { body: { domain, trackingCode: code ?? '' } });
      if (s.status !== ApplicationStatus.Draft) navigate(`/apply/${domain}/status?code=${s.trackingCode}`);
      else if (s.form)
        form.setFieldsValue({
          ...s.form,
          roundId: s.roundId,
          sex: (s.form.sex as 1 | 2 | null) ?? null,
          birthDate: s.form.birthDate ? dayjs(s.form.birthDate) : null,
          idNumber: s.form.idNumber ?? undefined,
          phone: s.form.phone ?? undefined,
          email: s.form.email ?? undefined,
          priorSchool: s.form.priorSchool ?? undefined,
        });
      return s;
    },
    enabled: code !== null,
  });
  const roundId = Form.useWatch('roundId', form);
  const round = rounds.data?.rounds.find((r) => r.id === roundId) ?? null;

  const body = (v: FormValues) => ({
    roundId: v.roundId,
    realName: v.realName,
    sex: v.sex ?? null,
    birthDate: v.birthDate ? v.birthDate.format(DAY) : null,
    idNumber: v.idNumber ?? null,
    phone: v.phone ?? null,
    email: v.email ?? null,
    priorSchool: v.priorSchool ?? null,
    // An empty guardian row (the form starts with one) is not a guardian yet.
    guardians: (v.guardians ?? []).filter((g) => g && (g.name || g.phone || g.relation)),
    answers: Object.fromEntries(
      Object.entries(v.answers ?? {})
        .filter(([, a]) => a !== undefined && a !== '')
        .map(([k, a]) => [k, dayjs.isDayjs(a) ? a.format(DAY) : String(a)]),
    ),
  });
  const save = async (submit: boolean) => {
    // A draft may be saved unfinished: only the round and the name are needed to keep it.
    if (!submit) await form.validateFields(['roundId', 'realName']);
    const v = submit ? await form.validateFields() : (form.getFieldsValue(true) as FormValues);
    setBusy(true);
    try {
      const input = { domain, form: body(v), ...(code ? { trackingCode: code } : { requestKey: key }) };
      const r = submit
        ? await call(api.application.submit, { body: input }, { loading: true })
        : await call(api.application.save, { body: input }, { loading: true });
      setCode(r.trackingCode);
      if (submit) navigate(`/apply/${domain}/status?code=${r.trackingCode}&submitted=1`);
      else void draft.refetch();
    } finally {
      setBusy(false);
    }
  };

  const status: ApplyStatus | undefined = draft.data;
  const required = [{ required: true, message: t('apply.required') }];
  if (rounds.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  const org = rounds.data?.organizationName;
  return (
    <ApplyFrame org={org} title={t('apply.title')}>
      {!code && (
        <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
          <Input
            placeholder={t('apply.resume')}
            aria-label={t('apply.code')}
            value={typed}
            onChange={(e) => setTyped(e.target.value.trim().toUpperCase())}
          />
          <Button disabled={typed.length < 16} onClick={() => setCode(typed)}>
            {t('apply.go')}
          </Button>
        </Space.Compact>
      )}
      {code && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('apply.saved')}
          description={
            <>
              <Typography.Text className="apply-code" copyable>
                {code}
              </Typography.Text>
              <div>{t('apply.keepCode')}</div>
            </>
          }
        />
      )}
      {!rounds.data?.rounds.length ? (
        <Empty description={t('apply.noRounds')} />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ roundId: rounds.data.rounds[0]?.id, guardians: [{}] }}>
          <Form.Item name="roundId" label={t('apply.round')} rules={required}>
            <Select options={rounds.data.rounds.map((r) => ({ value: r.id, label: r.name }))} />
          </Form.Item>
          {round && (
            <Typography.Paragraph type="secondary">
              {round.description} {t('apply.closes', { time: dayjs(round.closesAt).format(TIME) })}
            </Typography.Paragraph>
          )}
          <Form.Item name="realName" label={t('apply.realName')} rules={required}>
            <Input maxLength={64} autoComplete="name" />
          </Form.Item>
          <Space wrap size="large">
            <Form.Item name="sex" label={t('apply.sex')}>
              <Radio.Group
                options={[
                  { value: 1, label: t('apply.male') },
                  { value: 2, label: t('apply.female') },
                ]}
              />
            </Form.Item>
            <Form.Item name="birthDate" label={t('apply.birthDate')} rules={required}>
              <DatePicker format={DAY} />
            </Form.Item>
            <Form.Item name="idNumber" label={t('apply.idNumber')}>
              <Input maxLength={32} />
            </Form.Item>
          </Space>
          <Space wrap size="large">
            <Form.Item name="phone" label={t('apply.phone')}>
              <Input maxLength={20} autoComplete="tel" />
            </Form.Item>
            <Form.Item name="email" label={t('apply.email')}>
              <Input maxLength={254} autoComplete="email" />
            </Form.Item>
          </Space>
          <Form.Item name="priorSchool" label={t('apply.priorSchool')}>
            <Input maxLength={100} />
          </Form.Item>
          <Divider titlePlacement="start">{t('apply.guardians')}</Divider>
          <Form.List name="guardians">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <div key={f.key} className="apply-guardian">
                    <Form.Item name={[f.name, 'name']} label={t('apply.guardianName')} rules={required}>
                      <Input maxLength={64} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'phone']} label={t('apply.guardianPhone')} rules={required}>
                      <Input maxLength={20} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'relation']} label={t('apply.relation')} rules={required}>
                      <Input maxLength={32} />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(f.name)} style={{ marginTop: 30 }}>
                      {t('apply.remove')}
                    </Button>
                  </div>
                ))}
                {fields.length < 4 && <Button onClick={() => add()}>{t('apply.addGuardian')}</Button>}
              </>
            )}
          </Form.List>
          {round && round.extraFields.length > 0 && <Divider />}
          {round?.extraFields.map((f) => (
            <Form.Item key={f.key} name={['answers', f.key]} label={f.label[lang]} rules={f.required ? required : []}>
              <ExtraInput field={f} lang={lang} />
            </Form.Item>
          ))}
          <Divider titlePlacement="start">{t('apply.documents')}</Divider>
          {code ? (
            <>
              <List
                size="small"
                dataSource={status?.documents ?? []}
                renderItem={(d) => <List.Item>{d.name}</List.Item>}
                locale={{ emptyText: ' ' }}
              />
              <ApplyUpload domain={domain} code={code} onDone={() => void draft.refetch()} />
            </>
          ) : (
            <Typography.Text type="secondary">{t('apply.uploadFirst')}</Typography.Text>
          )}
          <Divider />
          <Space wrap>
            <Button onClick={() => void save(false)} loading={busy}>
              {t('apply.save')}
            </Button>
            <Button type="primary" onClick={() => void save(true)} loading={busy}>
              {t('apply.submit')}
            </Button>
            <Link to={`/apply/${domain}/status${code ? `?code=${code}` : ''}`}>{t('apply.toStatus')}</Link>
          </Space>
        </Form>
      )}
    </ApplyFrame>
  );
}

export default function ApplyView() {
  return (
    <PublicQueries>
      <ApplyPage />
    </PublicQueries>
  );
}
