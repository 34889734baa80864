import { DownloadOutlined, SettingOutlined, TrophyOutlined } from '@ant-design/icons';
import type { Gradebook } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Select, Space, Statistic, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ExportProgress } from '../../crud/export-progress';
import { usePermission } from '../../shell/permission';
import { call } from '../../shell/request';
import { useSemesters, useTeams } from '../../ui/lookups';
import { ScoreChart } from '../../ui/score-chart';
import { GradeScaleDrawer } from './grade-scale';
import { bandsText, GRADEBOOK_KEY, gradebookApi, pct, useGradebook } from './gradebook-api';
import { GradebookSetupDrawer } from './gradebook-setup';
import { GradebookTable } from './gradebook-table';
import { useGradebookTexts } from './gradebook-texts';
import './gradebook.css';

// How many students have each grade, from the highest band down.
function BandChart({ book }: { book: Gradebook }) {
  const { t } = useGradebookTexts();
  const option = useMemo(() => {
    const bands = [...book.bands].sort((a, b) => b.minPercent - a.minPercent);
    const counts = bands.map((b) => book.students.filter((s) => s.band === b.label).length);
    return {
      animation: false,
      tooltip: { trigger: 'axis' },
      grid: { left: 32, right: 16, top: 16, bottom: 28 },
      xAxis: { type: 'category', data: bands.map((b) => b.label) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', data: counts, barMaxWidth: 36, label: { show: true, position: 'top' } }],
    };
  }, [book]);
  return <ScoreChart option={option} height={180} label={t('gradebook.bandChartLabel')} />;
}

function Summary({ book }: { book: Gradebook }) {
  const { t } = useGradebookTexts();
  const totals = book.students.flatMap((s) => (s.total === null ? [] : [s.total]));
  const mean = totals.length ? totals.reduce((a, b) => a + b, 0) / totals.length : null;
  return (
    <div className="gradebook-summary">
      <Space size="large" wrap>
        <Statistic title={t('gradebook.classAverage')} value={pct(mean)} />
        <Statistic title={t('gradebook.studentsGraded')} value={`${totals.length} / ${book.students.length}`} />
      </Space>
      {totals.length > 0 && (
        <div className="gradebook-chart">
          <Typography.Text type="secondary">{t('gradebook.bandChart')}</Typography.Text>
          <BandChart book={book} />
        </div>
      )}
    </div>
  );
}

// Exams › Gradebook: a class and a term; every exam and homework of each student, the categories'
// percentages, the weighted total and the grade. Final scores only.
export default function GradebookView() {
  const { t } = useGradebookTexts();
  const client = useQueryClient();
  const teams = useTeams();
  const semesters = useSemesters();
  const canSetup = usePermission(['gradebook:setup']);
  const canExport = usePermission(['gradebook:export']);
  const canScale = usePermission(['gradebook:scale']);
  const [teamChoice, setTeam] = useState<number>();
  const [termChoice, setTerm] = useState<number>();
  const teamId = teamChoice ?? teams.data?.[0]?.id;
  const semesterId = termChoice ?? (semesters.data?.find((s) => s.current) ?? semesters.data?.[0])?.value;
  const book = useGradebook(teamId, semesterId);
  const scale = useQuery({
    queryKey: [GRADEBOOK_KEY, 'scale'],
    queryFn: ({ signal }) => call(api.gradebook.scale, {}, { signal }),
    enabled: canScale,
  });
  const [setupOpen, setSetupOpen] = useState(false);
  const [scaleOpen, setScaleOpen] = useState(false);
  const [exportId, setExportId] = useState<number | null>(null);
  const data = book.data;
  const refresh = () => client.invalidateQueries({ queryKey: [GRADEBOOK_KEY] });

  let body: React.ReactNode;
  if (teams.isSuccess && !teams.data.length) body = <Empty description={t('gradebook.noClass')} />;
  else if (semesters.isSuccess && !semesters.data.length) body = <Empty description={t('gradebook.noTerm')} />;
  else if (!data) body = <Card loading />;
  else
    body = (
      <>
        <Card size="small">
          <Summary book={data} />
          <Typography.Paragraph type="secondary" className="gradebook-legend">
            {t('gradebook.finalOnly')} {t('gradebook.bandsLine', { bands: bandsText(data.bands) })} ·{' '}
            {data.missingAsZero ? t('gradebook.missingAsZero') : t('gradebook.missingLeftOut')}
            {!data.configured && ` · ${t('gradebook.defaults')}`}
          </Typography.Paragraph>
        </Card>
        {data.items.length === 0 ? (
          <Card size="small">
            <Empty description={t('gradebook.noItems')} />
          </Card>
        ) : (
          <GradebookTable book={data} loading={book.isFetching} />
        )}
      </>
    );

  return (
    <div className="gradebook-page">
      <Card size="small">
        <div className="gradebook-bar">
          <Form layout="inline" name="gradebook-filter" className="filter-bar">
            <Form.Item label={t('gradebook.class')}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('gradebook.chooseClass')}
                style={{ width: 260 }}
                loading={teams.isPending}
                value={teamId}
                onChange={setTeam}
                options={(teams.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
            <Form.Item label={t('gradebook.term')}>
              <Select
                placeholder={t('gradebook.chooseTerm')}
                style={{ width: 200 }}
                loading={semesters.isPending}
                value={semesterId}
                onChange={setTerm}
                options={semesters.data}
              />
            </Form.Item>
          </Form>
          <Space wrap>
            {canSetup && (
              <Button icon={<SettingOutlined />} disabled={!data} onClick={() => setSetupOpen(true)}>
                {t('gradebook.setup')}
              </Button>
            )}
            {canScale && (
              <Button icon={<TrophyOutlined />} disabled={!scale.data} onClick={() => setScaleOpen(true)}>
                {t('gradebook.scale')}
              </Button>
            )}
            {canExport && (
              <Button
                icon={<DownloadOutlined />}
                disabled={!data}
                onClick={() =>
                  data &&
                  void gradebookApi
                    .export(data.team.id, data.semester.id)
                    .then((r) => setExportId(r.exportId))
                    .catch(() => undefined)
                }
              >
                {t('gradebook.export')}
              </Button>
            )}
          </Space>
        </div>
      </Card>
      {book.isError && <Alert type="error" showIcon message={book.error.message} />}
      {body}
      <GradebookSetupDrawer
        book={setupOpen ? (data ?? null) : null}
        onClose={() => setSetupOpen(false)}
        onSaved={() => {
          setSetupOpen(false);
          void refresh();
        }}
      />
      {scale.data && (
        <GradeScaleDrawer
          open={scaleOpen}
          bands={scale.data.bands}
          custom={scale.data.custom}
          onClose={() => setScaleOpen(false)}
          onSaved={() => {
            setScaleOpen(false);
            void refresh();
          }}
        />
      )}
      {exportId !== null && (
        <ExportProgress
          exportId={exportId}
          title={{ en: 'Gradebook', zh: '成绩册' }}
          onClose={() => setExportId(null)}
        />
      )}
    </div>
  );
}
