import { CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { difficultyLabels, type Lang, labelOf, type Question, questionTypeLabels } from '@lyceum/contract';
import { Button, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useQuestionTexts } from '../../domains/question/i18n';
import { htmlText } from '../../rich-text/plain-text';
import '../../domains/question/question.css';

export interface RowActions {
  preview: (q: Question) => void;
  edit?: (q: Question) => void;
  copy?: (q: Question) => void;
  remove?: (q: Question) => void;
}

function action(title: string, icon: ReactNode, label: string, run: () => void, danger = false) {
  return (
    <Tooltip title={title}>
      <Button type="link" danger={danger} icon={icon} aria-label={label} onClick={run} />
    </Tooltip>
  );
}

export function questionColumns(
  t: TFunction,
  lang: Lang,
  who: (id: number | null) => string,
  actions: RowActions,
): TableColumnsType<Question> {
  const sorter = (key: string) => ({ key, sorter: true as const });
  return [
    { title: 'ID', dataIndex: 'id', width: 72 },
    {
      title: t('question.stem'),
      dataIndex: 'stem',
      width: 320,
      ellipsis: true,
      render: (stem: string, q) => (
        <Button type="link" className="q-stem-link" onClick={() => actions.preview(q)}>
          {htmlText(stem) || '—'}
        </Button>
      ),
    },
    {
      title: t('question.type'),
      dataIndex: 'type',
      width: 130,
      ...sorter('type'),
      render: (type: Question['type']) => <Tag color="blue">{labelOf(questionTypeLabels, type, lang)}</Tag>,
    },
    {
      title: t('question.difficulty'),
      dataIndex: 'difficulty',
      width: 120,
      ...sorter('difficulty'),
      render: (d: Question['difficulty']) => (
        <Tag color={difficultyLabels[d].color}>{labelOf(difficultyLabels, d, lang)}</Tag>
      ),
    },
    { title: t('question.score'), dataIndex: 'score', width: 90, ...sorter('score') },
    { title: t('question.creator'), dataIndex: 'creatorId', width: 130, render: (id: number | null) => who(id) },
    {
      title: t('question.created'),
      dataIndex: 'createTime',
      width: 150,
      ...sorter('createTime'),
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 170,
      render: (_, q) => (
        <Space size={0}>
          {action(t('question.previewAction'), <EyeOutlined />, `${t('question.previewAction')} #${q.id}`, () =>
            actions.preview(q),
          )}
          {actions.edit &&
            action(t('common.edit'), <EditOutlined />, `${t('common.edit')} #${q.id}`, () => actions.edit?.(q))}
          {actions.copy &&
            action(t('common.copy'), <CopyOutlined />, `${t('common.copy')} #${q.id}`, () => actions.copy?.(q))}
          {actions.remove &&
            action(
              t('common.delete'),
              <DeleteOutlined />,
              `${t('common.delete')} #${q.id}`,
              () => actions.remove?.(q),
              true,
            )}
        </Space>
      ),
    },
  ];
}
