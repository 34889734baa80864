import { CheckCircleFilled, ClearOutlined, CloseCircleFilled, KeyOutlined, UserOutlined } from '@ant-design/icons';
import { keyAnswer, type QuestionInput, type StudentAnswer, scoreAnswer, toScorable } from '@lyceum/contract';
import { Alert, Button, Card, Empty, List, Progress, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useQuestionTexts } from '../i18n';
import type { Draft } from '../question-draft';
import { QuestionView } from './question-view';

interface Props {
  draft: Draft;
  // The question when it passes the contract's rules; scoring needs a valid key.
  valid: QuestionInput | null;
  firstIssue: string | null;
}

// The live student view, which doubles as the answer sheet of the "try an answer" panel: the
// teacher answers here and the contract's scoring engine (the one the server runs) marks it.
export function EditorPreview({ draft, valid, firstIssue }: Props) {
  const { t } = useQuestionTexts();
  const [answer, setAnswer] = useState<StudentAnswer>(null);
  const scorable = useMemo(() => (valid ? toScorable(valid) : null), [valid]);
  const result = useMemo(() => (scorable ? scoreAnswer(scorable, answer) : null), [scorable, answer]);

  return (
    <>
      <Card size="small" title={t('question.preview')}>
        {draft.stem.trim() ? (
          <QuestionView q={draft} answer={answer} onChange={setAnswer} name="preview" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('question.previewEmpty')} />
        )}
      </Card>
      <Card
        size="small"
        title={t('question.tryAnswer')}
        extra={
          <Space size={4}>
            <Button
              size="small"
              icon={<KeyOutlined />}
              disabled={!scorable}
              onClick={() => scorable && setAnswer(keyAnswer(scorable.key))}
            >
              {t('question.fillKey')}
            </Button>
            <Button size="small" icon={<ClearOutlined />} onClick={() => setAnswer(null)}>
              {t('question.clearAnswer')}
            </Button>
          </Space>
        }
      >
        {!result ? (
          <Alert type="info" showIcon title={t('question.tryInvalid', { issue: firstIssue ?? '' })} />
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="try-result">
            <Typography.Text type="secondary">{t('question.tryHint')}</Typography.Text>
            <Progress
              percent={result.max ? Math.round((result.score / result.max) * 100) : 0}
              format={() => t('question.tryScore', { score: result.score, max: result.max })}
              status={result.score >= result.max ? 'success' : 'normal'}
            />
            {result.pending && <Alert type="warning" showIcon title={t('question.tryPending')} />}
            {result.parts.length > 1 && (
              <List
                size="small"
                dataSource={result.parts}
                renderItem={(p) => (
                  <List.Item>
                    <Space>
                      {p.correct === null ? (
                        <UserOutlined aria-label={t('question.manualMarked')} />
                      ) : p.correct ? (
                        <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('question.correct')} />
                      ) : (
                        <CloseCircleFilled style={{ color: '#ff4d4f' }} aria-label="✗" />
                      )}
                      {t('question.part', { n: p.index + 1 })}
                    </Space>
                    <span>
                      {p.score} / {p.max}
                    </span>
                  </List.Item>
                )}
              />
            )}
          </Space>
        )}
      </Card>
    </>
  );
}
