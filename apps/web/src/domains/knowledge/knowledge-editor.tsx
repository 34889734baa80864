import {
  ArticleStatus,
  articleStatusLabels,
  DocumentAudience,
  documentAudienceLabels,
  type KnowledgeArticle,
  knowledgeMeta,
  metaField,
  zKnowledgeCreate,
} from '@lyceum/contract';
import { App, Col, Form, Input, Radio, Row, Switch, Typography } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { enumOptions } from '../../crud/filter-fields';
import { EditorDrawer, useFormSave } from '../../crud/form-save';
import { useRefChoices } from '../../crud/ref-options';
import { RefSelect } from '../../crud/ref-select';
import type { Editing } from '../../crud/screen-slots';
import { codedProblems, zodRule } from '../../crud/zod-rules';
import { RichHtml } from '../../rich-text/rich-html';
import { useLang } from '../../shell/i18n';
import { half, Section, useRequired } from '../../ui/editor-kit';
import { type KnowledgeSave, knowledgeApi } from './knowledge-api';
import { useKnowledgeTexts } from './knowledge-texts';

interface FormValues {
  title?: string;
  categoryId?: number | null;
  tagIds: number[];
  summary?: string | null;
  body: string;
  pinned: boolean;
  audience: DocumentAudience;
  status: ArticleStatus;
}

const blank = (): FormValues => ({
  tagIds: [],
  body: '',
  pinned: false,
  audience: DocumentAudience.Everyone,
  status: ArticleStatus.Draft,
});
const valuesOf = (a: KnowledgeArticle): FormValues => ({
  title: a.title,
  categoryId: a.categoryId,
  tagIds: a.tagIds,
  summary: a.summary,
  body: a.body,
  pinned: a.pinned,
  audience: a.audience,
  status: a.status,
});
const toBody = (v: FormValues): KnowledgeSave => ({
  title: v.title?.trim() ?? '',
  categoryId: v.categoryId ?? null,
  tagIds: v.tagIds ?? [],
  summary: v.summary?.trim() || null,
  body: v.body ?? '',
  pinned: v.pinned,
  audience: v.audience,
  status: v.status,
});

const categoryField = metaField({ ...knowledgeMeta, permission: 'knowledge' }, 'categoryId')!;
const tagField = metaField({ ...knowledgeMeta, permission: 'knowledge' }, 'tagIds')!;

// The project's rich-text editor (HTML source with a toolbar), taller than a question's, loaded on demand.
const RichTextInput = lazy(() => import('../../rich-text/rich-text-input').then((m) => ({ default: m.RichTextInput })));
function BodyInput(props: { id?: string; value?: string; onChange?: (v: string) => void; label: string }) {
  return (
    <Suspense fallback={<Input.TextArea disabled rows={12} />}>
      <RichTextInput
        id={props.id}
        ariaLabel={props.label}
        rows={12}
        value={props.value ?? ''}
        onChange={(v) => props.onChange?.(v)}
      />
    </Suspense>
  );
}

// The text as readers will see it, under the source.
function BodyPreview() {
  const { t } = useKnowledgeTexts();
  const body = Form.useWatch<string | undefined>('body');
  if (!body?.trim()) return null;
  return (
    <section className="knowledge-preview" aria-label={t('knowledge.preview')}>
      <Typography.Text type="secondary">{t('knowledge.preview')}</Typography.Text>
      <RichHtml html={body} className="knowledge-body" />
    </section>
  );
}

// The article editor: what it says (title, summary, the rich text), where it is filed, who reads it
// and whether it is out yet. Ctrl+Enter saves; refusals land under their field.
export function KnowledgeEditor(props: {
  editing: Editing<KnowledgeArticle> | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useKnowledgeTexts();
  const lang = useLang();
  const required = useRequired();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const refs = useRefChoices([categoryField, tagField]);
  const row = props.editing?.kind === 'edit' ? props.editing.row : null;

  useEffect(() => {
    if (!props.editing) return;
    form.resetFields();
    form.setFieldsValue(props.editing.kind === 'edit' ? valuesOf(props.editing.row) : blank());
  }, [props.editing, form]);

  const { saving, save } = useFormSave(form, {
    toBody,
    problems: (body) => codedProblems(zKnowledgeCreate, body),
    send: async (body) => {
      if (row) await knowledgeApi.update({ ...body, id: row.id });
      else await knowledgeApi.create(body);
      message.success(t('knowledge.saved'));
      props.onSaved();
    },
  });

  return (
    <EditorDrawer
      title={row ? t('knowledge.editTitle', { title: row.title }) : t('knowledge.newTitle')}
      open={!!props.editing}
      saving={saving}
      save={save}
      onClose={props.onClose}
      hint={t('knowledge.saveHint')}
      width={880}
    >
      <Form<FormValues> name="knowledge" form={form} layout="vertical" scrollToFirstError>
        <Section id="knowledge-what" title={t('knowledge.sectionWhat')}>
          <Form.Item
            name="title"
            label={t('knowledge.title')}
            rules={[required(t('knowledge.title')), zodRule(zKnowledgeCreate.shape.title, t)]}
          >
            <Input autoFocus autoComplete="off" count={{ show: true, max: 200 }} />
          </Form.Item>
          <Form.Item name="summary" label={t('knowledge.summary')}>
            <Input.TextArea
              autoSize={{ minRows: 1, maxRows: 3 }}
              count={{ show: true, max: 500 }}
              placeholder={t('knowledge.summaryPlaceholder')}
            />
          </Form.Item>
          <Form.Item name="body" label={t('knowledge.body')}>
            <BodyInput label={t('knowledge.body')} />
          </Form.Item>
          <BodyPreview />
        </Section>
        <Section id="knowledge-where" title={t('knowledge.sectionWho')}>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name="categoryId" label={t('knowledge.category')}>
                <RefSelect
                  field={categoryField}
                  choices={refs.get('categoryId')}
                  multiple={false}
                  label={t('knowledge.category')}
                  placeholder={t('knowledge.categoryPlaceholder')}
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="tagIds" label={t('knowledge.tags')}>
                <RefSelect
                  field={tagField}
                  choices={refs.get('tagIds')}
                  multiple
                  label={t('knowledge.tags')}
                  placeholder={t('knowledge.tagsPlaceholder')}
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="audience" label={t('knowledge.audience')} tooltip={t('knowledge.audienceHint')}>
                <Radio.Group options={enumOptions(documentAudienceLabels, lang)} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="status" label={t('knowledge.status')} tooltip={t('knowledge.statusHint')}>
                <Radio.Group options={enumOptions(articleStatusLabels, lang)} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item
                name="pinned"
                label={t('knowledge.pinned')}
                tooltip={t('knowledge.pinnedHint')}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
            </Col>
          </Row>
        </Section>
      </Form>
    </EditorDrawer>
  );
}
