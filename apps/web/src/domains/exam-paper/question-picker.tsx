import { difficultyLabels, labelOf, type Question, questionTypeLabels } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Form, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../crud/filter-buttons';
import { selectionLabels } from '../../crud/resource-list-page';
import { OneLineHtml } from '../../rich-text/one-line';
import { useLang } from '../../shell/i18n';
import { type QuestionFilter, questionApi } from '../question/question-api';
import { QuestionFilterItems, toQuestionFilter } from '../question/question-filters';
import { usePaperTexts } from './i18n';

interface Props {
  open: boolean;
  sectionTitle: string;
  onPaper: ReadonlySet<number>;
  onClose: () => void;
  onAdd: (questions: Question[]) => void;
}

const PAGE = 10;

// Searches the question bank with its own filters and adds the chosen questions to one section.
export function QuestionPicker({ open, sectionTitle, onPaper, onClose, onAdd }: Props) {
  const { t } = usePaperTexts();
  const { t: tc } = useTranslation();
  const labels = selectionLabels<Question>(tc, (q) => `#${q.id}`);
  const lang = useLang();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [filter, setFilter] = useState<QuestionFilter>({});
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Map<number, Question>>(new Map());
  const found = useQuery({
    queryKey: ['question', 'page', 'picker', filter, page],
    queryFn: () => questionApi.page({ ...filter, pageIndex: page, pageSize: PAGE }),
    enabled: open,
  });

  function close() {
    setChosen(new Map());
    onClose();
  }

  return (
    <Drawer
      open={open}
      onClose={close}
      size={960}
      title={t('paper.pickerTitle', { title: sectionTitle })}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            disabled={chosen.size === 0}
            onClick={() => {
              onAdd([...chosen.values()]);
              close();
            }}
          >
            {t('paper.pickerAdd', { count: chosen.size })}
          </Button>
        </Space>
      }
    >
      <FilterBar
        form={form}
        name="picker-filter"
        onSearch={(values) => {
          setFilter(toQuestionFilter(values));
          setPage(1);
        }}
        onReset={() => {
          setFilter({});
          setPage(1);
        }}
        style={{ marginBottom: 16 }}
      >
        <QuestionFilterItems />
      </FilterBar>
      <Table<Question>
        rowKey="id"
        size="small"
        loading={found.isFetching}
        dataSource={found.data?.list}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('paper.pickerEmpty')} /> }}
        rowSelection={{
          selectedRowKeys: [...chosen.keys()],
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => {
            // Rows of other pages stay chosen: the table hands back only the rows it has seen.
            const next = new Map(chosen);
            const onThisPage = new Set((found.data?.list ?? []).map((q) => q.id));
            for (const id of onThisPage) next.delete(id);
            for (const q of rows) if (q) next.set(q.id, q);
            setChosen(next);
          },
          getTitleCheckboxProps: labels.getTitleCheckboxProps,
          getCheckboxProps: (q) => ({ 'aria-label': labels.rowLabel(q) }),
        }}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: found.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          {
            title: t('paper.stem'),
            dataIndex: 'stem',
            ellipsis: true,
            render: (stem: string, q) => (
              <Space size={4}>
                <span>
                  <OneLineHtml html={stem} />
                </span>
                {onPaper.has(q.id) && <Tag color="orange">{t('paper.onPaper')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('paper.type'),
            dataIndex: 'type',
            width: 130,
            render: (type: Question['type']) => <Tag color="blue">{labelOf(questionTypeLabels, type, lang)}</Tag>,
          },
          {
            title: t('paper.difficulty'),
            dataIndex: 'difficulty',
            width: 110,
            render: (d: Question['difficulty']) => (
              <Tag color={difficultyLabels[d].color}>{labelOf(difficultyLabels, d, lang)}</Tag>
            ),
          },
          { title: t('paper.score'), dataIndex: 'score', width: 80 },
        ]}
      />
    </Drawer>
  );
}
