import {
  CheckCircleFilled,
  ClockCircleFilled,
  CloseCircleFilled,
  QuestionCircleFilled,
  SwapOutlined,
} from '@ant-design/icons';
import { type CertificateStanding, type CertificateVerification, certificateStandingLabels } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { Button, Card, Descriptions, Input, Result, Spin } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useLang } from '../../shell/i18n';
import { LanguageSwitch } from '../../shell/language-switch';
import { moduleTexts } from '../../shell/module-texts';
import { usePageTitle } from '../../shell/page-title';
import { ApiError, call } from '../../shell/request';
import './verify.css';

const en = {
  title: 'Certificate verification',
  notFound: 'No certificate has this code',
  notFoundText:
    'Check the code against the printed certificate. A certificate that cannot be found here is not genuine.',
  holder: 'Holder',
  what: 'Certificate',
  for: 'Awarded for',
  hours: 'Hours',
  grade: 'Grade',
  number: 'Certificate No.',
  issued: 'Issued',
  expires: 'Valid until',
  never: 'Does not expire',
  issuer: 'Issued by',
  code: 'Code',
  revokedOn: 'Revoked on {{date}}',
  reason: 'Reason: {{reason}}',
  expiredOn: 'Expired on {{date}}',
  supersededText: 'A newer certificate replaced this one; ask the holder for the current one.',
  validText: 'This certificate was issued as shown below and stands.',
  compare: 'Compare every line with the printed certificate: what is shown here is what was issued.',
  another: 'Check another code',
  check: 'Check',
  failed: 'The check could not be made just now. Try again in a moment.',
};
const zh: typeof en = {
  title: '证书验证',
  notFound: '没有与此验证码对应的证书',
  notFoundText: '请核对证书上印的验证码。在此查询不到的证书不是真实证书。',
  holder: '持证人',
  what: '证书名称',
  for: '颁发事由',
  hours: '学时',
  grade: '成绩',
  number: '证书编号',
  issued: '颁发日期',
  expires: '有效期至',
  never: '长期有效',
  issuer: '颁发机构',
  code: '验证码',
  revokedOn: '已于 {{date}} 撤销',
  reason: '原因：{{reason}}',
  expiredOn: '已于 {{date}} 过期',
  supersededText: '该证书已被新证书替代，请向持证人索取最新证书。',
  validText: '该证书按下列内容颁发，现行有效。',
  compare: '请逐项与纸质证书核对：此处显示的即为颁发时的内容。',
  another: '验证其他证书',
  check: '验证',
  failed: '暂时无法验证，请稍后再试。',
};
const { useTexts } = moduleTexts('verify', en, zh);

const ICONS: Record<CertificateStanding, ReactNode> = {
  valid: <CheckCircleFilled />,
  revoked: <CloseCircleFilled />,
  expired: <ClockCircleFilled />,
  superseded: <SwapOutlined />,
};

function Standing({ v }: { v: CertificateVerification }) {
  const { t } = useTexts();
  const lang = useLang();
  const standing = v.standing ?? 'valid';
  const label = certificateStandingLabels[standing];
  const day = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '');
  const why =
    standing === 'revoked' ? (
      <>
        <div>{t('verify.revokedOn', { date: day(v.revokedAt) })}</div>
        {v.revokeReason && <div>{t('verify.reason', { reason: v.revokeReason })}</div>}
      </>
    ) : standing === 'expired' ? (
      t('verify.expiredOn', { date: day(v.expiresAt) })
    ) : standing === 'superseded' ? (
      t('verify.supersededText')
    ) : (
      t('verify.validText')
    );
  return (
    <div className={`verify-standing ${standing}`} role="status" data-testid="verify-standing">
      {ICONS[standing]}
      <div>
        <div>{lang === 'zh' ? label.zh : label.en}</div>
        <div className="verify-why">{why}</div>
      </div>
    </div>
  );
}

// The public verification page (/verify/:code), outside the shell and without login, in both
// languages: the standing first (revoked in red with its date and reason), then exactly what was
// issued, to compare with the paper.
export default function VerifyView() {
  const { t } = useTexts();
  const code = useParams().code ?? '';
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<CertificateVerification | null>(null);
  const [failed, setFailed] = useState(false);
  const [typed, setTyped] = useState('');
  usePageTitle(t('verify.title'));

  useEffect(() => {
    const cancel = new AbortController();
    setAnswer(null);
    setFailed(false);
    if (!code) return;
    call(api.certificate.verify, { params: { code } }, { signal: cancel.signal, silent: true }).then(
      setAnswer,
      (err: unknown) => {
        if (err instanceof ApiError && !cancel.signal.aborted) setFailed(true);
      },
    );
    return () => cancel.abort();
  }, [code]);

  const s = answer?.snapshot;
  const day = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '');
  return (
    <main className="verify-page">
      <Card className="verify-card">
        <div className="verify-top">
          <div className="verify-org">
            {answer?.organizationLogo && <img src={answer.organizationLogo} alt="" />}
            <h1 style={{ margin: 0, fontSize: 20 }}>{answer?.organizationName ?? t('verify.title')}</h1>
          </div>
          <LanguageSwitch />
        </div>
        {failed ? (
          <Result status="warning" title={t('verify.failed')} />
        ) : !code ? null : !answer ? (
          <Spin size="large" style={{ display: 'block', margin: '48px auto' }} />
        ) : !answer.found || !s ? (
          <Result
            icon={<QuestionCircleFilled />}
            status="error"
            title={t('verify.notFound')}
            subTitle={t('verify.notFoundText')}
          />
        ) : (
          <>
            <Standing v={answer} />
            <Descriptions column={1} bordered size="middle" labelStyle={{ width: 160 }}>
              <Descriptions.Item label={t('verify.holder')}>
                <strong style={{ fontSize: 18 }}>{s.holderName}</strong>
              </Descriptions.Item>
              <Descriptions.Item label={t('verify.what')}>{s.title}</Descriptions.Item>
              {s.what !== s.title && <Descriptions.Item label={t('verify.for')}>{s.what}</Descriptions.Item>}
              {s.hours !== null && <Descriptions.Item label={t('verify.hours')}>{s.hours}</Descriptions.Item>}
              {s.grade && <Descriptions.Item label={t('verify.grade')}>{s.grade}</Descriptions.Item>}
              <Descriptions.Item label={t('verify.number')}>{s.certificateNo}</Descriptions.Item>
              <Descriptions.Item label={t('verify.issued')}>{s.issuedOn || day(answer.issuedAt)}</Descriptions.Item>
              <Descriptions.Item label={t('verify.expires')}>{s.expiresOn ?? t('verify.never')}</Descriptions.Item>
              <Descriptions.Item label={t('verify.issuer')}>{s.organizationName}</Descriptions.Item>
              <Descriptions.Item label={t('verify.code')}>
                <code>{answer.code}</code>
              </Descriptions.Item>
            </Descriptions>
            <p style={{ marginTop: 12, color: 'rgba(0,0,0,0.65)' }}>{t('verify.compare')}</p>
          </>
        )}
        <form
          className="verify-form"
          aria-label={t('verify.another')}
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.trim()) navigate(`/verify/${encodeURIComponent(typed.trim())}`);
          }}
        >
          <Input
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={t('verify.another')}
            aria-label={t('verify.code')}
            maxLength={64}
            autoComplete="off"
          />
          <Button type="primary" htmlType="submit">
            {t('verify.check')}
          </Button>
        </form>
      </Card>
    </main>
  );
}
