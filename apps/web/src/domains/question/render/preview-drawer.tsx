import { difficultyLabels, labelOf, type Question, questionTypeLabels, type StudentAnswer } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Divider, Drawer, Empty, Space, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { RichHtml } from '../../../rich-text/rich-html';
import { useLang } from '../../../shell/i18n';
import { useQuestionTexts } from '../i18n';
import { questionVersions, useUsers } from '../question-api';
import { draftOf } from '../question-draft';
import { KeyView } from './key-view';
import { QuestionView } from './question-view';

interface Props {
  question: Question | null;
  onClose: () => void;
  onEdit?: (q: Question) => void;
}

// A question exactly as a student sees it, then what only teachers see: key, analysis, history.
export function PreviewDrawer({ question, onClose, onEdit }: Props) {
  const { t } = useQuestionTexts();
  const lang = useLang();
  const [answer, setAnswer] = useState<StudentAnswer>(null);
  const users = useUsers();
  const versions = useQuery({
    queryKey: ['question', 'versions', question?.id],
    queryFn: ({ signal }) => questionVersions(question?.id as number, signal),
    enabled: !!question,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: another question starts with a blank answer
  useEffect(() => setAnswer(null), [question?.id]);
  const who = (id: number | null) => users.data?.find((u) => u.id === id)?.realName ?? (id ? `#${id}` : '—');
  const q = question ? draftOf(question) : null;

  return (
    <Drawer
      open={!!question}
      onClose={onClose}
      size={720}
      title={question && t('question.previewTitle', { id: question.id })}
      extra={
        question &&
        onEdit && (
          <Button type="primary" onClick={() => onEdit(question)}>
            {t('common.edit')}
          </Button>
        )
      }
      destroyOnHidden
    >
      {question && q && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Space wrap>
            <Tag color="blue">{labelOf(questionTypeLabels, question.type, lang)}</Tag>
            <Tag color={difficultyLabels[question.difficulty].color}>
              {labelOf(difficultyLabels, question.difficulty, lang)}
            </Tag>
            <Typography.Text type="secondary">
              {t('question.version')} {question.version}
            </Typography.Text>
          </Space>
          <section aria-label={t('question.preview')}>
            <QuestionView q={q} answer={answer} onChange={setAnswer} name={`drawer-${question.id}`} />
          </section>
          <Divider titlePlacement="start">{t('question.answerKey')}</Divider>
          <KeyView q={q} />
          <Divider titlePlacement="start">{t('question.analysis')}</Divider>
          {question.analysis.trim() ? (
            <RichHtml html={question.analysis} />
          ) : (
            <Typography.Text type="secondary">—</Typography.Text>
          )}
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'creator', label: t('question.creator'), children: who(question.creatorId) },
              {
                key: 'created',
                label: t('question.created'),
                children: dayjs(question.createTime).format('YYYY-MM-DD HH:mm'),
              },
            ]}
          />
          <Divider titlePlacement="start">{t('question.versions')}</Divider>
          {versions.data?.length ? (
            <Timeline
              items={[...versions.data].reverse().map((v) => ({
                key: v.version,
                content: t('question.versionBy', {
                  version: v.version,
                  time: dayjs(v.createTime).format('YYYY-MM-DD HH:mm'),
                  editor: who(v.editorId),
                }),
              }))}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('question.noVersions')} />
          )}
        </Space>
      )}
    </Drawer>
  );
}
