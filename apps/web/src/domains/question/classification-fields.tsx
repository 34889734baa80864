import { difficultyLabels, enumValues, labelOf } from '@lyceum/contract';
import { Select, TreeSelect } from 'antd';
import { useLang } from '../../shell/i18n';
import { Field, fieldId } from './editor-field';
import { useQuestionTexts } from './i18n';
import { type TreeOption, toTreeOptions, useCommonLists, useSubjects, useTagTree } from './question-api';
import type { Draft } from './question-draft';

// Tags (type 1) and knowledge points (type 2) as two unselectable group nodes of one tree.
export function useTagOptions(): { options: TreeOption[]; loading: boolean } {
  const { t } = useQuestionTexts();
  const tree = useTagTree();
  const group = (key: string, title: string, children: TreeOption[]): TreeOption => ({
    value: key,
    title,
    selectable: false,
    children,
  });
  return {
    loading: tree.isPending,
    options: [
      group('group-tags', t('question.tagGroup'), toTreeOptions(tree.data?.tags)),
      group('group-points', t('question.pointGroup'), toTreeOptions(tree.data?.points)),
    ].filter((g) => g.children?.length),
  };
}

interface TagSelectProps {
  id?: string;
  multiple?: boolean;
  value?: number | number[] | null;
  onChange?: (value: number | number[] | undefined) => void;
  width?: number | string;
  ariaLabel?: string;
}

export function TagTreeSelect({ id, multiple, value, onChange, width, ariaLabel }: TagSelectProps) {
  const { t } = useQuestionTexts();
  const { options, loading } = useTagOptions();
  return (
    <TreeSelect
      id={id}
      aria-label={ariaLabel}
      multiple={multiple}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={loading}
      placeholder={t('common.choose')}
      style={{ width: width ?? '100%' }}
      treeData={options}
      value={value ?? undefined}
      onChange={(v: number | number[] | undefined) => onChange?.(v)}
      popupMatchSelectWidth={false}
    />
  );
}

export function useSubjectOptions(): TreeOption[] {
  return toTreeOptions(useSubjects().data);
}

interface Props {
  draft: Draft;
  onChange: (patch: Partial<Draft>) => void;
}

// Where a question belongs: difficulty, degree, category, subject, tags and knowledge points.
export function ClassificationFields({ draft, onChange }: Props) {
  const { t } = useQuestionTexts();
  const lang = useLang();
  const lists = useCommonLists();
  const subjects = useSubjectOptions();
  const categories = (lists.data?.categoryList ?? []).filter((c) => !draft.degreeId || c.degreeId === draft.degreeId);
  const select = { allowClear: true, showSearch: { optionFilterProp: 'label' }, placeholder: t('common.choose') };

  return (
    <>
      <Field path="difficulty" label={t('question.difficulty')}>
        <Select
          id={fieldId('difficulty')}
          value={draft.difficulty}
          onChange={(difficulty) => onChange({ difficulty })}
          options={enumValues(difficultyLabels).map((v) => ({ value: v, label: labelOf(difficultyLabels, v, lang) }))}
        />
      </Field>
      <Field path="degreeId" label={t('question.degree')}>
        <Select
          id={fieldId('degreeId')}
          {...select}
          loading={lists.isPending}
          value={draft.degreeId}
          onChange={(degreeId?: number) => onChange({ degreeId: degreeId ?? null, categoryId: null })}
          options={lists.data?.degreeList.map((d) => ({ value: d.id, label: d.name }))}
        />
      </Field>
      <Field path="categoryId" label={t('question.category')}>
        <Select
          id={fieldId('categoryId')}
          {...select}
          loading={lists.isPending}
          value={draft.categoryId}
          onChange={(categoryId?: number) => onChange({ categoryId: categoryId ?? null })}
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
        />
      </Field>
      <Field path="subjectId" label={t('question.subject')}>
        <TreeSelect
          id={fieldId('subjectId')}
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={t('common.choose')}
          treeData={subjects}
          value={draft.subjectId ?? undefined}
          onChange={(subjectId?: number) => onChange({ subjectId: subjectId ?? null })}
        />
      </Field>
      <Field path="tagIds" label={t('question.tags')}>
        <TagTreeSelect
          id={fieldId('tagIds')}
          multiple
          value={draft.tagIds}
          onChange={(v) => onChange({ tagIds: Array.isArray(v) ? v : [] })}
        />
      </Field>
    </>
  );
}
