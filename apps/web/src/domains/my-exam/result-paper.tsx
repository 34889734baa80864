import { labelOf, type MarkedPaper, QueryStatus, queryStatusLabels, throwOutModeLabels } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { OneLine } from '../../rich-text/one-line';
import { RichHtml } from '../../rich-text/rich-html';
import { useLang } from '../../shell/i18n';
import { figure } from '../../ui/score-chart';
import { answerText, keyText } from './answer-text';
import { MY_RESULT_KEY, sendQuery } from './my-result-api';
import { useResultTexts } from './result-texts';

type Item = MarkedPaper['sections'][number]['items'][number];

function QueryDialog({ examId, item, onClose }: { examId: number; item: Item; onClose: () => void }) {
  const { t } = useResultTexts();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ text: string }>();
  const [sending, setSending] = useState(false);
  async function submit({ text }: { text: string }) {
    setSending(true);
    try {
      await sendQuery({ examId, questionId: item.question.questionId, text: text.trim() });
      message.success(t('myResult.querySent'));
      await client.invalidateQueries({ queryKey: [MY_RESULT_KEY, examId] });
      onClose();
    } catch {
      // The request client has shown the refusal.
    } finally {
      setSending(false);
    }
  }
  return (
    <Modal
      open
      title={t('myResult.queryTitle', { no: item.question.no })}
      onCancel={onClose}
      okText={t('myResult.send')}
      cancelText={t('myResult.cancel')}
      confirmLoading={sending}
      onOk={() => form.submit()}
    >
      <Typography.Paragraph type="secondary">{t('myResult.queryHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="mark-query" onFinish={submit}>
        <Form.Item
          name="text"
          label={t('myResult.queryText')}
          rules={[{ required: true, whitespace: true, message: t('myResult.queryRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function PaperItem({ examId, item, canQuery }: { examId: number; item: Item; canQuery: boolean }) {
  const { t } = useResultTexts();
  const lang = useLang();
  const [asking, setAsking] = useState(false);
  const { question, mark } = item;
  const texts = {
    yes: t('myResult.true'),
    no: t('myResult.false'),
    blank: (n: number) => t('myResult.blank', { n }),
    part: (n: number) => t('myResult.part', { n }),
  };
  const own = answerText(question.question, mark.answer, texts);
  const full = mark.score !== null && mark.score >= mark.max;
  const query = mark.query;
  return (
    <li className="result-item" data-testid="result-item">
      <div className="result-item-head">
        <Typography.Text strong>{t('myResult.question', { no: question.no })}</Typography.Text>
        {mark.score === null ? (
          <Tag color="warning">{t('myResult.notMarked')}</Tag>
        ) : (
          <Tag color={full ? 'success' : mark.score > 0 ? 'gold' : 'error'}>
            {t('myResult.points', { score: figure(mark.score), max: figure(mark.max) })}
          </Tag>
        )}
        <span className="result-spacer" />
        {canQuery && !query && (
          <Button size="small" onClick={() => setAsking(true)}>
            {t('myResult.query')}
          </Button>
        )}
      </div>
      {question.thrownOut !== null && (
        <Typography.Text type="warning">
          {t('myResult.thrownOut', { mode: labelOf(throwOutModeLabels, question.thrownOut, lang) })}
        </Typography.Text>
      )}
      <RichHtml html={question.question.stem} className="result-stem" />
      {question.question.options.length > 0 && (
        <ul className="result-options">
          {question.question.options.map((o) => (
            <li key={o.label}>
              <span className="result-option-label">{o.label}.</span> <RichHtml html={o.content} inline />
            </li>
          ))}
        </ul>
      )}
      <dl className="result-facts">
        <dt>{t('myResult.yourAnswer')}</dt>
        <dd className="result-pre">
          {own ?? <Typography.Text type="secondary">{t('myResult.noAnswer')}</Typography.Text>}
        </dd>
        <dt>{t('myResult.key')}</dt>
        <dd className="result-pre">
          <OneLine text={keyText(question.question, texts) || '—'} />
        </dd>
        {mark.comment && (
          <>
            <dt>{t('myResult.comment')}</dt>
            <dd>{mark.comment}</dd>
          </>
        )}
      </dl>
      {query && (
        <Alert
          type={query.status === QueryStatus.Answered ? 'success' : 'info'}
          showIcon
          title={
            <span>
              {t('myResult.yourQuery')}{' '}
              <Tag color={queryStatusLabels[query.status].color}>{labelOf(queryStatusLabels, query.status, lang)}</Tag>
            </span>
          }
          description={
            <>
              <div>{query.text}</div>
              {query.reply && (
                <div>
                  <Typography.Text strong>{t('myResult.reply')}: </Typography.Text>
                  {query.reply}
                </div>
              )}
            </>
          }
        />
      )}
      {asking && <QueryDialog examId={examId} item={item} onClose={() => setAsking(false)} />}
    </li>
  );
}

// The paper as marked: each question with the student's answer, the key, the score and any comment,
// and a query per question (one open query at a time, as the server allows).
export function ResultPaper({ paper, canQuery }: { paper: MarkedPaper; canQuery: boolean }) {
  return (
    <div className="result-paper">
      {paper.sections.map((s) => (
        <section key={s.title}>
          <Typography.Title level={5} className="result-section-title">
            {s.title} <Typography.Text type="secondary">{`${figure(s.got)} / ${figure(s.score)}`}</Typography.Text>
          </Typography.Title>
          <ol className="result-items">
            {s.items.map((item) => (
              <PaperItem key={item.question.questionId} examId={paper.examId} item={item} canQuery={canQuery} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
