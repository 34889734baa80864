import type { Exam } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Result, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Explained } from '../../crud/row-actions';
import { ApiError } from '../../shell/request';
import { ConflictList } from './conflict-list';
import { examConflicts, publishExam } from './exam-api';
import { useExamTexts } from './exam-texts';

interface Props {
  exam: Exam | null;
  onClose: () => void;
  onPublished: () => void;
}

// Publishing an exam: the conflicts are checked first and shown. Errors refuse it; warnings need an
// explicit "publish anyway" (sent as acceptWarnings, so the server knows they were seen).
export function PublishDialog({ exam, onClose, onPublished }: Props) {
  const { t } = useExamTexts();
  const { message } = App.useApp();
  const [publishing, setPublishing] = useState(false);
  const check = useQuery({
    queryKey: ['exam', 'conflicts', exam?.id],
    queryFn: ({ signal }) => examConflicts(exam?.id as number, { signal }),
    enabled: !!exam,
    staleTime: 0,
    gcTime: 0,
  });
  const conflicts = check.data ?? [];
  const errors = conflicts.filter((c) => c.severity === 'error');
  const warnings = conflicts.filter((c) => c.severity === 'warning');
  const ready = !!exam && check.isSuccess && !check.isFetching;
  // "Publish anyway" only when warnings are all that is left to accept.
  const anyway = warnings.length > 0 && errors.length === 0;

  async function publish() {
    if (!exam) return;
    setPublishing(true);
    try {
      await publishExam(exam.id, warnings.length > 0);
      message.success(t('exam.published', { name: exam.name }));
      onPublished();
    } catch (err) {
      // The client has toasted the refusal; the conflicts may have changed meanwhile.
      if (!(err instanceof ApiError)) throw err;
      void check.refetch();
    } finally {
      setPublishing(false);
    }
  }

  const publishButton = (
    <Button
      type="primary"
      danger={anyway}
      disabled={!ready || errors.length > 0}
      loading={publishing}
      onClick={() => void publish()}
      style={errors.length > 0 ? { pointerEvents: 'none' } : undefined}
    >
      {anyway ? t('exam.publishAnyway') : t('exam.publish')}
    </Button>
  );

  return (
    <Modal
      open={!!exam}
      title={exam ? t('exam.publishTitle', { name: exam.name }) : ''}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => void check.refetch()} disabled={check.isFetching}>
            {t('exam.recheck')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {errors.length > 0 ? <Explained why={t('exam.publishBlocked')}>{publishButton}</Explained> : publishButton}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('exam.publishHint')}</Typography.Paragraph>
      {check.isFetching ? (
        <div className="exam-publish-checking" role="status">
          <Spin size="small" /> <span>{t('exam.checking')}</span>
        </div>
      ) : check.isError ? (
        <Result status="warning" title={t('request.failed')} />
      ) : conflicts.length === 0 ? (
        <Alert type="success" showIcon title={t('exam.noConflicts')} />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {errors.length > 0 && (
            <Alert
              type="error"
              showIcon
              title={t('exam.errorsBlock', { count: errors.length })}
              description={<ConflictList conflicts={errors} />}
            />
          )}
          {warnings.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('exam.warningsNote', { count: warnings.length })}
              description={<ConflictList conflicts={warnings} />}
            />
          )}
        </Space>
      )}
    </Modal>
  );
}
