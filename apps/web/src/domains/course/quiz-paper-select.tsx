import { type ExamPaper, labelOf, paperTypeLabels } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { useTypedSearch } from '../../crud/typed-search';
import { useLang } from '../../shell/i18n';
import { paperById, publishedPapers } from './course-api';
import { useCourseTexts } from './course-texts';

// A quiz lesson's paper: a published exam or homework paper, searched on the server by name; the
// chosen one keeps its name even when the search does not list it (fetched by id).
export function QuizPaperSelect({
  id,
  value,
  onChange,
  onPicked,
  disabled,
}: {
  id: string;
  value: number | null;
  onChange: (paperId: number | null) => void;
  onPicked: (paper: ExamPaper) => void;
  disabled: boolean;
}) {
  const { t } = useCourseTexts();
  const lang = useLang();
  const { open, keyword, selectProps } = useTypedSearch();
  const found = useQuery({
    queryKey: ['examPaper', 'published', 'any', keyword],
    queryFn: () => publishedPapers(keyword),
    enabled: open || value === null,
    staleTime: 30_000,
  });
  const rows = found.data?.list ?? [];
  const listed = value === null || rows.some((p) => p.id === value);
  const current = useQuery({
    queryKey: ['examPaper', 'select', value],
    queryFn: () => paperById(value as number),
    enabled: !listed,
    staleTime: 60_000,
    retry: false,
  });
  const papers = useMemo(
    () => (!listed && current.data ? [current.data, ...rows] : rows),
    [listed, current.data, rows],
  );

  return (
    <Select
      id={id}
      value={value ?? undefined}
      disabled={disabled}
      allowClear
      placeholder={t('course.quizPaperSearch')}
      {...selectProps}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? <Spin size="small" /> : t('course.noPublishedPapers')}
      options={papers.map((p) => ({ value: p.id, label: p.name, paper: p }))}
      optionRender={({ data }) => (
        <div>
          <div style={{ whiteSpace: 'normal' }}>{data.label}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {labelOf(paperTypeLabels, data.paper.paperType, lang)} ·{' '}
            {t('course.paperScore', { score: data.paper.totalScore, count: data.paper.questionCount })}
          </Typography.Text>
        </div>
      )}
      onChange={(next: number | undefined) => {
        onChange(next ?? null);
        const paper = papers.find((p) => p.id === next);
        if (paper) onPicked(paper);
      }}
    />
  );
}
