import {
  labelOf,
  type MarkOverview,
  type QuestionInput,
  QuestionType,
  type RegradeResult,
  ThrowOutMode,
  throwOutModeLabels,
  type zRegradeRequest,
} from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Descriptions,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Skeleton,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { useLang } from '../../shell/i18n';
import { AnswerText, points, QuestionKey, QuestionStem } from './marked-question';
import { MARK_KEY, markActions, useMarkQueue } from './marking-api';
import { useMarkingTexts } from './marking-texts';

type Summary = MarkOverview['questions'][number];
type Change = z.input<typeof zRegradeRequest>['change'];
type Kind = Change['kind'];
interface Values {
  kind: Kind;
  choice?: string;
  choices?: string[];
  truth?: boolean;
  blanks?: string[][];
  mode?: ThrowOutMode;
  reason: string;
}
interface GapKey {
  blanks: { score: number; answers: string[]; partial?: { answer: string; fraction: number }[] }[];
  rules: Record<string, unknown>;
}

// A new key can be given where the machine scores: choices, true or false, gap answers.
const keyTypes: readonly QuestionType[] = [
  QuestionType.SingleChoice,
  QuestionType.MultipleChoice,
  QuestionType.TrueFalse,
  QuestionType.GapFilling,
];

function initialValues(q: QuestionInput): Values {
  const base: Values = {
    kind: keyTypes.includes(q.type) ? 'key' : 'throwOut',
    mode: ThrowOutMode.FullMarks,
    reason: '',
  };
  if (q.type === QuestionType.SingleChoice) return { ...base, choice: String(q.answer) };
  if (q.type === QuestionType.MultipleChoice) return { ...base, choices: (q.answer as string[]) ?? [] };
  if (q.type === QuestionType.TrueFalse) return { ...base, truth: q.answer === true };
  if (q.type === QuestionType.GapFilling) return { ...base, blanks: (q.answer as GapKey).blanks.map((b) => b.answers) };
  return base;
}

// The change the form describes, in the shape the server takes.
export function changeOf(values: Values, q: QuestionInput): Change {
  if (values.kind === 'restore') return { kind: 'restore' };
  if (values.kind === 'throwOut') return { kind: 'throwOut', mode: values.mode ?? ThrowOutMode.FullMarks };
  switch (q.type) {
    case QuestionType.SingleChoice:
      return { kind: 'key', key: { answer: values.choice ?? '' } };
    case QuestionType.MultipleChoice:
      return { kind: 'key', key: { answer: [...(values.choices ?? [])].sort() } };
    case QuestionType.TrueFalse:
      return { kind: 'key', key: { answer: values.truth === true } };
    default: {
      const gap = q.answer as GapKey;
      const blanks = gap.blanks.map((b, i) => ({ ...b, answers: values.blanks?.[i] ?? b.answers }));
      return { kind: 'key', key: { answer: { blanks, rules: gap.rules } } } as Change;
    }
  }
}

// Regrading one question after the exam: a new key, throwing it out, or undoing either; the preview
// lists every attempt whose score moves, and only then may the same change be applied.
export function RegradeDialog({
  overview,
  question,
  onClose,
}: {
  overview: MarkOverview;
  question: Summary;
  onClose: () => void;
}) {
  const { t } = useMarkingTexts();
  const lang = useLang();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const queue = useMarkQueue(overview.examId, question.questionId, false);
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const [preview, setPreview] = useState<RegradeResult | null>(null);
  const [busy, setBusy] = useState(false);
  const q = queue.data?.question.question;

  async function run(apply: boolean) {
    if (!q) return;
    const values = await form.validateFields();
    setBusy(true);
    try {
      const result = await markActions.regrade({
        examId: overview.examId,
        questionId: question.questionId,
        change: changeOf(values, q),
        reason: values.reason,
        apply,
      });
      if (!apply) {
        setPreview(result);
        return;
      }
      await client.invalidateQueries({ queryKey: [MARK_KEY] });
      message.success(t('marking.regradeApplied', { count: result.changed }));
      onClose();
    } catch {
      // The request client has shown the refusal.
    } finally {
      setBusy(false);
    }
  }

  function confirmApply() {
    if (!preview) return;
    modal.confirm({
      title: t('marking.applyTitle'),
      content: t('marking.applyConfirm', { count: preview.changed }),
      okText: t('marking.apply'),
      cancelText: t('marking.cancel'),
      okButtonProps: { danger: true },
      onOk: () => run(true),
    });
  }

  const restorable = question.thrownOut !== null || question.adjusted;
  return (
    <Modal
      open
      width={760}
      title={t('marking.regradeTitle', { no: question.no })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('marking.cancel')}
        </Button>,
        <Button key="preview" loading={busy && !preview} disabled={!q} onClick={() => void run(false)}>
          {t('marking.preview')}
        </Button>,
        <Button key="apply" type="primary" danger disabled={!preview || busy} onClick={confirmApply}>
          {t('marking.apply')}
        </Button>,
      ]}
    >
      {!q ? (
        <Skeleton active />
      ) : (
        <>
          <div className="mark-regrade-question">
            <QuestionStem q={q} />
            <QuestionKey q={q} />
          </div>
          <Form
            form={form}
            layout="vertical"
            name="regrade"
            initialValues={initialValues(q)}
            // Any change to the form makes the preview stale: it must be asked for again.
            onValuesChange={() => setPreview(null)}
          >
            <Form.Item name="kind" label={t('marking.regradeKind')}>
              <Radio.Group
                options={[
                  { value: 'key', label: t('marking.changeKey'), disabled: !keyTypes.includes(q.type) },
                  { value: 'throwOut', label: t('marking.throwOut') },
                  { value: 'restore', label: t('marking.restore'), disabled: !restorable },
                ]}
              />
            </Form.Item>
            {kind === 'key' && <KeyFields q={q} />}
            {kind === 'throwOut' && (
              <Form.Item name="mode" label={t('marking.throwOutMode')}>
                <Radio.Group
                  options={([ThrowOutMode.FullMarks, ThrowOutMode.Remove] as const).map((m) => ({
                    value: m,
                    label: labelOf(throwOutModeLabels, m, lang),
                  }))}
                />
              </Form.Item>
            )}
            {kind === 'key' && !keyTypes.includes(q.type) && (
              <Alert type="info" showIcon title={t('marking.keyNotHere')} />
            )}
            <Form.Item
              name="reason"
              label={t('marking.reason')}
              rules={[{ required: true, whitespace: true, message: t('marking.reasonRequired') }]}
            >
              <Input maxLength={200} placeholder={t('marking.regradeReasonPlaceholder')} />
            </Form.Item>
          </Form>
          {preview && <PreviewTable preview={preview} q={q} />}
        </>
      )}
    </Modal>
  );
}

