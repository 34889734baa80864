import { type ExamPaper, PaperType } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { type BuiltPaperType, paperApi } from '../exam-paper/paper-api';
import { publishedPapers } from './exam-api';
import { useExamTexts } from './exam-texts';

interface Props {
  id?: string;
  value?: number;
  onChange?: (id: number | undefined) => void;
  // The paper chosen by the person (not when the form is filled): its suggested duration applies.
  onPicked?: (paper: ExamPaper) => void;
  // Which papers: exam papers (default) or homework papers.
  paperType?: BuiltPaperType;
  // What the list says when no published paper matches (default: antd's "no data").
  notFound?: ReactNode;
  disabled?: boolean;
}

// One published paper, searched by name; a paper already chosen keeps its name even when it has been
// withdrawn since (fetched by id).
export function PaperSelect({ id, value, onChange, onPicked, paperType = PaperType.Exam, notFound, disabled }: Props) {
  const { t } = useExamTexts();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({
    queryKey: ['examPaper', 'published', paperType, keyword],
    queryFn: () => publishedPapers(keyword, paperType),
    staleTime: 30_000,
  });
  const rows = found.data?.list ?? [];
  const listed = value === undefined || rows.some((p) => p.id === value);
  const current = useQuery({
    queryKey: ['examPaper', 'select', value],
    queryFn: () => paperApi.select(value as number),
    enabled: !listed,
    staleTime: 60_000,
  });
  const papers = useMemo(
    () => (!listed && current.data ? [current.data, ...rows] : rows),
    [listed, current.data, rows],
  );
  const options = papers.map((p) => ({
    value: p.id,
    label: p.name,
    paper: p,
  }));

  return (
    <Select
      id={id}
      value={value}
      disabled={disabled}
      allowClear
      placeholder={t('exam.paperSearch')}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onOpenChange={(open) => !open && setTyped('')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? <Spin size="small" /> : notFound}
      options={options}
      optionRender={({ data }) => (
        <div>
          <div style={{ whiteSpace: 'normal' }}>{data.label}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('exam.paperScore', { score: data.paper.totalScore })}
            {data.paper.durationMinutes ? ` · ${t('exam.paperMinutes', { minutes: data.paper.durationMinutes })}` : ''}
          </Typography.Text>
        </div>
      )}
      onChange={(next: number | undefined) => {
        onChange?.(next);
        const paper = papers.find((p) => p.id === next);
        if (paper) onPicked?.(paper);
      }}
    />
  );
}
