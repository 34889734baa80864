import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import type { Analysis, Summary } from '@lyceum/contract';
import { Button, Card, Empty, Result, Select, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { FigureTile } from '../../ui/figure-tile';
import { TIME } from '../../ui/portal-format';
import { figure, percent } from '../../ui/score-chart';
import { ClassBoxes, className, Histogram, KnowledgeRadar } from './report-charts';
import { ClassTable, DistractorTable, ItemTable } from './report-tables';
import { useReportTexts } from './report-texts';
import { reportPath, SCORES_PATH, scoresPath, useAnalysis } from './scores-api';
import '../../ui/print-page.css';
import './exam-scores.css';

const SUMMARY: { key: keyof Summary; rate?: boolean }[] = [
  { key: 'count' },
  { key: 'absent' },
  { key: 'mean' },
  { key: 'median' },
  { key: 'stdDev' },
  { key: 'max' },
  { key: 'min' },
  { key: 'passRate', rate: true },
  { key: 'excellentRate', rate: true },
];

function SummaryCards({ summary }: { summary: Summary }) {
  const { t } = useReportTexts();
  return (
    <div className="report-summary">
      {SUMMARY.map(({ key, rate }) => (
        <FigureTile
          key={key}
          label={t(`report.${key}`)}
          value={rate ? percent(summary[key]) : figure(summary[key])}
          testId={`summary-${key}`}
        />
      ))}
    </div>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  return (
    <section className="report-section">
      <Typography.Title level={5} className="report-section-title">
        {title}
      </Typography.Title>
      {hint && (
        <Typography.Paragraph type="secondary" className="report-hint">
          {hint}
        </Typography.Paragraph>
      )}
      {children}
    </section>
  );
}

function ReportBody({ analysis, teamId }: { analysis: Analysis; teamId: number | undefined }) {
  const { t } = useReportTexts();
  if (analysis.summary.count === 0)
    return (
      <Empty
        className="report-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={teamId === undefined ? t('report.noneSat') : t('report.noneSatClass')}
      />
    );
  return (
    <>
      <Section title={t('report.summary')}>
        <SummaryCards summary={analysis.summary} />
      </Section>
      <div className="report-pair">
        <Section title={t('report.distribution')}>
          <Histogram analysis={analysis} />
        </Section>
        <Section title={t('report.classes')}>
          <ClassBoxes analysis={analysis} />
        </Section>
      </div>
      <Section title={t('report.classFigures')}>
        <ClassTable analysis={analysis} />
      </Section>
      <Section title={t('report.items')} hint={t('report.itemsHint')}>
        <ItemTable analysis={analysis} />
      </Section>
      <div className="report-pair">
        <Section title={t('report.distractors')} hint={t('report.distractorsHint')}>
          <DistractorTable analysis={analysis} />
        </Section>
        <Section title={t('report.knowledge')}>
          <KnowledgeRadar analysis={analysis} />
        </Section>
      </div>
    </>
  );
}

// The score analysis report of one exam (?examId=, optionally one class by ?teamId=): summary figures,
// the distribution, classes compared, every question's statistics, choice options and knowledge
// points. It prints on A4 with its charts.
export default function AchiReportView() {
  const { t } = useReportTexts();
  const navigate = useNavigate();
  const tab = useTabLocation();
  const query = tab?.query ?? Object.fromEntries(new URLSearchParams(window.location.search));
  const examId = Number(query.examId) || null;
  const teamId = Number(query.teamId) || undefined;
  const report = useAnalysis(examId ?? 0, teamId);
  // The class picker offers the classes that sat the exam (from the whole exam's report).
  const whole = useAnalysis(examId ?? 0, undefined);
  const analysis = report.data;

  if (examId === null || (report.isError && !analysis))
    return (
      <Result
        status="404"
        subTitle={t('report.noExam')}
        extra={<Button onClick={() => navigate(SCORES_PATH)}>{t('report.back')}</Button>}
      />
    );
  if (!analysis) return <Skeleton active style={{ padding: 24 }} />;
  const classes = (whole.data?.classes ?? []).filter((c) => c.teamId !== null);
  const classShown = teamId === undefined ? null : classes.find((c) => c.teamId === teamId);

  return (
    <div className="report-page">
      <Card size="small" className="report-toolbar print-hidden">
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(scoresPath(examId))}>
            {t('report.back')}
          </Button>
          <Select<number>
            aria-label={t('report.class')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('report.allClasses')}
            style={{ width: 200 }}
            value={teamId}
            onChange={(id) => navigate(id === undefined ? reportPath(examId) : reportPath(examId, id))}
            options={classes.map((c) => ({ value: c.teamId as number, label: className(c, t('report.noClass')) }))}
          />
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('report.print')}
          </Button>
        </Space>
        <Typography.Text type="secondary">{t('report.printHint')}</Typography.Text>
      </Card>
      <article className="report-sheet">
        <header className="report-header">
          <Typography.Title level={3} className="report-title">
            {t('report.title')} · {analysis.examName}
            {classShown ? ` · ${className(classShown, t('report.noClass'))}` : ''}
          </Typography.Title>
          <Typography.Text type="secondary">
            {[
              analysis.paperName,
              t('report.maxScore', { score: figure(analysis.maxScore) }),
              analysis.passScore === null ? null : t('report.passScore', { score: figure(analysis.passScore) }),
              t('report.excellentScore', { score: figure(analysis.excellentScore) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
          <div>
            <Typography.Text type={analysis.confirmedAt ? 'success' : 'warning'}>
              {analysis.confirmedAt
                ? t('report.confirmed', { time: dayjs(analysis.confirmedAt).format(TIME) })
                : t('report.notConfirmed')}
            </Typography.Text>
          </div>
          {analysis.pending > 0 && (
            <div>
              <Typography.Text type="warning" data-testid="report-provisional">
                {t('report.provisional', { count: analysis.pending })}
              </Typography.Text>
            </div>
          )}
        </header>
        <ReportBody analysis={analysis} teamId={teamId} />
      </article>
    </div>
  );
}
