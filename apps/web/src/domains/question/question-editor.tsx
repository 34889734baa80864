import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import {
  labelOf,
  type Question,
  QuestionType,
  questionEditPaths,
  questionTypeLabels,
  ResultCode,
} from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Result, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLang } from '../../shell/i18n';
import { closeTab, useTabLocation } from '../../shell/layout/tabs-store';
import { usePermission } from '../../shell/permission';
import { ApiError } from '../../shell/request';
import { fieldErrorText } from '../../shell/server-error';
import { ClassificationFields } from './classification-fields';
import { ComposeEditor } from './compose-editor';
import { CoreEditor } from './core-editor';
import { IssuesContext } from './editor-field';
import { useQuestionTexts } from './i18n';
import { QP, questionApi } from './question-api';
import {
  checkDraft,
  type Draft,
  draftOf,
  emptyDraft,
  type Issues,
  savePayload,
  withDerivedScore,
} from './question-draft';
import { EditorPreview } from './render/editor-preview';
import './question.css';

const LIST_PATH = '/question/list';

// The editor of one question type at the spec's path: create without ?id=, edit with it.
export function QuestionEditor({ type }: { type: QuestionType }) {
  const tab = useTabLocation();
  const id = Number(tab?.query.id ?? new URLSearchParams(window.location.search).get('id')) || null;
  const { t } = useQuestionTexts();
  const loaded = useQuery({
    queryKey: ['question', 'select', id],
    queryFn: () => questionApi.select(id as number),
    enabled: id !== null,
    retry: false,
  });
  if (id !== null && loaded.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (id !== null && !loaded.data)
    return (
      <Result
        status="404"
        title={t('question.notFound')}
        extra={<Button href={LIST_PATH}>{t('question.back')}</Button>}
      />
    );
  // A new address (another id, or "new" after a save) starts a fresh form.
  return <EditorForm key={`${id ?? 'new'}-${loaded.dataUpdatedAt}`} type={type} initial={loaded.data ?? null} />;
}

function EditorForm({ type, initial }: { type: QuestionType; initial: Question | null }) {
  const { t } = useQuestionTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<Draft>(() => (initial ? draftOf(initial) : emptyDraft(type)));
  const [tried, setTried] = useState(false);
  const [serverIssues, setServerIssues] = useState<Issues>({});
  const [saving, setSaving] = useState(false);
  const canSave = usePermission(initial ? [QP.update] : [QP.create]);
  const checked = useMemo(() => checkDraft(draft, t), [draft, t]);
  const issues = useMemo(() => ({ ...(tried ? checked.issues : {}), ...serverIssues }), [tried, checked, serverIssues]);
  const path = questionEditPaths[draft.type];
  const typeLabel = labelOf(questionTypeLabels, draft.type, lang);

  useEffect(() => {
    if (tried && Object.keys(issues).length) {
      document
        .querySelector('.q-editor .ant-form-item-has-error')
        ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }
  }, [tried, issues]);

  function change(next: Draft) {
    setServerIssues({});
    setDraft(next);
  }

  async function save(back: boolean) {
    setTried(true);
    if (!checked.input) {
      message.error(t('question.fixErrors', { count: Object.keys(checked.issues).length }));
      return;
    }
    setSaving(true);
    try {
      const body = { ...savePayload(draft), id: draft.id } as Parameters<typeof questionApi.create>[0];
      const saved = (await (draft.id ? questionApi.update(body) : questionApi.create(body))) as Question;
      await client.invalidateQueries({ queryKey: ['question'] });
      message.success(t(draft.id ? 'question.updated_ok' : 'question.created_ok'));
      if (back) {
        closeTab(path);
        navigate(LIST_PATH);
      } else if (!draft.id) navigate(`${path}?id=${saved.id}`, { replace: true });
      else setDraft(draftOf(saved));
    } catch (err) {
      // The server names the field it refuses ("options.0.content"): its words go under that field.
      if (err instanceof ApiError && err.code === ResultCode.InvalidParams && err.detail?.field)
        setServerIssues({ [err.detail.field]: fieldErrorText(err.detail, err.message) });
    } finally {
      setSaving(false);
    }
  }

  const title = initial
    ? t('question.editTitle', { type: typeLabel, id: initial.id })
    : t('question.createTitle', { type: typeLabel });
  const footer = (
    <div className="q-editor-footer">
      <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(LIST_PATH)}>
        {t('question.back')}
      </Button>
      {canSave && (
        <>
          <Button icon={<SaveOutlined />} loading={saving} onClick={() => void save(false)}>
            {t('question.saveAndStay')}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save(true)}>
            {t('question.saveAndBack')}
          </Button>
        </>
      )}
    </div>
  );

  return (
    <IssuesContext.Provider value={issues}>
      <Form
        layout="vertical"
        component="div"
        className="q-editor"
        onKeyDown={(e) => {
          if (e.key === 's' && (e.ctrlKey || e.metaKey) && canSave) {
            e.preventDefault();
            void save(false);
          }
        }}
      >
        <section className="q-editor-main" aria-label={title}>
          <Space orientation="vertical" size={16} style={{ width: '100%', minWidth: 0 }}>
            <Card
              title={<h2 style={{ margin: 0, fontSize: 16 }}>{title}</h2>}
              extra={initial && `${t('question.version')} ${initial.version}`}
            >
              {tried && checked.first && Object.keys(issues).length > 0 && (
                <Alert
                  type="error"
                  showIcon
                  style={{ marginBottom: 16 }}
                  title={t('question.fixErrors', { count: Object.keys(issues).length })}
                />
              )}
              <CoreEditor
                q={draft}
                prefix=""
                onChange={(core) => change({ ...draft, ...core })}
                middle={
                  draft.type === QuestionType.Compose && (
                    <ComposeEditor
                      items={draft.children}
                      onChange={(children) => change(withDerivedScore({ ...draft, children }))}
                    />
                  )
                }
              />
            </Card>
            <Card title={t('question.classification')}>
              <div className="q-classification">
                <ClassificationFields draft={draft} onChange={(p) => change({ ...draft, ...p })} />
              </div>
            </Card>
            {footer}
          </Space>
        </section>
        <aside className="q-editor-side" aria-label={t('question.preview')}>
          <EditorPreview draft={draft} valid={checked.input} firstIssue={checked.first} />
        </aside>
      </Form>
    </IssuesContext.Provider>
  );
}
