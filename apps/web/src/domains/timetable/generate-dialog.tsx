import type { CheckResult, GenerateResult } from '@lyceum/contract';
import { Alert, Button, Descriptions, Modal, Progress, Result, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ClashTable } from './clash-table';
import { type SemesterRef, timetableCalls, useRefreshLessons } from './timetable-api';
import { useTimetableTexts } from './timetable-texts';

type Phase = { at: 'confirm' } | { at: 'running' } | { at: 'done'; result: GenerateResult };

// Generating a semester's lessons: a confirmation naming the semester, the progress while the
// server writes, then what it did: lessons made, already there, made again, and the clashes of
// the assignments it could not write (to fix and generate again).
export function GenerateDialog({
  semester,
  open,
  onClose,
}: {
  semester: SemesterRef;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTimetableTexts();
  const refresh = useRefreshLessons();
  const [phase, setPhase] = useState<Phase>({ at: 'confirm' });
  useEffect(() => {
    if (open) setPhase({ at: 'confirm' });
  }, [open]);

  async function run() {
    setPhase({ at: 'running' });
    try {
      const result = await timetableCalls.generate({ semesterId: semester.id });
      setPhase({ at: 'done', result });
      refresh();
    } catch {
      // The request client has said why; the dialog offers to try again.
      setPhase({ at: 'confirm' });
    }
  }

  const running = phase.at === 'running';
  const footer =
    phase.at === 'done'
      ? [
          <Button key="close" type="primary" onClick={onClose}>
            {t('common.close')}
          </Button>,
        ]
      : [
          <Button key="cancel" disabled={running} onClick={onClose}>
            {t('common.cancel')}
          </Button>,
          <Button key="go" type="primary" loading={running} onClick={() => void run()}>
            {t('tt.generate')}
          </Button>,
        ];

  return (
    <Modal
      open={open}
      title={t('tt.generateTitle', { semester: semester.name })}
      onCancel={running ? undefined : onClose}
      closable={!running}
      mask={{ closable: !running }}
      footer={footer}
      width={phase.at === 'done' && phase.result.clashCount > 0 ? 860 : 520}
      destroyOnHidden
    >
      {phase.at === 'confirm' && (
        <Space orientation="vertical">
          <Typography.Paragraph>{t('tt.generateText', { semester: semester.name })}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('tt.generateKeeps')}</Typography.Paragraph>
        </Space>
      )}
      {running && (
        <div className="tt-running" role="status">
          <Progress percent={100} status="active" showInfo={false} />
          <Typography.Text>{t('tt.generating', { semester: semester.name })}</Typography.Text>
        </div>
      )}
      {phase.at === 'done' && <GenerateSummary result={phase.result} />}
    </Modal>
  );
}

function GenerateSummary({ result }: { result: GenerateResult }) {
  const { t } = useTimetableTexts();
  const failed = result.failed.length;
  return (
    <div data-testid="generate-result">
      <Result
        status={failed ? 'warning' : 'success'}
        title={failed ? t('tt.generatedWithClashes', { count: failed }) : t('tt.generated')}
        className="tt-result"
      />
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label={t('tt.assignmentsCount')}>{result.assignments}</Descriptions.Item>
        <Descriptions.Item label={t('tt.created')}>{result.created}</Descriptions.Item>
        <Descriptions.Item label={t('tt.existing')}>{result.existing}</Descriptions.Item>
        <Descriptions.Item label={t('tt.removed')}>{result.removed}</Descriptions.Item>
        <Descriptions.Item label={t('tt.clashCount')}>{result.clashCount}</Descriptions.Item>
        <Descriptions.Item label={t('tt.failedCount')}>{failed}</Descriptions.Item>
      </Descriptions>
      {result.clashCount > 0 && (
        <>
          <Alert type="warning" showIcon title={t('tt.fixClashes')} className="tt-gap-top" />
          <ClashTable clashes={result.clashes} count={result.clashCount} />
        </>
      )}
    </div>
  );
}

// The check of the whole semester (nothing written): how many lessons generating would make, and
// every clash it would meet.
export function CheckDialog({
  semester,
  open,
  onClose,
}: {
  semester: SemesterRef;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTimetableTexts();
  const [result, setResult] = useState<CheckResult | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open) return;
    setResult(null);
    setFailed(false);
    timetableCalls.check({ semesterId: semester.id }).then(setResult, () => setFailed(true));
  }, [open, semester.id]);
  return (
    <Modal
      open={open}
      title={t('tt.checkTitle', { semester: semester.name })}
      onCancel={onClose}
      footer={[
        <Button key="close" type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]}
      width={result && result.clashCount > 0 ? 860 : 520}
      destroyOnHidden
    >
      {!result && !failed && (
        <div className="tt-running" role="status">
          <Progress percent={100} status="active" showInfo={false} />
          <Typography.Text>{t('tt.checking')}</Typography.Text>
        </div>
      )}
      {failed && <Alert type="error" showIcon title={t('tt.checkFailed')} />}
      {result && result.clashCount === 0 && (
        <Result status="success" title={t('tt.noClashes', { count: result.occurrences })} className="tt-result" />
      )}
      {result && result.clashCount > 0 && (
        <>
          <Alert
            type="error"
            showIcon
            title={t('tt.clashesFound', { count: result.clashCount, occurrences: result.occurrences })}
            className="tt-gap"
          />
          <ClashTable clashes={result.clashes} count={result.clashCount} />
        </>
      )}
    </Modal>
  );
}
