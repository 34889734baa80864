import { difficultyLabels, type Lang, labelOf, type Question, questionTypeLabels } from '@lyceum/contract';
import { Button, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { htmlText } from '../../rich-text/plain-text';
import './question.css';

export function questionColumns(
  t: TFunction,
  lang: Lang,
  who: (id: number | null) => string,
  preview: (q: Question) => void,
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
        <Button type="link" className="q-stem-link" onClick={() => preview(q)}>
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
      width: 170,
      ...sorter('createTime'),
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
  ];
}
