import {
  difficultyLabels,
  EASY_MEASURED,
  GOOD_DISCRIMINATION,
  HARD_MEASURED,
  type Lang,
  labelOf,
  POOR_DISCRIMINATION,
  type Question,
  questionTypeLabels,
} from '@lyceum/contract';
import { Button, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { OneLineHtml } from '../../rich-text/one-line';
import './question.css';

export function questionColumns(
  t: TFunction,
  lang: Lang,
  who: (id: number | null) => string,
  preview: (q: Question) => void,
): TableColumnsType<Question> {
  const sorter = (key: string) => ({ key, sorter: true as const });
  return [
    { title: 'ID', dataIndex: 'id', width: 60 },
    {
      title: t('question.stem'),
      dataIndex: 'stem',
      // No width of its own: the stem takes what the other columns leave (about 35 characters at 1440 px,
      // where the whole table fits; polish.spec), and never less than about 25 when the table scrolls.
      minWidth: 220,
      ellipsis: true,
      render: (stem: string, q) => (
        <Button type="link" className="q-stem-link" onClick={() => preview(q)}>
          <OneLineHtml html={stem} />
        </Button>
      ),
    },
    {
      title: t('question.type'),
      dataIndex: 'type',
      width: 108,
      ...sorter('type'),
      render: (type: Question['type']) => <Tag color="blue">{labelOf(questionTypeLabels, type, lang)}</Tag>,
    },
    {
      title: t('question.difficulty'),
      dataIndex: 'difficulty',
      width: 112,
      ...sorter('difficulty'),
      render: (d: Question['difficulty']) => (
        <Tag color={difficultyLabels[d].color}>{labelOf(difficultyLabels, d, lang)}</Tag>
      ),
    },
    {
      title: t('question.measured'),
      dataIndex: 'statDifficulty',
      width: 140,
      ...sorter('statDifficulty'),
      render: (_: unknown, q) => <Measured t={t} q={q} />,
    },
    { title: t('question.score'), dataIndex: 'score', width: 92, align: 'right', ...sorter('score') },
    {
      // When, and by whom underneath: one column leaves the stem room to be read.
      title: t('question.created'),
      dataIndex: 'createTime',
      width: 150,
      ...sorter('createTime'),
      render: (v: string, q) => (
        <div className="q-created">
          <div>{dayjs(v).format('YYYY-MM-DD HH:mm')}</div>
          <Typography.Text type="secondary">{who(q.creatorId)}</Typography.Text>
        </div>
      ),
    },
  ];
}

// The bands of the measured figures, with their tag colours.
function difficultyBand(d: number) {
  if (d >= EASY_MEASURED) return { key: 'easy', color: 'green' } as const;
  if (d < HARD_MEASURED) return { key: 'hard', color: 'red' } as const;
  return { key: 'medium', color: 'blue' } as const;
}
function discriminationBand(d: number) {
  if (d >= GOOD_DISCRIMINATION) return { key: 'good', type: 'success' } as const;
  if (d < POOR_DISCRIMINATION) return { key: 'poor', type: 'danger' } as const;
  return { key: 'fair', type: 'warning' } as const;
}

// What confirmed exams measured of a question: the share of the marks scored (as a tag with a small
// bar), how well it told strong students from weak ones, and how many answers that rests on.
function Measured({ t, q }: { t: TFunction; q: Question }) {
  if (q.statDifficulty === null || q.answerCount === 0) {
    return (
      <Tooltip title={t('question.measuredNone')}>
        <span className="q-measured-none">—</span>
      </Tooltip>
    );
  }
  const percent = Math.round(q.statDifficulty * 100);
  const band = difficultyBand(q.statDifficulty);
  const disc = q.statDiscrimination;
  const discBand = disc === null ? null : discriminationBand(disc);
  const tip = (
    <div className="q-measured-tip">
      <div>{t('question.measuredDifficultyTip', { percent, band: t(`question.band_${band.key}`) })}</div>
      <div>
        {disc === null || discBand === null
          ? t('question.measuredNoDiscrimination')
          : t('question.measuredDiscriminationTip', {
              value: disc.toFixed(2),
              band: t(`question.band_${discBand.key}`),
            })}
      </div>
      <div>{t('question.measuredCountTip', { count: q.answerCount })}</div>
      <div className="q-measured-legend">{t('question.measuredLegend')}</div>
    </div>
  );
  return (
    <Tooltip title={tip}>
      <span className="q-measured" data-testid={`measured-${q.id}`}>
        {/* antd's green text on its green tag is 3.4:1; a darker green keeps 4.5:1 (a11y.spec). */}
        <Tag
          color={band.color}
          className="q-measured-tag"
          style={band.color === 'green' ? { color: '#135200' } : undefined}
        >
          {percent}%
          <span className="q-measured-bar" aria-hidden>
            <span style={{ width: `${percent}%` }} />
          </span>
        </Tag>
        {disc !== null && discBand !== null && (
          <Typography.Text type={discBand.type} className="q-measured-disc">
            {t('question.discShort', { value: disc.toFixed(2) })}
          </Typography.Text>
        )}
        <Typography.Text type="secondary" className="q-measured-count">
          {t('question.answersShort', { count: q.answerCount })}
        </Typography.Text>
      </span>
    </Tooltip>
  );
}
