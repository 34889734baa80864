import { difficultyLabels, enumValues, labelOf, questionTypeLabels } from '@lyceum/contract';
import { DatePicker, Form, Input, Select, TreeSelect } from 'antd';
import type { Dayjs } from 'dayjs';
import { useLang } from '../../shell/i18n';
import { TagTreeSelect, useSubjectOptions } from './classification-fields';
import { useQuestionTexts } from './i18n';
import { type QuestionFilter, useCommonLists, useUsers } from './question-api';

type FilterForm = Omit<QuestionFilter, 'createdFrom' | 'createdTo'> & { created?: [Dayjs | null, Dayjs | null] | null };

// The filter form's values as the list's filter: a date range becomes createdFrom / createdTo (whole days).
export function toQuestionFilter(values: Record<string, unknown>): QuestionFilter {
  const { created, ...rest } = values as FilterForm;
  return {
    ...rest,
    keyword: rest.keyword?.trim() || undefined,
    createdFrom: created?.[0]?.startOf('day').toISOString(),
    createdTo: created?.[1]?.endOf('day').toISOString(),
  };
}

// The items of the question list's filter bar (the list frame holds the form and its buttons).
export function QuestionFilterItems() {
  const { t } = useQuestionTexts();
  const lang = useLang();
  const lists = useCommonLists();
  const users = useUsers();
  const subjects = useSubjectOptions();
  const select = { allowClear: true, placeholder: t('common.all'), showSearch: { optionFilterProp: 'label' } };

  return (
    <>
      <Form.Item name="keyword" label={t('question.keyword')}>
        <Input allowClear style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="type" label={t('question.type')}>
        <Select
          {...select}
          style={{ width: 150 }}
          options={enumValues(questionTypeLabels).map((v) => ({
            value: v,
            label: labelOf(questionTypeLabels, v, lang),
          }))}
        />
      </Form.Item>
      <Form.Item name="difficulty" label={t('question.difficulty')}>
        <Select
          {...select}
          style={{ width: 130 }}
          options={enumValues(difficultyLabels).map((v) => ({ value: v, label: labelOf(difficultyLabels, v, lang) }))}
        />
      </Form.Item>
      <Form.Item name="categoryId" label={t('question.category')}>
        <Select
          {...select}
          style={{ width: 160 }}
          loading={lists.isPending}
          options={lists.data?.categoryList.map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
      <Form.Item name="subjectId" label={t('question.subject')}>
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={t('common.all')}
          style={{ width: 180 }}
          treeData={subjects}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item name="tagId" label={t('question.tag')}>
        <TagTreeSelect width={200} />
      </Form.Item>
      {!users.isError && (
        <Form.Item name="creatorId" label={t('question.creator')}>
          <Select
            {...select}
            style={{ width: 160 }}
            loading={users.isPending}
            options={users.data?.map((u) => ({ value: u.id, label: `${u.realName} (${u.userName})` }))}
          />
        </Form.Item>
      )}
      <Form.Item name="created" label={t('question.dateRange')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
    </>
  );
}
