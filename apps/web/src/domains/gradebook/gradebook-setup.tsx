import { PlusOutlined } from '@ant-design/icons';
import {
  type Gradebook,
  type GradebookSetup,
  gradeItemKindLabels,
  labelOf,
  zGradebookSetup,
  zGradeCategory,
} from '@lyceum/contract';
import { App, Button, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { EditorDrawer, useFormSave } from '../../crud/form-save';
import { codedProblems, zodRule } from '../../crud/zod-rules';
import { useLang } from '../../shell/i18n';
import { gradebookApi } from './gradebook-api';
import { useGradebookTexts } from './gradebook-texts';
import { RemoveRowButton } from './remove-row';

// A category in the form carries a key of its own, so a column placed in it follows it when a
// category above is removed.
interface CategoryValues {
  key: string;
  name: string;
  weight: number | null;
  // 0: takes nothing by default (a select cannot hold null).
  kind: 0 | 1 | 2;
}
interface SetupValues {
  categories: CategoryValues[];
  missingAsZero: boolean;
  // Per column: 'kind' (follows its kind), 'out' (not counted) or a category's key.
  placement: Record<string, string>;
}

let nextKey = 0;
const newKey = () => `c${++nextKey}`;

function valuesOf(book: Gradebook): SetupValues {
  const categories: CategoryValues[] = book.categories.map((c) => ({ ...c, kind: c.kind ?? 0, key: newKey() }));
  const placement: Record<string, string> = {};
  for (const item of book.items)
    placement[item.examId] = !item.assigned ? 'kind' : item.category === null ? 'out' : categories[item.category]!.key;
  return { categories, missingAsZero: book.missingAsZero, placement };
}

function bodyOf(book: Gradebook, v: SetupValues): GradebookSetup {
  const categories = v.categories ?? [];
  const position = new Map(categories.map((c, i) => [c.key, i]));
  return {
    teamId: book.team.id,
    semesterId: book.semester.id,
    missingAsZero: Boolean(v.missingAsZero),
    categories: categories.map((c) => ({ name: c.name ?? '', weight: c.weight ?? 0, kind: c.kind || null })),
    items: book.items.flatMap((item): { examId: number; category: number | null }[] => {
      const choice = v.placement?.[item.examId] ?? 'kind';
      if (choice === 'out') return [{ examId: item.examId, category: null }];
      const at = position.get(choice);
      return at === undefined ? [] : [{ examId: item.examId, category: at }];
    }),
  };
}

const sumOf = (categories: CategoryValues[] | undefined) =>
  Math.round((categories ?? []).reduce((a, c) => a + (Number(c?.weight) || 0), 0) * 100) / 100;

export function GradebookSetupDrawer(props: { book: Gradebook | null; onClose: () => void; onSaved: () => void }) {
  const { book, onClose, onSaved } = props;
  const { t } = useGradebookTexts();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<SetupValues>();
  const categories = Form.useWatch('categories', form);

  useEffect(() => {
    if (!book) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(book));
  }, [book, form]);

  const { saving, save } = useFormSave(form, {
    toBody: (v) => bodyOf(book!, v),
    problems: (body) => codedProblems(zGradebookSetup, body),
    send: async (body) => {
      await gradebookApi.setup(body);
      message.success(t('gradebook.saved'));
      onSaved();
    },
  });

  const sum = sumOf(categories);
  const kindOptions = [
    { value: 1, label: labelOf(gradeItemKindLabels, 1, lang) },
    { value: 2, label: labelOf(gradeItemKindLabels, 2, lang) },
  ];
  const byKindName = (kind: 1 | 2) => {
    const c = (categories ?? []).find((x) => x?.kind === kind);
    return c?.name ? t('gradebook.byKind', { name: c.name }) : t('gradebook.byKindNone');
  };

  return (
    <EditorDrawer
      title={book ? t('gradebook.setupTitle', { team: book.team.name, term: book.semester.name }) : ''}
      open={!!book}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={t('gradebook.setupHint')}
      width={720}
    >
      <Form<SetupValues> form={form} name="gradebook-setup" layout="vertical" scrollToFirstError>
        <Typography.Title level={5}>{t('gradebook.categories')}</Typography.Title>
        <Form.List
          name="categories"
          rules={[
            {
              validator: async (_, list: CategoryValues[] | undefined) => {
                const s = sumOf(list);
                if (s !== 100) throw new Error(t('gradebook.weightsMust', { sum: s }));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <div className="gradebook-setup-list">
              {fields.map((field, i) => (
                <div key={field.key} className="gradebook-setup-row">
                  <Form.Item name={[field.name, 'key']} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'name']}
                    label={i === 0 ? t('gradebook.categoryName') : undefined}
                    rules={[{ required: true, whitespace: true }, zodRule(zGradeCategory.shape.name, t)]}
                    className="gradebook-setup-name"
                  >
                    <Input aria-label={t('gradebook.categoryName')} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'weight']}
                    label={i === 0 ? t('gradebook.weight') : undefined}
                    rules={[{ required: true }, zodRule(zGradeCategory.shape.weight, t)]}
                    className="gradebook-setup-weight"
                  >
                    <InputNumber aria-label={t('gradebook.weight')} style={{ width: '100%' }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'kind']}
                    label={i === 0 ? t('gradebook.takes') : undefined}
                    className="gradebook-setup-kind"
                  >
                    <Select
                      aria-label={t('gradebook.takes')}
                      options={[{ value: 0, label: t('gradebook.takesNothing') }, ...kindOptions]}
                    />
                  </Form.Item>
                  <RemoveRowButton
                    first={i === 0}
                    only={fields.length <= 1}
                    label={t('gradebook.removeCategory', { name: categories?.[i]?.name ?? '' })}
                    onRemove={() => remove(field.name)}
                  />
                </div>
              ))}
              <div className="gradebook-setup-foot">
                <Button
                  icon={<PlusOutlined />}
                  disabled={fields.length >= 12}
                  onClick={() => add({ key: newKey(), name: '', weight: null, kind: 0 })}
                >
                  {t('gradebook.addCategory')}
                </Button>
                <Typography.Text type={sum === 100 ? 'secondary' : 'danger'} aria-live="polite">
                  {t('gradebook.weightsSum', { sum })}
                </Typography.Text>
              </div>
              <Form.ErrorList errors={errors} />
            </div>
          )}
        </Form.List>
        <Form.Item
          name="missingAsZero"
          label={t('gradebook.missingZeroLabel')}
          extra={t('gradebook.missingZeroHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        {book && book.items.length > 0 && (
          <>
            <Typography.Title level={5}>{t('gradebook.columns')}</Typography.Title>
            {book.items.map((item) => (
              <Form.Item
                key={item.examId}
                name={['placement', String(item.examId)]}
                label={`${item.name} · ${dayjs(item.date).format('YYYY-MM-DD')}`}
                className="gradebook-setup-column"
              >
                <Select
                  options={[
                    { value: 'kind', label: byKindName(item.kind) },
                    ...(categories ?? []).filter((c) => c?.key && c.name).map((c) => ({ value: c.key, label: c.name })),
                    { value: 'out', label: t('gradebook.leaveOut') },
                  ]}
                />
              </Form.Item>
            ))}
          </>
        )}
      </Form>
    </EditorDrawer>
  );
}
