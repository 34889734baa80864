import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import type { AdmissionTicket as Ticket } from '@lyceum/contract';
import { Button, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { formatDuration } from '../../crud/duration';
import { useKitTexts } from '../../crud/i18n';
import { useLang } from '../../shell/i18n';
import { ruleLines } from './exam-rules';
import { useTicketTexts } from './ticket-texts';
import '../../ui/print-page.css';
import './admission-ticket.css';

// A grey head-and-shoulders outline where the candidate has no photo.
function Silhouette({ label }: { label: string }) {
  return (
    <svg className="ticket-silhouette" viewBox="0 0 60 80" role="img" aria-label={label}>
      <rect width="60" height="80" fill="#f0f0f0" />
      <circle cx="30" cy="30" r="13" fill="#bfbfbf" />
      <path d="M6 80c0-16 10.7-26 24-26s24 10 24 26z" fill="#bfbfbf" />
    </svg>
  );
}

function Row({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'ticket-row ticket-row-wide' : 'ticket-row'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

// One candidate's admission ticket: a half-A4 block that prints two to a page.
export function AdmissionTicket({ ticket }: { ticket: Ticket }) {
  const { t } = useTicketTexts();
  const { t: tc } = useKitTexts();
  const lang = useLang();
  const locale = lang === 'zh' ? 'zh-CN' : 'en-GB';
  const start = dayjs(ticket.windowStart);
  const end = dayjs(ticket.windowEnd);
  const date = start.toDate().toLocaleDateString(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'long',
  });
  const sameDay = start.isSame(end, 'day');
  const time = sameDay
    ? `${start.format('HH:mm')}–${end.format('HH:mm')}`
    : `${start.format('HH:mm')} – ${end.format('YYYY-MM-DD HH:mm')}`;
  const duration = formatDuration(ticket.durationMinutes, tc);
  // An online exam without a venue has no seats to number.
  const online = ticket.venueName === null && ticket.virtualRoomId !== null;
  const number = `${String(ticket.examId).padStart(4, '0')}-${String(ticket.userId).padStart(6, '0')}`;
  return (
    <article className="ticket" data-testid="admission-ticket" aria-label={`${t('ticket.title')} ${ticket.realName}`}>
      <header className="ticket-head">
        <div>
          <div className="ticket-org">{ticket.organizationName}</div>
          <h2 className="ticket-title">{t('ticket.title')}</h2>
          <div className="ticket-exam">{ticket.examName}</div>
        </div>
        <div className="ticket-seat" data-testid="ticket-seat">
          <span className="ticket-seat-label">{t('ticket.seat')}</span>
          <span className={ticket.seatNo === null ? 'ticket-seat-none' : 'ticket-seat-number'}>
            {ticket.seatNo ?? (online ? t('ticket.online') : t('ticket.noSeat'))}
          </span>
        </div>
      </header>
      <div className="ticket-body">
        <div className="ticket-photo">
          {ticket.avatar ? (
            <img src={ticket.avatar} alt={t('ticket.photo', { name: ticket.realName })} />
          ) : (
            <Silhouette label={t('ticket.noPhoto')} />
          )}
          <div className="ticket-number">{t('ticket.number', { number })}</div>
        </div>
        <dl className="ticket-facts">
          <Row label={t('ticket.realName')}>
            <strong>{ticket.realName}</strong>
          </Row>
          <Row label={t('ticket.userName')}>{ticket.userName}</Row>
          <Row label={t('ticket.department')}>{ticket.departmentName ?? '—'}</Row>
          <Row label={t('ticket.classes')}>{ticket.teamNames.length > 0 ? ticket.teamNames.join(', ') : '—'}</Row>
          <Row label={t('ticket.date')}>{date}</Row>
          <Row label={t('ticket.time')}>{time}</Row>
          <Row label={t('ticket.duration')}>
            {ticket.extraTime > 0
              ? t('ticket.durationExtra', { duration, extra: formatDuration(ticket.extraTime, tc) })
              : duration}
          </Row>
          <Row label={t('ticket.latestEntry')}>
            {ticket.latestEntry ? dayjs(ticket.latestEntry).format('HH:mm') : '—'}
          </Row>
          {ticket.venueName || !ticket.virtualRoomId ? (
            <Row label={t('ticket.venue')} wide>
              {ticket.venueName ?? '—'}
              {ticket.venueAddress && <span className="ticket-address"> · {ticket.venueAddress}</span>}
            </Row>
          ) : null}
          {ticket.virtualRoomId && (
            <Row label={t('ticket.virtualRoom')} wide>
              {ticket.virtualRoomId}
            </Row>
          )}
        </dl>
      </div>
      <footer className="ticket-foot">
        <div className="ticket-rules">
          <h3>{t('ticket.rules')}</h3>
          <ul>
            {ruleLines(ticket.rules, t, lang).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        {ticket.instructions && (
          <div className="ticket-instructions">
            <h3>{t('ticket.instructions')}</h3>
            <p>{ticket.instructions}</p>
          </div>
        )}
        <div className="ticket-bring">
          <span>{t('ticket.bring')}</span>
          <span className="ticket-signature">
            {t('ticket.signature')}
            <span className="ticket-line" />
          </span>
        </div>
      </footer>
    </article>
  );
}

// The ticket pages (staff and student): a toolbar left off the paper, and the tickets.
export function TicketSheet({
  tickets,
  backLabel,
  onBack,
}: {
  tickets: Ticket[];
  backLabel: string;
  onBack: () => void;
}) {
  const { t } = useTicketTexts();
  const lang = useLang();
  return (
    <div className="ticket-page">
      <div className="ticket-toolbar print-hidden">
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
            {backLabel}
          </Button>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('ticket.print')}
          </Button>
          <Typography.Text>{t('ticket.count', { count: tickets.length })}</Typography.Text>
        </Space>
        <Typography.Text type="secondary">{t('ticket.printHint')}</Typography.Text>
      </div>
      <div className="ticket-sheet" lang={lang === 'zh' ? 'zh-CN' : 'en'}>
        {tickets.map((ticket) => (
          <AdmissionTicket key={`${ticket.examId}-${ticket.userId}`} ticket={ticket} />
        ))}
      </div>
    </div>
  );
}
