import { CloseOutlined, StopOutlined } from '@ant-design/icons';
import type { QrCode } from '@lyceum/contract';
import { Alert, App, Button, QRCode, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { attendanceCalls } from './attendance-api';
import { useTakeTexts } from './take-texts';

// Ask for the next code this long before the current one expires (the server accepts the previous
// code too, so a phone that scanned just before the change still gets in).
const EARLY_MS = 2_000;
const RETRY_MS = 3_000;

// The code's side: as large as the screen allows beside the title, the count and the buttons.
const measure = () => Math.max(160, Math.min(window.innerWidth - 48, window.innerHeight - 260, 640));

function useViewportSide(): number {
  const [side, setSide] = useState(measure);
  useEffect(() => {
    const onResize = () => setSide(measure());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return side;
}

// Opens check-in and keeps the code fresh: a new one is asked for shortly before each expires; a
// failed request is tried again a few seconds later and says so meanwhile.
function useRotatingCode(sessionId: number) {
  const [code, setCode] = useState<QrCode | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = async () => {
      try {
        const answer = await attendanceCalls.qr(sessionId, true);
        if (!alive) return;
        setCode(answer);
        setFailed(false);
        const left = answer.expiresAt ? Date.parse(answer.expiresAt) - Date.now() - EARLY_MS : RETRY_MS;
        timer = setTimeout(next, Math.max(1_000, left));
      } catch {
        if (!alive) return;
        setFailed(true);
        timer = setTimeout(next, RETRY_MS);
      }
    };
    void next();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [sessionId]);
  return { code, failed };
}

interface Props {
  sessionId: number;
  title: string;
  checkedIn: number;
  total: number;
  // Hidden (check-in stays open) or stopped.
  onClose: (stopped: boolean) => void;
}

// The code the class scans, over the whole screen, with the live count of check-ins (the roster is
// polled by the page meanwhile). Escape hides it; "Stop check-in" closes check-in on the server.
export function QrOverlay({ sessionId, title, checkedIn, total, onClose }: Props) {
  const { t } = useTakeTexts();
  const { message } = App.useApp();
  const { code, failed } = useRotatingCode(sessionId);
  const side = useViewportSide();
  const box = useRef<HTMLDivElement>(null);
  const [stopping, setStopping] = useState(false);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose(false);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [onClose]);

  async function stop() {
    setStopping(true);
    try {
      await attendanceCalls.qr(sessionId, false);
      message.success(t('attendanceTake.qrStopped'));
      onClose(true);
    } finally {
      setStopping(false);
    }
  }

  const url = code?.url ? new URL(code.url, window.location.origin).href : null;
  return createPortal(
    <div
      ref={box}
      className="att-qr"
      role="dialog"
      aria-modal="true"
      aria-labelledby="att-qr-title"
      tabIndex={-1}
      data-testid="qr-overlay"
    >
      <div className="att-qr-top">
        <div>
          <Typography.Title level={3} id="att-qr-title" className="att-qr-title">
            {t('attendanceTake.qrTitle')} · {title}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('attendanceTake.qrHint', { seconds: code?.windowSeconds ?? 15 })}
          </Typography.Text>
        </div>
        <Button
          size="large"
          icon={<CloseOutlined />}
          aria-label={t('attendanceTake.qrHide')}
          title={t('attendanceTake.qrHide')}
          onClick={() => onClose(false)}
        />
      </div>
      <div className="att-qr-code">
        <QRCode
          value={url ?? ' '}
          size={side}
          type="svg"
          bordered={false}
          errorLevel="M"
          status={url ? 'active' : 'loading'}
          aria-label={t('attendanceTake.qrTitle')}
        />
      </div>
      {failed && <Alert type="warning" showIcon title={t('attendanceTake.qrFailed')} className="att-qr-alert" />}
      <div className="att-qr-count" aria-live="polite" data-testid="qr-count">
        {t('attendanceTake.qrCheckedIn', { count: checkedIn, total })}
      </div>
      {code?.code && (
        <Typography.Text type="secondary" className="att-qr-manual">
          {t('attendanceTake.qrManual', { session: sessionId, code: code.code })}
        </Typography.Text>
      )}
      <div className="att-qr-actions">
        <Button size="large" onClick={() => onClose(false)}>
          {t('attendanceTake.qrHide')}
        </Button>
        <Button size="large" danger icon={<StopOutlined />} loading={stopping} onClick={() => void stop()}>
          {t('attendanceTake.qrStop')}
        </Button>
      </div>
    </div>,
    document.body,
  );
}