function KeyFields({ q }: { q: QuestionInput }) {
  const { t } = useMarkingTexts();
  const labels = q.options.map((o) => ({ value: o.label, label: o.label }));
  switch (q.type) {
    case QuestionType.SingleChoice:
      return (
        <Form.Item
          name="choice"
          label={t('marking.newKey')}
          rules={[{ required: true, message: t('marking.keyRequired') }]}
        >
          <Radio.Group options={labels} />
        </Form.Item>
      );
    case QuestionType.MultipleChoice:
      return (
        <Form.Item
          name="choices"
          label={t('marking.newKey')}
          rules={[{ required: true, type: 'array', min: 1, message: t('marking.keyRequired') }]}
        >
          <Checkbox.Group options={labels} />
        </Form.Item>
      );
    case QuestionType.TrueFalse:
      return (
        <Form.Item name="truth" label={t('marking.newKey')}>
          <Radio.Group
            options={[
              { value: true, label: t('marking.trueLabel') },
              { value: false, label: t('marking.falseLabel') },
            ]}
          />
        </Form.Item>
      );
    case QuestionType.GapFilling:
      return (
        <>
          {(q.answer as GapKey).blanks.map((b, i) => (
            <Form.Item
              // biome-ignore lint/suspicious/noArrayIndexKey: blanks are identified by their place
              key={i}
              name={['blanks', i]}
              label={t('marking.blankAnswers', { n: i + 1, score: points(b.score) })}
              rules={[{ required: true, type: 'array', min: 1, message: t('marking.keyRequired') }]}
            >
              <Select mode="tags" open={false} suffixIcon={null} placeholder={t('marking.blankHint')} />
            </Form.Item>
          ))}
        </>
      );
    default:
      return null;
  }
}

function PreviewTable({ preview, q }: { preview: RegradeResult; q: QuestionInput }) {
  const { t } = useMarkingTexts();
  return (
    <div className="mark-preview" data-testid="regrade-preview">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        bordered
        items={[
          { key: 'affected', label: t('marking.affected'), children: preview.affected },
          { key: 'changed', label: t('marking.changed'), children: preview.changed },
          {
            key: 'max',
            label: t('marking.questionMax'),
            children: `${points(preview.maxFrom)} → ${points(preview.maxTo)}`,
          },
          { key: 'kept', label: t('marking.keptManual'), children: preview.keptManual },
        ]}
      />
      {preview.keptManual > 0 && <Alert type="warning" showIcon title={t('marking.keptManualHint')} />}
      <Table
        size="small"
        rowKey="attemptId"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={preview.rows}
        scroll={{ x: 560 }}
        locale={{ emptyText: t('marking.nothingChanges') }}
        columns={[
          {
            title: t('marking.code'),
            key: 'code',
            width: 110,
            render: (_: unknown, r) => (r.realName ? `${r.code} ${r.realName}` : r.code),
          },
          {
            title: t('marking.studentAnswer'),
            key: 'answer',
            width: 160,
            render: (_: unknown, r) => <AnswerText q={q} answer={r.answer} />,
          },
          {
            title: t('marking.questionScore'),
            key: 'item',
            width: 110,
            render: (_: unknown, r) => (
              <Typography.Text type={r.to < r.from ? 'danger' : r.to > r.from ? 'success' : undefined}>
                {`${points(r.from)} → ${points(r.to)}`}
              </Typography.Text>
            ),
          },
          {
            title: t('marking.total'),
            key: 'total',
            width: 110,
            render: (_: unknown, r) => `${points(r.totalFrom)} → ${points(r.totalTo)}`,
          },
        ]}
      />
    </div>
  );
}
