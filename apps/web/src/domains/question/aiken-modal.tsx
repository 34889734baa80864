import type { ImportReport } from '@lyceum/contract';
import { Alert, App, Form, Input, InputNumber, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { problemText } from '../../crud/import-problems';
import { importAiken } from './question-api';
import './question.css';
import { useQuestionTexts } from './i18n';

interface Props {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}

const EXAMPLE = 'What is the capital of France?\nA. Paris\nB. Rome\nC. Madrid\nANSWER: A';

// Choice questions typed or pasted in the Aiken format: checked first (nothing written), then imported.
export function AikenModal({ open, onClose, onDone }: Props) {
  const { t } = useQuestionTexts();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [score, setScore] = useState(1);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(dryRun: boolean) {
    setBusy(true);
    try {
      const res = await importAiken(text, score, dryRun);
      if (dryRun) setReport(res);
      else {
        message.success(t('question.aikenDone', { count: res.created }));
        setText('');
        setReport(null);
        onDone();
      }
    } finally {
      setBusy(false);
    }
  }

  const ready = report && report.errors.length === 0 && report.valid > 0;
  return (
    <Modal
      open={open}
      width={720}
      title={t('question.aikenTitle')}
      okText={ready ? t('question.aikenImport', { count: report.valid }) : t('question.aikenCheck')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !text.trim(), loading: busy }}
      onOk={() => void run(!ready)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          title={t('question.aikenHint')}
          description={<pre className="aiken-example">{EXAMPLE}</pre>}
        />
        <Form layout="vertical">
          <Form.Item label={t('question.aikenText')} htmlFor="aiken-text" required>
            <Input.TextArea
              id="aiken-text"
              rows={10}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setReport(null);
              }}
            />
          </Form.Item>
          <Form.Item label={t('question.aikenScore')} htmlFor="aiken-score">
            <InputNumber
              id="aiken-score"
              min={0.5}
              max={100}
              step={0.5}
              value={score}
              onChange={(v) => setScore(v ?? 1)}
            />
          </Form.Item>
        </Form>
        {report && report.errors.length === 0 && (
          <Alert type="success" showIcon title={t('question.aikenValid', { count: report.valid })} />
        )}
        {report && report.errors.length > 0 && (
          <Table
            size="small"
            rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
            dataSource={report.errors}
            pagination={false}
            columns={[
              { title: t('question.aikenLine'), dataIndex: 'row', width: 90 },
              { title: t('import.problem'), key: 'problem', render: (_: unknown, e) => problemText(e) },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
