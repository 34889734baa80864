import { type CheckInResult, labelOf, MarkSource, markSourceLabels } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { Button, Card, Form, Input, InputNumber, Result, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLang } from '../../shell/i18n';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { ApiError, call } from '../../shell/request';
import { errorSentence } from '../../shell/server-error';
import { statusName } from './attendance-api';
import { useMyAttendanceTexts } from './my-attendance-texts';
import './my-attendance.css';

const MY_ATTENDANCE_PATH = '/study/attendance';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; result: CheckInResult }
  | { kind: 'refused'; text: string; expired: boolean };

interface Asked {
  sessionId: number;
  code: string;
}

// The session and code the QR code's address carries (?s=12&c=483921).
function useAsked(): Asked | null {
  const tab = useTabLocation();
  const query = tab?.query ?? Object.fromEntries(new URLSearchParams(window.location.search));
  const sessionId = Number(query.s);
  const code = (query.c ?? '').trim();
  return Number.isInteger(sessionId) && sessionId > 0 && code ? { sessionId, code } : null;
}

// The server's refusal in the student's words: an old code says what to do about it.
function refusalOf(err: ApiError, t: (key: string, o?: Record<string, unknown>) => string): Outcome {
  const key = err.detail?.key;
  if (key === 'checkInCode') return { kind: 'refused', text: t('myAttendance.codeExpired'), expired: true };
  if (key === 'checkInClosed') return { kind: 'refused', text: t('myAttendance.checkInClosed'), expired: false };
  if (key === 'checkInOtherStudent') return { kind: 'refused', text: t('myAttendance.otherStudent'), expired: false };
  const reason = errorSentence(err.detail, err.message);
  return { kind: 'refused', text: t('myAttendance.refused', { reason }), expired: false };
}

// What the phone opens from the class QR code: it checks in at once and says how it went; a typed
// code does the same when the camera gave only the code.
export default function CheckInView() {
  const { t } = useMyAttendanceTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const asked = useAsked();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [form] = Form.useForm<{ sessionId?: number; code?: string }>();
  // Each address is sent once (a re-render or a remount of the tab does not check in again).
  const sent = useRef<string | null>(null);

  async function checkIn(a: Asked) {
    setOutcome({ kind: 'busy' });
    try {
      const result = await call(api.attendance.checkIn, { body: a }, { silent: true });
      setOutcome({ kind: 'done', result });
    } catch (err) {
      if (err instanceof ApiError) setOutcome(refusalOf(err, t));
      else throw err;
    }
  }

  const address = asked ? `${asked.sessionId}:${asked.code}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per address (`asked` is made anew each render)
  useEffect(() => {
    if (!asked || sent.current === address) return;
    sent.current = address;
    form.setFieldsValue({ sessionId: asked.sessionId });
    void checkIn(asked);
  }, [address]);

  const toMine = (
    <Button key="mine" onClick={() => navigate(MY_ATTENDANCE_PATH)}>
      {t('myAttendance.toMyAttendance')}
    </Button>
  );
  let shown = null;
  if (outcome.kind === 'busy') shown = <Result icon={<Spin size="large" />} title={t('myAttendance.checkingIn')} />;
  else if (outcome.kind === 'done') {
    const r = outcome.result;
    const time = dayjs(r.markedAt).format('HH:mm');
    const status = statusName({ name: r.statusName, kind: r.kind }, lang);
    shown = (
      <Result
        status={r.kept ? 'info' : 'success'}
        title={
          !r.kept
            ? t('myAttendance.checkedIn', { title: r.title, time, status })
            : r.source === MarkSource.QrCheckIn
              ? t('myAttendance.alreadyCheckedIn', { title: r.title, time, status })
              : t('myAttendance.alreadyMarked', {
                  title: r.title,
                  status,
                  time,
                  source: labelOf(markSourceLabels, r.source, lang),
                })
        }
        extra={[toMine]}
        data-testid="check-in-result"
      />
    );
  } else if (outcome.kind === 'refused')
    shown = (
      <Result
        status={outcome.expired ? 'warning' : 'error'}
        title={outcome.text}
        extra={[toMine]}
        data-testid="check-in-result"
      />
    );

  return (
    <div className="my-att-checkin">
      {shown}
      {outcome.kind !== 'done' && outcome.kind !== 'busy' && (
        <Card size="small" title={t('myAttendance.manualTitle')}>
          <Typography.Paragraph type="secondary">{t('myAttendance.manualHint')}</Typography.Paragraph>
          <Form
            form={form}
            layout="vertical"
            name="check-in"
            initialValues={{ sessionId: asked?.sessionId }}
            onFinish={(v) => {
              if (v.sessionId && v.code) void checkIn({ sessionId: v.sessionId, code: v.code.trim() });
            }}
          >
            <Form.Item name="sessionId" label={t('myAttendance.sessionNo')} rules={[{ required: true }]}>
              <InputNumber min={1} precision={0} inputMode="numeric" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="code"
              label={t('myAttendance.code')}
              rules={[{ required: true, whitespace: true, max: 32 }]}
            >
              <Input autoComplete="one-time-code" inputMode="text" autoCapitalize="characters" maxLength={32} />
            </Form.Item>
            <Button type="primary" htmlType="submit" size="large" block>
              {t('myAttendance.checkIn')}
            </Button>
          </Form>
        </Card>
      )}
    </div>
  );
}
