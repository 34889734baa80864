import type { MyResult } from '@lyceum/contract';
import { Alert, Drawer, Empty, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useIsMobile } from '../../shell/layout/use-device';
import { FigureTile } from '../../ui/figure-tile';
import { figure, ScoreChart } from '../../ui/score-chart';
import { useMyResult } from './my-result-api';
import { ResultPaper } from './result-paper';
import { useResultTexts } from './result-texts';
import './my-result.css';
import { wrapLabel } from './wrap-label';

function KnowledgeRadar({ knowledge }: { knowledge: MyResult['knowledge'] }) {
  const { t } = useResultTexts();
  const option = useMemo(() => {
    const pct = (v: number | null) => (v === null ? 0 : Math.round(v * 1000) / 10);
    return {
      animation: false,
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      radar: {
        // Names wrap within a narrow phone's width instead of running off the side (issue 36).
        radius: '55%',
        center: ['50%', '46%'],
        indicator: knowledge.map((k) => ({ name: k.name, max: 100 })),
        axisName: { formatter: (name: string) => wrapLabel(name, 14), lineHeight: 14 },
      },
      series: [
        {
          type: 'radar',
          areaStyle: { opacity: 0.1 },
          data: [
            { name: t('myResult.you'), value: knowledge.map((k) => pct(k.mastery)) },
            { name: t('myResult.yourClass'), value: knowledge.map((k) => pct(k.classMastery)) },
          ],
        },
      ],
    };
  }, [knowledge, t]);
  return <ScoreChart option={option} height={300} label={t('myResult.knowledgeLabel')} />;
}

function Figures({ result }: { result: MyResult }) {
  const { t } = useResultTexts();
  return (
    <div className="result-figures">
      <FigureTile
        label={t('myResult.score')}
        value={`${figure(result.score)} / ${figure(result.maxScore)}`}
        testId="my-score"
      >
        {result.passed !== null && (
          <Tag color={result.passed ? 'success' : 'error'}>
            {result.passed ? t('myResult.passed') : t('myResult.failed')}
          </Tag>
        )}
        {result.passScore !== null && (
          <Typography.Text type="secondary" className="result-sub">
            {t('myResult.passMark', { score: figure(result.passScore) })}
          </Typography.Text>
        )}
        {result.pending > 0 && (
          <Typography.Text type="warning" className="result-sub" data-testid="my-provisional">
            {t('myResult.provisional', { count: result.pending })}
          </Typography.Text>
        )}
      </FigureTile>
      <FigureTile
        label={t('myResult.rank')}
        value={result.rank === null ? '—' : t('myResult.rankOf', { rank: result.rank, count: result.candidates })}
        testId="my-rank"
      />
      <FigureTile label={t('myResult.classMean')} value={figure(result.classMean)} />
      <FigureTile label={t('myResult.examMean')} value={figure(result.examMean)} />
      {result.examPending > 0 && (
        <Typography.Text type="secondary" className="result-sub" data-testid="rank-later">
          {t('myResult.rankLater', { count: result.examPending })}
        </Typography.Text>
      )}
    </div>
  );
}

function ResultBody({ result }: { result: MyResult }) {
  const { t } = useResultTexts();
  if (!result.visible)
    return (
      <Alert
        type={result.reason === 'never' ? 'info' : 'warning'}
        showIcon
        data-testid="result-hidden"
        title={t(`myResult.${result.reason === 'shown' ? 'notConfirmed' : result.reason}`)}
      />
    );
  return (
    <div className="result-body">
      <Figures result={result} />
      {result.knowledge.length > 0 && (
        <section>
          <Typography.Title level={5}>{t('myResult.knowledge')}</Typography.Title>
          <KnowledgeRadar knowledge={result.knowledge} />
        </section>
      )}
      <section>
        <Typography.Title level={5}>{t('myResult.paper')}</Typography.Title>
        {result.paper ? (
          <ResultPaper paper={result.paper} canQuery={result.visible} />
        ) : result.allowReview && result.reviewFrom ? (
          // Others may still be sitting the exam: the keys wait until it has closed for everyone.
          <Alert
            type="info"
            showIcon
            data-testid="review-later"
            title={t('myResult.reviewLater', { time: dayjs(result.reviewFrom).format('YYYY-MM-DD HH:mm') })}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myResult.noReview')} />
        )}
      </section>
    </div>
  );
}

// A student's result of one finished exam, as the exam's rule allows: why it is hidden, or the score,
// rank, means, knowledge points and (when review is allowed) the marked paper with queries.
export function ResultDrawer({ exam, onClose }: { exam: { id: number; name: string } | null; onClose: () => void }) {
  const { t } = useResultTexts();
  const result = useMyResult(exam?.id ?? null);
  const isMobile = useIsMobile();
  return (
    <Drawer
      open={exam !== null}
      onClose={onClose}
      title={exam ? t('myResult.title', { name: exam.name }) : ''}
      size={isMobile ? '100%' : 720}
      destroyOnHidden
    >
      {result.isPending ? (
        <Skeleton active />
      ) : result.isError ? (
        <Alert type="error" showIcon title={result.error.message} />
      ) : (
        <ResultBody result={result.data} />
      )}
    </Drawer>
  );
}
