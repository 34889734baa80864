import { ClockCircleOutlined } from '@ant-design/icons';
import type { MyExam } from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Card, Empty, Skeleton, Space, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useServerNow } from '../../ui/countdown';
import { ExamCard } from './exam-card';
import { FinishedList } from './finished-list';
import { useMyExamTexts } from './i18n';
import { fetchMyExams, fetchRegistrable, type MyExams } from './my-exam-api';
import { RegistrableList } from './registrable-list';
import './my-exam.css';

type TabKey = 'upcoming' | 'open' | 'finished' | 'registration';

// The next moment an exam changes phase (an upcoming one opens, an open one closes), on the server's clock.
function nextChange(exams: MyExam[]): number | null {
  const moments = exams.flatMap((e) =>
    e.phase === 'upcoming'
      ? [Date.parse(e.windowStart)]
      : e.phase === 'open'
        ? [Date.parse(e.personalEnd), ...(e.latestEntry ? [Date.parse(e.latestEntry)] : [])]
        : [],
  );
  return moments.length > 0 ? Math.min(...moments) : null;
}

function Accommodation({ accommodation }: { accommodation: NonNullable<MyExams['accommodation']> }) {
  const { t } = useMyExamTexts();
  const parts = [
    accommodation.extraTimeFactor > 1
      ? t('myExam.accommodationFactor', { factor: accommodation.extraTimeFactor })
      : null,
    accommodation.extraMinutes > 0 ? t('myExam.accommodationMinutes', { count: accommodation.extraMinutes }) : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      icon={<ClockCircleOutlined />}
      data-testid="accommodation"
      title={t('myExam.accommodation', { parts: parts.join(t('myExam.listSeparator')) })}
      description={
        <>
          {accommodation.note && <div>{accommodation.note}</div>}
          <div>{t('myExam.accommodationHint')}</div>
        </>
      }
    />
  );
}

function Label({ text, count }: { text: string; count: number }) {
  return (
    <Space size={6}>
      {text}
      {count > 0 && <Badge count={count} color="var(--ant-color-primary)" />}
    </Space>
  );
}

// A student's exams: upcoming with a countdown, open now, finished, and the ones taking registrations.
export default function MyExamView() {
  const { t } = useMyExamTexts();
  const client = useQueryClient();
  const mine = useQuery({ queryKey: ['myExam', 'list'], queryFn: fetchMyExams });
  const registrable = useQuery({ queryKey: ['myExam', 'registrable'], queryFn: fetchRegistrable });
  const now = useServerNow(mine.data?.offset);
  const exams = mine.data?.data.exams ?? [];
  const groups = useMemo(
    () => ({
      upcoming: exams.filter((e) => e.phase === 'upcoming'),
      open: exams.filter((e) => e.phase === 'open'),
      finished: exams.filter((e) => e.phase === 'finished'),
    }),
    [exams],
  );
  const offerable = registrable.data?.data.exams ?? [];

  // When an exam opens or closes, ask the server again (it decides the phase), once per moment.
  const asked = useRef<number | null>(null);
  const change = nextChange(exams);
  useEffect(() => {
    if (change !== null && now >= change && asked.current !== change) {
      asked.current = change;
      void client.invalidateQueries({ queryKey: ['myExam'] });
    }
  }, [now, change, client]);

  const [tab, setTab] = useState<TabKey | null>(null);
  const firstTab: TabKey =
    groups.open.length > 0
      ? 'open'
      : groups.upcoming.length > 0
        ? 'upcoming'
        : offerable.some((e) => e.myStatus === null)
          ? 'registration'
          : 'upcoming';
  // The first tab is chosen once both lists are in, so registering does not move the student elsewhere.
  const ready = mine.isSuccess && !registrable.isPending;
  useEffect(() => {
    if (tab === null && ready) setTab(firstTab);
  }, [tab, ready, firstTab]);

  if (mine.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (mine.isError)
    return (
      <Card>
        <Empty description={<Typography.Text type="danger">{String(mine.error.message)}</Typography.Text>} />
      </Card>
    );

  const cards = (list: MyExam[], empty: string) =>
    list.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
    ) : (
      <div className="my-exam-cards">
        {list.map((exam) => (
          <ExamCard key={exam.id} exam={exam} now={now} />
        ))}
      </div>
    );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {mine.data.data.accommodation && <Accommodation accommodation={mine.data.data.accommodation} />}
      <Card size="small">
        <Tabs
          activeKey={tab ?? firstTab}
          onChange={(key) => setTab(key as TabKey)}
          items={[
            {
              key: 'upcoming',
              label: <Label text={t('myExam.upcoming')} count={groups.upcoming.length} />,
              children: cards(groups.upcoming, t('myExam.upcomingEmpty')),
            },
            {
              key: 'open',
              label: <Label text={t('myExam.open')} count={groups.open.length} />,
              children: cards(groups.open, t('myExam.openEmpty')),
            },
            {
              key: 'finished',
              label: <Label text={t('myExam.finished')} count={0} />,
              children: <FinishedList exams={groups.finished} />,
            },
            {
              key: 'registration',
              label: (
                <Label text={t('myExam.registration')} count={offerable.filter((e) => e.myStatus === null).length} />
              ),
              children: registrable.isPending ? <Skeleton active /> : <RegistrableList exams={offerable} now={now} />,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
